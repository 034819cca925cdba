package dev.candela.metrics.cg;

import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.stats.Vector;
import java.util.ArrayList;

/**
 * Counterfactual generativeness (CG) of Reddy, Godfrey &amp; Balasubramanian, "On Causally
 * Disentangled Representations", AAAI 2022: does intervening on the latents that capture a factor
 * change that factor in the generated image, and intervening on the other latents not?
 *
 * <p>For each sample with latent code z and each evaluated factor i with latent set {@code Z_I}
 * (from the IRS matrix and a UC selection, {@link UcResult#sets()}): {@code x̂ = g(z)}, {@code x_I
 * = g(z with the latents in Z_I set to the baseline)}, {@code x_\I = g(z with every latent not in
 * Z_I set to the baseline)}; with {@code p(x)} the classifier's probability of the sample's TRUE
 * value of factor i, {@code ICE_I = |p(x̂) − p(x_I)|}, {@code ICE_\I = |p(x̂) − p(x_\I)|}, and
 *
 * <pre>
 *   CG_i = (1/N) Σ_samples | ICE_I − ICE_\I |,      CG = (1/F) Σ_i CG_i.
 * </pre>
 *
 * CG is in [0, 1]; it is high when {@code Z_I} alone controls factor i. The baseline ({@link
 * CgBaseline}) is computed from the whole evaluation set (the samples passed here, or explicit
 * {@link LatentStats}), never from a compute batch, so the result does not depend on the batch
 * size. Decoding and classification run in batches of up to {@link CgOptions#maxBatch()} images,
 * all factors of a group of samples together ({@link CgAccumulator}).
 */
public final class Cg {

  private Cg() {}

  /**
   * CG over a set of samples, with the baseline statistics of that set.
   *
   * @param z {@code z[sample][latent]} (encoder means), finite
   * @param codes {@code codes[factor][sample]}, the true factor codes
   * @param decoder the generator g
   * @param classifier the factor classifier (one output block per factor, in set order)
   * @param options sets, factors, baseline, batch size
   * @return the score with per-sample terms
   */
  public static CgResult compute(
      float[][] z,
      int[][] codes,
      LatentDecoder decoder,
      FactorProbabilities classifier,
      CgOptions options) {
    if (z.length == 0) {
      throw new IllegalArgumentException("no samples");
    }
    return compute(z, codes, decoder, classifier, options, LatentStats.of(z));
  }

  /**
   * CG with baseline statistics given explicitly (for example from a larger evaluation set).
   *
   * @param z {@code z[sample][latent]}, finite
   * @param codes {@code codes[factor][sample]}
   * @param decoder the generator g
   * @param classifier the factor classifier
   * @param options sets, factors, baseline, batch size
   * @param stats the latent statistics the baseline is computed from
   * @return the score with per-sample terms
   */
  public static CgResult compute(
      float[][] z,
      int[][] codes,
      LatentDecoder decoder,
      FactorProbabilities classifier,
      CgOptions options,
      LatentStats stats) {
    if (z.length == 0) {
      throw new IllegalArgumentException("no samples");
    }
    CgAccumulator acc = new CgAccumulator(decoder, classifier, options, stats);
    CgBatch batch = acc.process(z, codes);
    CgSummary summary = acc.summary();
    return new CgResult(
        summary.score(),
        Vector.of(summary.perFactor()),
        options.baseline(),
        stats,
        new ArrayList<>(batch.factors()),
        summary);
  }

  /**
   * CG on {@link LatentCodes} (latent-major floats, converted to rows). Factor names come from the
   * options (use {@code optFactorNames(codes.factorNames())} to carry them over).
   *
   * @param codes latents and factor codes
   * @param decoder the generator g
   * @param classifier the factor classifier
   * @param options sets, factors, baseline, batch size
   * @return the score with per-sample terms
   */
  public static CgResult compute(
      LatentCodes codes, LatentDecoder decoder, FactorProbabilities classifier, CgOptions options) {
    return compute(toRows(codes.latents()), codes.factors(), decoder, classifier, options);
  }

  /**
   * Converts latent-major floats {@code latents[j][i]} to sample-major rows {@code z[i][j]}.
   *
   * @param latents latent-major values
   * @return sample-major rows
   */
  public static float[][] toRows(float[][] latents) {
    int d = latents.length;
    int n = d == 0 ? 0 : latents[0].length;
    float[][] z = new float[n][d];
    for (int j = 0; j < d; j++) {
      if (latents[j].length != n) {
        throw new IllegalArgumentException(
            "latent " + j + " has " + latents[j].length + " samples, latent 0 has " + n);
      }
      for (int i = 0; i < n; i++) {
        z[i][j] = latents[j][i];
      }
    }
    return z;
  }
}
