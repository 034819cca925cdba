package dev.candela.metrics.cg.truth;

import dev.candela.data.ImageDegradation;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.Cg;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgNeighbourhoods;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.metrics.cg.CgResult;

/**
 * The TRUE counterfactual generativeness of a constructed decoder: CG's own formula ({@link
 * Cg#compute}, the same code as every CG number) with
 *
 * <ul>
 *   <li>the decoder's true latent sets ({@link ConstructedDecoder#trueSets()}: per factor the
 *       latent it reads with the largest weight, ρ = 1), so an encoder latent the decoder ignores
 *       never counts, and
 *   <li>the oracle classifier ({@link ConstructedDecoder#oracle()}): for every decoded row the
 *       one-hot of the factor codes the drawing was given, so p(x) is 1 when the drawn factor value
 *       is the sample's true code and 0 otherwise.
 * </ul>
 *
 * With the baseline's statistics of the evaluation samples, {@code ICE_I = |p(x̂) − p(x_I)|} is 1
 * exactly when moving {@code Z_I} to the baseline changes the drawn code, and the same for {@code
 * ICE_\I} (exact read-out). Under a read-out ({@link CgReadout}) the truth reads the oracle's
 * one-hot through the same read-out and neighbourhoods: with the tolerant one, p(x) is 1 when the
 * drawn code lies in the true code's neighbourhood. The degradation of the images does not enter
 * (the oracle reads codes, not pixels): the truth of a degraded decoder is that of the clean one.
 *
 * <p>Known by hand: a disentangled decoder ({@code W = E = I}) under {@link
 * CgBaseline#MAX_DEVIATION} has CG = 1 exactly — moving latent k to the farther of its extremes
 * always changes factor k's code (the farther extreme is at least half the range away, at least one
 * code once two codes occur), and moving the other latents never does.
 */
public final class GroundTruthCg {
  private GroundTruthCg() {}

  /**
   * The true CG of a decoder on samples under a read-out.
   *
   * @param decoder the constructed decoder (its degradation is ignored)
   * @param z the samples' latents {@code [sample][latent]}
   * @param codes their factor codes {@code [factor][sample]}
   * @param baseline the baseline
   * @param stats the baseline's statistics (those Candela's CG uses: all evaluation samples)
   * @param factors the evaluated factors, increasing indices into {@link
   *     ConstructedDecoder#FACTOR_NAMES}
   * @param readout how the oracle's one-hot is read
   * @param neighbourhoods the tolerant read-out's neighbourhoods (factor order {@link
   *     ConstructedDecoder#FACTOR_NAMES})
   * @return CG with per-factor scores and terms
   */
  public static CgResult compute(
      ConstructedDecoder decoder,
      float[][] z,
      int[][] codes,
      CgBaseline baseline,
      LatentStats stats,
      int[] factors,
      CgReadout readout,
      CgNeighbourhoods neighbourhoods) {
    ConstructedDecoder clean = decoder.withDegradation(ImageDegradation.NONE, 0);
    CgOptions options =
        CgOptions.builder()
            .setSets(clean.trueSets())
            .optFactorNames(ConstructedDecoder.FACTOR_NAMES)
            .optFactors(factors)
            .optBaseline(baseline)
            .optReadout(readout)
            .optNeighbourhoods(neighbourhoods)
            .build();
    return Cg.compute(z, codes, clean, clean.oracle(), options, stats);
  }
}
