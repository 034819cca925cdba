package dev.candela.causal.distance;

/**
 * The energy distance (Székely &amp; Rizzo) between empirical distributions with the Euclidean
 * norm, in its metric (square-root) form as returned by scipy's {@code energy_distance} in 1-D:
 * {@code sqrt(2 E‖X − Y‖ − E‖X − X'‖ − E‖Y − Y'‖)}, all expectations over all pairs of the
 * empirical samples (V-statistics, pairs with themselves included). O(n·m).
 */
public final class EnergyDistance implements SampleDistance {
  /** Creates the distance. */
  public EnergyDistance() {}

  @Override
  public String id() {
    return "energy";
  }

  @Override
  public double between(double[][] a, double[][] b) {
    SampleDistance.checkShapes(a, b);
    double xy = meanPairs(a, b);
    double xx = meanPairs(a, a);
    double yy = meanPairs(b, b);
    return Math.sqrt(Math.max(0, 2 * xy - xx - yy));
  }

  private static double meanPairs(double[][] a, double[][] b) {
    double s = 0;
    for (double[] p : a) {
      for (double[] q : b) {
        s += Wasserstein.euclid(p, q);
      }
    }
    return s / ((double) a.length * b.length);
  }
}
