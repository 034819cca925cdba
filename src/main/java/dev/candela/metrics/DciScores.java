package dev.candela.metrics;

import dev.candela.metrics.stats.Vector;

/**
 * Disentanglement and completeness of an importance matrix (Eastwood &amp; Williams, "A Framework
 * for the Quantitative Evaluation of Disentangled Representations", ICLR 2018), as computed by
 * {@link Dci#scores(double[][])}.
 *
 * <p>For an importance matrix R with L latents (rows) and K factors (columns):
 *
 * <ul>
 *   <li>P_jk = (R_jk + 10⁻¹¹) / Σ_k (R_jk + 10⁻¹¹), D_j = 1 − H_K(P_j·) = 1 + Σ_k P_jk log_K P_jk;
 *   <li>ρ_j = Σ_k R_jk / Σ_jk R_jk (uniform when R is all zero), D = Σ_j ρ_j D_j;
 *   <li>Q_jk = (R_jk + 10⁻¹¹) / Σ_j (R_jk + 10⁻¹¹), C_k = 1 − H_L(Q_·k);
 *   <li>w_k = Σ_j R_jk / Σ_jk R_jk (uniform when R is all zero), C = Σ_k w_k C_k.
 * </ul>
 *
 * @param disentanglement D
 * @param completeness C
 * @param disentanglementPerLatent D_j, one per latent
 * @param latentWeights ρ_j, one per latent, summing to 1
 * @param completenessPerFactor C_k, one per factor
 * @param factorWeights w_k, one per factor, summing to 1
 */
public record DciScores(
    double disentanglement,
    double completeness,
    Vector disentanglementPerLatent,
    Vector latentWeights,
    Vector completenessPerFactor,
    Vector factorWeights) {

  /** Checks that the per-latent and per-factor values match in length. */
  public DciScores {
    requireWeightPerScore(disentanglementPerLatent, latentWeights, "latent");
    requireWeightPerScore(completenessPerFactor, factorWeights, "factor");
  }

  private static void requireWeightPerScore(Vector scores, Vector weights, String of) {
    if (scores.length() != weights.length()) {
      throw new IllegalArgumentException(
          scores.length()
              + " per-"
              + of
              + " scores but "
              + weights.length()
              + " "
              + of
              + " weights");
    }
  }
}
