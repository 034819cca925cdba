package dev.candela.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;

/** Reads back the tables a sweep (or {@code evaluate --model LIST}) wrote, for comparisons. */
public final class SweepResults {
  private SweepResults() {}

  /**
   * Whether two output folders hold the same scores: their {@code comparison.json} list the same
   * number of models with equal {@code scores} objects, in order.
   *
   * @param a one output folder
   * @param b the other
   * @return true when every model's scores are equal
   * @throws IOException when a table cannot be read
   */
  public static boolean sameScores(Path a, Path b) throws IOException {
    ObjectMapper m = new ObjectMapper();
    JsonNode x = m.readTree(a.resolve("comparison.json").toFile()).get("models");
    JsonNode y = m.readTree(b.resolve("comparison.json").toFile()).get("models");
    if (x.size() != y.size()) {
      return false;
    }
    for (int i = 0; i < x.size(); i++) {
      if (!x.get(i).get("scores").equals(y.get(i).get("scores"))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The mean task time of a sweep, from its {@link SparkSweep#SWEEP_JSON}.
   *
   * @param sweep the sweep's output folder
   * @return the mean of the rows' {@code seconds}
   * @throws IOException when the table cannot be read
   */
  public static double meanTaskSeconds(Path sweep) throws IOException {
    JsonNode rows =
        new ObjectMapper().readTree(sweep.resolve(SparkSweep.SWEEP_JSON).toFile()).get("rows");
    double s = 0;
    for (JsonNode r : rows) {
      s += r.get("seconds").asDouble();
    }
    return s / rows.size();
  }
}
