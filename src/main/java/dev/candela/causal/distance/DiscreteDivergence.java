package dev.candela.causal.distance;

/**
 * Divergences between two probability vectors on the same finite space (for example two exact
 * joints of discrete models over the same variables and values).
 */
public final class DiscreteDivergence {
  private DiscreteDivergence() {}

  /**
   * Total variation {@code TV(p, q) = ½ Σ_x |p(x) − q(x)|}, in [0, 1].
   *
   * @param p first distribution
   * @param q second distribution, same length
   * @return the total variation distance
   */
  public static double tv(double[] p, double[] q) {
    check(p, q);
    double s = 0;
    for (int i = 0; i < p.length; i++) {
      s += Math.abs(p[i] - q[i]);
    }
    return 0.5 * s;
  }

  /**
   * Kullback–Leibler divergence {@code KL(p ‖ q) = Σ_x p(x) ln(p(x) / q(x))} in nats; terms with
   * {@code p(x) = 0} are 0; {@code +∞} when {@code q(x) = 0 < p(x)}.
   *
   * @param p the reference (true) distribution
   * @param q the approximating distribution, same length
   * @return the divergence, {@code >= 0} or infinite
   */
  public static double kl(double[] p, double[] q) {
    check(p, q);
    double s = 0;
    for (int i = 0; i < p.length; i++) {
      if (p[i] > 0) {
        if (q[i] <= 0) {
          return Double.POSITIVE_INFINITY;
        }
        s += p[i] * Math.log(p[i] / q[i]);
      }
    }
    return Math.max(0, s);
  }

  private static void check(double[] p, double[] q) {
    if (p.length != q.length) {
      throw new IllegalArgumentException(
          "distributions over " + p.length + " and " + q.length + " states");
    }
  }
}
