package dev.candela.causal.query;

import dev.candela.BadInputException;
import dev.candela.JsonFiles;
import dev.candela.Provenance;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The outputs of {@code causal sample}: the rows as CSV, and the method document as JSON. */
public final class SampleOutput {
  private SampleOutput() {}

  /**
   * The rows as CSV with a header of variable names; a discrete variable's value is its label.
   *
   * @param m the model
   * @param rows the sampled rows, one value per variable
   * @param includeHidden whether hidden variables are written too
   * @return the CSV text, one line per row after the header
   */
  public static String csv(CausalModel m, double[][] rows, boolean includeHidden) {
    int[] cols = includeHidden ? allColumns(m.size()) : m.observed();
    String nl = System.lineSeparator();
    StringBuilder w = new StringBuilder();
    for (int j = 0; j < cols.length; j++) {
      w.append(j == 0 ? "" : ",").append(m.variable(cols[j]).name());
    }
    w.append(nl);
    for (double[] r : rows) {
      for (int j = 0; j < cols.length; j++) {
        if (j > 0) {
          w.append(',');
        }
        if (m.variable(cols[j]).mechanism() instanceof Cpt c) {
          w.append(c.values().get((int) r[cols[j]]));
        } else {
          w.append(r[cols[j]]);
        }
      }
      w.append(nl);
    }
    return w.toString();
  }

  /**
   * Writes the method, the effective sample size of a likelihood-weighting query, the row count and
   * the provenance as indented JSON.
   *
   * @param json the output file
   * @param res the query's result
   * @param counterfactual whether evidence was given
   * @param modelFile the model file (hashed into the provenance)
   * @param seed the seed
   * @param params the parameters
   * @throws BadInputException when the model cannot be hashed or the file cannot be written
   */
  public static void writeJson(
      Path json,
      Counterfactuals.Result res,
      boolean counterfactual,
      Path modelFile,
      long seed,
      Map<String, Object> params)
      throws BadInputException {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("method", res.method());
    if (res.particles() > 0) {
      doc.put("ess", res.ess());
      doc.put("particles", res.particles());
    }
    doc.put("rows", res.rows().length);
    doc.put("counterfactual", counterfactual);
    doc.put(
        "provenance", Provenance.now(Map.of("model", Provenance.sha256(modelFile)), seed, params));
    try {
      JsonFiles.writeIndented(json, doc, true);
    } catch (IOException e) {
      throw new BadInputException(json + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  private static int[] allColumns(int d) {
    int[] a = new int[d];
    for (int i = 0; i < d; i++) {
      a[i] = i;
    }
    return a;
  }
}
