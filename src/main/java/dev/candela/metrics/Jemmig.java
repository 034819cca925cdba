package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Vector;

/**
 * JEMMIG, the joint-entropy-minus-mutual-information gap of Do &amp; Tran, "Theory and evaluation
 * metrics for learning disentangled representations", ICLR 2020, in the paper's normalised form.
 *
 * <p>Per factor {@code v_k}, with {@code z*} the latent of the largest MI {@code I(z*; v_k)}
 * (lowest index on ties) and {@code I(z°; v_k)} the second largest (0 with a single latent), all
 * plug-in on the latents' {@code B} equal-width bins ({@link
 * dev.candela.metrics.stats.DiscreteMutualInfo}):
 *
 * <pre>
 * JEMMIG(v_k) = H(z*, v_k) − I(z*; v_k) + I(z°; v_k),   H(z*, v_k) = H(z*) + H(v_k) − I(z*; v_k)
 * score      = (1/K) Σ_k [1 − JEMMIG(v_k) / (H(v_k) + ln B)]
 * </pre>
 *
 * JEMMIG(v_k) is lower-is-better and lies in [0, H(v_k) + ln B] (H(z*, v_k) ≤ H(z*) + H(v_k) ≤ ln B
 * + H(v_k)); the reported score is 1 − the normalised JEMMIG, in [0, 1], higher is better: 1 when
 * one latent's bins are exactly the factor's values and no other latent carries it. The raw
 * per-factor values (nats) are in {@link JemmigResult#raw()}. ubisoft-laforge's {@code jemmig.py}
 * computes the same in bits with {@code log2(nb_bins)}; the ratio does not depend on the base.
 */
public final class Jemmig {
  private Jemmig() {}

  /**
   * JEMMIG from a precomputed MI matrix and the binned latents' entropies.
   *
   * @param mi {@code [latent][factor]} in nats
   * @param factorEntropy per factor {@code H(v_k) > 0}, nats
   * @param latentEntropy per latent, the entropy of its bins, nats
   * @param bins B, the latents' bins
   * @return the score and its details
   * @throws IllegalArgumentException for shapes that disagree or a factor of entropy 0
   */
  public static JemmigResult fromMutualInformation(
      double[][] mi, double[] factorEntropy, double[] latentEntropy, int bins) {
    MiFamily.requireShape("JEMMIG", mi, factorEntropy);
    MiFamily.requirePositive("JEMMIG", "factor", factorEntropy);
    if (latentEntropy.length != mi.length) {
      throw new IllegalArgumentException(
          "JEMMIG: " + latentEntropy.length + " latent entropies for " + mi.length + " latents");
    }
    if (bins < 1) {
      throw new IllegalArgumentException("JEMMIG: bins must be at least 1, got " + bins);
    }
    int nf = factorEntropy.length;
    double[] raw = new double[nf];
    double[] perFactor = new double[nf];
    int[] best = new int[nf];
    double sum = 0;
    double logBins = Math.log(bins);
    for (int k = 0; k < nf; k++) {
      MiFamily.Top2 t = MiFamily.column(mi, k);
      double joint = latentEntropy[t.index()] + factorEntropy[k] - t.first();
      raw[k] = joint - t.first() + t.second();
      perFactor[k] = 1 - raw[k] / (factorEntropy[k] + logBins);
      best[k] = t.index();
      sum += perFactor[k];
    }
    return new JemmigResult(
        sum / nf, Vector.of(perFactor), Vector.of(raw), Arrays2.list(best), bins);
  }
}
