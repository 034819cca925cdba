package dev.candela.metrics.stats;

/**
 * The duality gap that stops Lasso coordinate descent, as scikit-learn's {@code cd_fast.pyx
 * enet_coordinate_descent} computes it (no ℓ2 term): for the objective {@code ½‖y − Xw‖² + α‖w‖₁}
 * at w with residual {@code r = y − Xw} and dual norm {@code d = ‖Xᵀr‖∞}, the dual point is r
 * scaled by {@code c = min(1, α / d)}, and the gap is {@code ½‖r‖²(1 + c²) + α‖w‖₁ − c·rᵀy} when
 * {@code d > α}, else {@code ‖r‖² + α‖w‖₁ − rᵀy}. Sums run in index order, so the gap is the same
 * to the bit in every caller.
 */
public final class DualityGap {
  private DualityGap() {}

  /**
   * The gap.
   *
   * @param dualNorm {@code ‖Xᵀr‖∞}
   * @param alpha the ℓ1 penalty α
   * @param w the coefficients
   * @param r the residual {@code y − Xw}
   * @param y the target
   * @return the duality gap
   */
  public static double lasso(double dualNorm, double alpha, double[] w, double[] r, double[] y) {
    double rNorm2 = Arrays2.dot(r, r);
    double constant;
    double gap;
    if (dualNorm > alpha) {
      constant = alpha / dualNorm;
      gap = 0.5 * (rNorm2 + rNorm2 * constant * constant);
    } else {
      constant = 1.0;
      gap = rNorm2;
    }
    double l1 = 0.0;
    for (double v : w) {
      l1 += Math.abs(v);
    }
    gap += alpha * l1 - constant * Arrays2.dot(r, y);
    return gap;
  }
}
