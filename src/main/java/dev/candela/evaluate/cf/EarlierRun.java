package dev.candela.evaluate.cf;

import com.fasterxml.jackson.databind.JsonNode;
import dev.candela.BadInputException;
import dev.candela.report.JsonReports;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What a resumed job checks about the earlier run in its folder: the recorded parameters must be
 * this run's, else the job stops with one line naming the first that differs.
 */
public final class EarlierRun {
  private EarlierRun() {}

  /**
   * Reads a JSON record of the earlier run.
   *
   * @param file the file
   * @return its tree
   * @throws BadInputException when it cannot be read
   */
  public static JsonNode read(Path file) throws BadInputException {
    try {
      return JsonReports.mapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Checks that every parameter of this run has the earlier run's value.
   *
   * @param file the record, for the message
   * @param want this run's parameters
   * @param have the earlier run's parameters
   * @throws BadInputException naming the first parameter that differs
   */
  public static void requireSame(Path file, JsonNode want, JsonNode have) throws BadInputException {
    var it = want.fieldNames();
    while (it.hasNext()) {
      String key = it.next();
      if (!want.get(key).equals(have.get(key))) {
        throw new BadInputException(
            file
                + ": "
                + key
                + " was "
                + have.get(key)
                + " in the earlier run, this run has "
                + want.get(key)
                + "; use another output folder");
      }
    }
  }
}
