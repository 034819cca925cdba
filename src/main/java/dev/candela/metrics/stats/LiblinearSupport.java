package dev.candela.metrics.stats;

import de.bwaldvogel.liblinear.Feature;
import de.bwaldvogel.liblinear.FeatureNode;
import de.bwaldvogel.liblinear.Linear;
import de.bwaldvogel.liblinear.Problem;

/** Building liblinear problems from latent columns, with sklearn's intercept convention. */
public final class LiblinearSupport {

  /** sklearn's {@code intercept_scaling=1}: liblinear appends a constant feature of this value. */
  public static final double BIAS = 1.0;

  static {
    // liblinear prints solver progress to stdout by default.
    Linear.disableDebugOutput();
  }

  private LiblinearSupport() {}

  /** Makes sure liblinear's console output is off (runs the static initialiser). */
  public static void init() {
    // the static initialiser does the work
  }

  /**
   * Dense rows of the given float32 latent columns (each widened to double) plus the bias feature
   * (index numColumns + 1), as liblinear expects when {@code bias >= 0}.
   *
   * @param latents {@code latents[j][i]} = latent j of sample i
   * @param columns the latents to use
   * @return one feature row per sample
   */
  public static Feature[][] rows(float[][] latents, int[] columns) {
    int n = latents[0].length;
    Feature[][] x = new Feature[n][columns.length + 1];
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < columns.length; c++) {
        x[i][c] = new FeatureNode(c + 1, latents[columns[c]][i]);
      }
      x[i][columns.length] = new FeatureNode(columns.length + 1, BIAS);
    }
    return x;
  }

  /**
   * A problem over the rows (which include the bias feature) with the codes as labels.
   *
   * @param x the rows from {@link #rows}
   * @param codes one label per row
   * @return the problem
   */
  public static Problem problem(Feature[][] x, int[] codes) {
    Problem p = new Problem();
    p.l = x.length;
    p.n = x[0].length; // includes the bias feature
    p.x = x;
    p.bias = BIAS;
    p.y = new double[codes.length];
    for (int i = 0; i < codes.length; i++) {
      p.y[i] = codes[i];
    }
    return p;
  }
}
