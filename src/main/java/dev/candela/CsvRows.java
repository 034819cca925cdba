package dev.candela;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * CSV rows written and read with Jackson's CSV module (RFC 4180: a cell holding a comma, a quote or
 * a line break, or starting with a space or {@code #}, is quoted, its quotes doubled), so that any
 * name (a model folder, a factor, a metric) round-trips; plain cells are written as they are, so
 * files of plain names are the same bytes as before. Lines end with {@code \n}.
 */
public final class CsvRows {
  private static final CsvMapper MAPPER = new CsvMapper();
  private static final ObjectWriter WRITER =
      MAPPER.writerFor(String[].class).with(CsvSchema.emptySchema().withLineSeparator("\n"));
  private static final ObjectReader READER =
      MAPPER.readerFor(String[].class).with(CsvParser.Feature.WRAP_AS_ARRAY);

  private CsvRows() {}

  /** Rows written one after another to a character stream; close it to flush. */
  public static final class RowWriter implements AutoCloseable {
    private final SequenceWriter out;

    private RowWriter(SequenceWriter out) {
      this.out = out;
    }

    /**
     * Writes one row.
     *
     * @param cells the cells
     * @throws IOException when the stream fails
     */
    public void row(String... cells) throws IOException {
      out.write(cells);
    }

    /**
     * Writes one row.
     *
     * @param cells the cells
     * @throws IOException when the stream fails
     */
    public void row(List<String> cells) throws IOException {
      out.write(cells.toArray(String[]::new));
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /**
   * A row writer on a stream (closing it closes the stream).
   *
   * @param w the stream
   * @return the writer
   * @throws IOException when the stream fails
   */
  public static RowWriter writer(Writer w) throws IOException {
    return new RowWriter(WRITER.writeValues(w));
  }

  /**
   * The text of rows.
   *
   * @param rows the rows
   * @return the CSV text
   */
  public static String text(List<List<String>> rows) {
    StringWriter sw = new StringWriter();
    try (RowWriter w = writer(sw)) {
      for (List<String> r : rows) {
        w.row(r);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("writing CSV to memory", e);
    }
    return sw.toString();
  }

  /**
   * The rows of a CSV stream, header included, each as its cells; a quoted cell may hold commas and
   * line breaks.
   *
   * @param r the stream (closed with the iterator)
   * @return the rows
   * @throws IOException when the stream cannot be read
   */
  public static MappingIterator<String[]> read(Reader r) throws IOException {
    return READER.readValues(r);
  }

  /**
   * All rows of a CSV text.
   *
   * @param text the text
   * @return the rows, header included
   * @throws IOException when the text is not CSV
   */
  public static List<String[]> readAll(String text) throws IOException {
    try (MappingIterator<String[]> it = READER.readValues(text)) {
      return it.readAll();
    }
  }
}
