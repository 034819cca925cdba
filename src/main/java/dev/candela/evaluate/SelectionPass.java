package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.data.FactorSpace;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.IrsResult;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Metric;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.UcSelection;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;

/**
 * The latent-set selection of the CG job ({@link CgJob}), shared by {@code evaluate} and {@code
 * counterfactuals}: on the evaluation samples, IRS over the factors with two or more values (as the
 * code metrics compute it, {@link CodeScorer}), the UC(ρ) sets Z_I from its matrix, and the latent
 * statistics of all evaluation samples that CG's baseline needs.
 *
 * @param factorNames the factors with two or more values among the evaluation samples (IRS columns,
 *     the factors CG can score), in dataset order
 * @param irs the IRS result over them
 * @param uc the UC(ρ) result: its sets are Z_I, one per factor of {@code factorNames}
 * @param rho latents per factor in Z_I
 * @param stats the latent statistics of the evaluation samples
 * @param warnings what the IRS computation said (single-valued factors, constant latents); empty
 *     when the IRS came from {@code evaluate}'s code metrics, which report them themselves
 */
public record SelectionPass(
    List<String> factorNames,
    IrsResult irs,
    UcResult uc,
    int rho,
    LatentStats stats,
    List<String> warnings) {

  /** Checks the parts. */
  public SelectionPass {
    factorNames = List.copyOf(factorNames);
    Objects.requireNonNull(irs, "irs");
    Objects.requireNonNull(uc, "uc");
    Objects.requireNonNull(stats, "stats");
    warnings = List.copyOf(warnings);
  }

  /**
   * The selection from an IRS result computed already (by {@code evaluate}'s code metrics).
   *
   * @param irs IRS over {@code factorNames}
   * @param factorNames its factor columns
   * @param rho latents per factor in Z_I
   * @param mode how Z_I is chosen
   * @param stats the evaluation samples' latent statistics ({@link LatentStats#of})
   * @return the selection
   */
  public static SelectionPass of(
      IrsResult irs, List<String> factorNames, int rho, UcSelection mode, LatentStats stats) {
    return new SelectionPass(factorNames, irs, Uc.compute(irs, rho, mode), rho, stats, List.of());
  }

  /**
   * The selection computed from the evaluation samples: IRS as {@code evaluate}'s code metrics
   * compute it (single-valued factors dropped, factors re-binned as there), then {@link #of}.
   *
   * @param z the evaluation samples' codes {@code [row][latent]}
   * @param codes their factor codes {@code [dataset factor][row]}
   * @param space the dataset's factors
   * @param rho latents per factor in Z_I
   * @param mode how Z_I is chosen
   * @return the selection
   * @throws BadInputException when fewer than two factors vary or IRS cannot be computed
   */
  public static SelectionPass compute(
      float[][] z, int[][] codes, FactorSpace space, int rho, UcSelection mode)
      throws BadInputException {
    int n = z.length;
    CodeScorer.Options opts =
        CodeScorer.Options.defaults(EnumSet.of(Metric.IRS), 0)
            .withUc(List.of(rho), EnumSet.of(mode));
    CodeScorer.Scores scores;
    try {
      scores =
          CodeScorer.score(
              EncodedSamples.latentCodes(z, codes, space),
              EncodedSamples.vocabularies(space),
              opts);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("selection over " + n + " encoded samples: " + e.getMessage(), e);
    }
    if (scores.factorNames().size() < 2) {
      throw new BadInputException(
          "the UC sets need at least 2 factors with more than one value, the samples have "
              + scores.factorNames());
    }
    SelectionPass sel = of(scores.irs(), scores.factorNames(), rho, mode, LatentStats.of(z));
    return new SelectionPass(
        sel.factorNames(), sel.irs(), sel.uc(), rho, sel.stats(), scores.warnings());
  }

  /**
   * Per factor of {@link #factorNames}, the latent set Z_I.
   *
   * @return the sets
   */
  public int[][] sets() {
    return uc.sets();
  }

  /**
   * Per factor of {@link #factorNames}, its index among the dataset's factors.
   *
   * @param space the dataset's factors
   * @return the indices
   */
  public int[] datasetIndex(FactorSpace space) {
    int[] out = new int[factorNames.size()];
    for (int k = 0; k < out.length; k++) {
      out[k] = space.names().indexOf(factorNames.get(k));
    }
    return out;
  }

  /**
   * Latent names {@code z0..z(d-1)}.
   *
   * @param d the number of latents
   * @return the names
   */
  public static List<String> latentNames(int d) {
    List<String> names = new ArrayList<>();
    for (int j = 0; j < d; j++) {
      names.add("z" + j);
    }
    return names;
  }
}
