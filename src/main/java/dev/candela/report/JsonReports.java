package dev.candela.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes reports as JSON: one object with {@code title}, {@code scores} (flat map of metric id to
 * number), {@code details}, {@code warnings} and {@code provenance}. Files are written to a
 * temporary sibling and moved into place, so a reader never sees half a report.
 */
public final class JsonReports {

  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
          .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
          .build();

  private JsonReports() {}

  /**
   * The shared JSON mapper (indented output).
   *
   * @return the mapper
   */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /**
   * Writes a report atomically.
   *
   * @param report the report
   * @param file the destination
   * @throws CandelaException when the file cannot be written
   */
  public static void write(ScoreReport report, Path file) throws CandelaException {
    writeValue(report, file);
  }

  /**
   * Writes any JSON-serialisable value atomically.
   *
   * @param value the value
   * @param file the destination
   * @throws CandelaException when the file cannot be written
   */
  public static void writeValue(Object value, Path file) throws CandelaException {
    try {
      AtomicFiles.write(file, tmp -> MAPPER.writeValue(tmp.toFile(), value));
    } catch (IOException e) {
      throw new CandelaException(file + ": cannot write JSON (" + e.getMessage() + ")", e);
    }
  }
}
