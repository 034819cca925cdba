package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Vector;

/**
 * MIG-sup of Li, Murkute, Gyawali &amp; Wang, "Progressive learning and disentanglement of
 * hierarchical representations", ICLR 2020: the mutual information gap taken per latent instead of
 * per factor, so that it penalises a latent that carries several factors (MIG penalises a factor
 * carried by several latents).
 *
 * <p>With {@code Î(z_j; v_k) = I(z_j; v_k) / H(v_k)} the MI normalised as in MIG (plug-in, latents
 * in {@code bins} equal-width bins, {@link dev.candela.metrics.stats.DiscreteMutualInfo}), and
 * {@code Î_(1) ≥ Î_(2)} the two largest over factors k:
 *
 * <pre>MIG-sup = (1/J) Σ_j [Î_(1)(z_j) − Î_(2)(z_j)]   (Î_(2) = 0 with a single factor),</pre>
 *
 * in [0, 1], higher is better, over all J latents (a latent that carries nothing scores 0).
 *
 * <p>Peer: ubisoft-laforge-disentanglement-metrics {@code mig_sup.py} normalises by the latent's
 * entropy instead, {@code (I_(1) − I_(2)) / H(z_j)} (pyitlib's {@code
 * information_mutual_normalised(factor, code, norm_factor='Y')}); that number is kept in {@link
 * MigSupResult#latentNormalisedScore()} (docs/metrics-mi-family.md).
 */
public final class MigSup {
  private MigSup() {}

  /**
   * MIG-sup from a precomputed MI matrix.
   *
   * @param mi {@code [latent][factor]} in nats
   * @param factorEntropy per factor {@code H(v_k) > 0}, nats
   * @param latentEntropy per latent, the entropy of its bins (nats), for the peer's normalisation;
   *     {@code null} to skip it
   * @param bins the latents' bins (recorded)
   * @return the score and its details
   * @throws IllegalArgumentException for shapes that disagree or a factor of entropy 0
   */
  public static MigSupResult fromMutualInformation(
      double[][] mi, double[] factorEntropy, double[] latentEntropy, int bins) {
    MiFamily.requireShape("MIG-sup", mi, factorEntropy);
    MiFamily.requirePositive("MIG-sup", "factor", factorEntropy);
    if (latentEntropy != null && latentEntropy.length != mi.length) {
      throw new IllegalArgumentException(
          "MIG-sup: " + latentEntropy.length + " latent entropies for " + mi.length + " latents");
    }
    int d = mi.length;
    double[] gap = new double[d];
    int[] best = new int[d];
    double sum = 0;
    double peerSum = 0;
    for (int j = 0; j < d; j++) {
      double[] norm = new double[factorEntropy.length];
      for (int k = 0; k < norm.length; k++) {
        norm[k] = mi[j][k] / factorEntropy[k];
      }
      MiFamily.Top2 t = MiFamily.row(norm);
      gap[j] = t.first() - t.second();
      best[j] = t.index();
      sum += gap[j];
      if (latentEntropy != null && latentEntropy[j] > 0) {
        MiFamily.Top2 raw = MiFamily.row(mi[j]);
        peerSum += (raw.first() - raw.second()) / latentEntropy[j];
      }
    }
    return new MigSupResult(
        sum / d,
        Vector.of(gap),
        Arrays2.list(best),
        latentEntropy == null ? Double.NaN : peerSum / d,
        bins);
  }
}
