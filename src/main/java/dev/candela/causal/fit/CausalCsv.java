package dev.candela.causal.fit;

import dev.candela.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain CSV table with a header row (comma-separated, no quoting, no empty cells), the data that
 * causal models are fitted to.
 *
 * @param header the column names
 * @param rows the cells of each data row, trimmed
 */
public record CausalCsv(List<String> header, List<String[]> rows) {

  /**
   * Reads a table; blank lines are skipped.
   *
   * @param file the CSV file
   * @return the table
   * @throws BadInputException when the file cannot be read, has no header, a row has the wrong
   *     number of fields or an empty cell
   */
  public static CausalCsv read(Path file) throws BadInputException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
    lines.removeIf(String::isBlank);
    if (lines.isEmpty()) {
      throw new BadInputException(file + ": empty CSV, a header row is required");
    }
    List<String> header = new ArrayList<>();
    for (String h : lines.get(0).split(",", -1)) {
      header.add(h.trim());
    }
    List<String[]> rows = new ArrayList<>();
    for (int r = 1; r < lines.size(); r++) {
      String[] cells = lines.get(r).split(",", -1);
      if (cells.length != header.size()) {
        throw new BadInputException(
            file
                + ": line "
                + (r + 1)
                + " has "
                + cells.length
                + " fields, the header has "
                + header.size());
      }
      for (int c = 0; c < cells.length; c++) {
        cells[c] = cells[c].trim();
        if (cells[c].isEmpty()) {
          throw new BadInputException(
              file + ": line " + (r + 1) + " column '" + header.get(c) + "' is empty");
        }
      }
      rows.add(cells);
    }
    return new CausalCsv(List.copyOf(header), List.copyOf(rows));
  }

  /**
   * The index of a column.
   *
   * @param file the table's file, for the message
   * @param name the column name
   * @return its index
   * @throws BadInputException when there is no such column
   */
  public int column(Path file, String name) throws BadInputException {
    int c = header.indexOf(name);
    if (c < 0) {
      throw new BadInputException(file + ": no column '" + name + "' (header " + header + ")");
    }
    return c;
  }
}
