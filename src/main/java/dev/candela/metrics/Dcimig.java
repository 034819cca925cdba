package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Vector;

/**
 * DCIMIG of Sepliarskaia, Kiseleva &amp; de Rijke, "Evaluating disentangled representations"
 * (arXiv:1910.05587; also "How to not measure disentanglement"): a MIG that is low when a latent
 * carries several factors or a factor is spread over several latents.
 *
 * <p>Per latent {@code z_j}, with {@code I_(1) ≥ I_(2)} its two largest MIs with factors (plug-in,
 * latents in equal-width bins, {@link dev.candela.metrics.stats.DiscreteMutualInfo}; {@code I_(2) =
 * 0} with a single factor), the gap {@code g_j = I_(1) − I_(2)} is assigned to the factor {@code
 * k_j} of {@code I_(1)} (lowest index on ties). Per factor {@code S_k = max {g_j : k_j = k}} (0 if
 * no latent is assigned to it), and
 *
 * <pre>DCIMIG = Σ_k S_k / Σ_k H(v_k),</pre>
 *
 * in [0, 1] ({@code S_k ≤ I(z_j; v_k) ≤ H(v_k)}), higher is better. ubisoft-laforge's {@code
 * dcimig.py} computes the same in bits.
 */
public final class Dcimig {
  private Dcimig() {}

  /**
   * DCIMIG from a precomputed MI matrix.
   *
   * @param mi {@code [latent][factor]} in nats
   * @param factorEntropy per factor {@code H(v_k) > 0}, nats
   * @param bins the latents' bins (recorded)
   * @return the score and its details
   * @throws IllegalArgumentException for shapes that disagree or a factor of entropy 0
   */
  public static DcimigResult fromMutualInformation(
      double[][] mi, double[] factorEntropy, int bins) {
    MiFamily.requireShape("DCIMIG", mi, factorEntropy);
    MiFamily.requirePositive("DCIMIG", "factor", factorEntropy);
    int d = mi.length;
    int nf = factorEntropy.length;
    double[] gap = new double[d];
    int[] assigned = new int[d];
    double[] best = new double[nf];
    for (int j = 0; j < d; j++) {
      MiFamily.Top2 t = MiFamily.row(mi[j]);
      gap[j] = t.first() - t.second();
      assigned[j] = t.index();
      best[t.index()] = Math.max(best[t.index()], gap[j]);
    }
    double num = 0;
    double den = 0;
    for (int k = 0; k < nf; k++) {
      num += best[k];
      den += factorEntropy[k];
    }
    return new DcimigResult(
        num / den, Vector.of(best), Vector.of(gap), Arrays2.list(assigned), bins);
  }
}
