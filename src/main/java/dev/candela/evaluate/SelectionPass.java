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
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgLatentActivity;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.metrics.stats.Arrays2;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * @param warnings what the IRS computation said (single-valued factors, constant latents) and, with
 *     a decoder, the latent-activity rule's changes and exclusions; the IRS part is empty when the
 *     IRS came from {@code evaluate}'s code metrics, which report it themselves
 * @param activity which latents the decoder uses ({@link CgLatentActivity}), or null when the
 *     selection was made without a decoder (then Z_I is UC's sets and nothing is excluded)
 * @param cgUc the sets Z_I: UC(ρ)'s rule over the IRS rows of the active latents only ({@link
 *     Uc#compute(IrsResult, int, UcSelection, boolean[])}); {@code uc} itself without a decoder
 * @param excluded per excluded factor (no {@code cg.<factor>}, left out of {@code cg}), the inert
 *     latents that carry it, in decreasing IRS entry
 *     <p>The rules (with a decoder): Z_I is chosen among active latents. A factor is
 *     <b>excluded</b> when UC's set over all latents holds an inert latent and the best active
 *     latent's IRS entry is below {@link #CARRY_SHARE} × the factor's best IRS entry: the
 *     information about the factor sits in latents the decoder ignores, so no intervention the
 *     decoder sees can move it, and CG's symmetric |ICE_I − ICE_\I| would score the factor like
 *     ideal disentanglement.
 */
public record SelectionPass(
    List<String> factorNames,
    IrsResult irs,
    UcResult uc,
    int rho,
    LatentStats stats,
    List<String> warnings,
    CgLatentActivity activity,
    UcResult cgUc,
    Map<String, int[]> excluded) {

  /**
   * Share of a factor's best IRS entry that the best active latent must reach for the factor to
   * stay in CG when UC's own pick is an inert latent.
   */
  public static final double CARRY_SHARE = 0.5;

  /** Checks the parts. */
  public SelectionPass {
    factorNames = List.copyOf(factorNames);
    Objects.requireNonNull(irs, "irs");
    Objects.requireNonNull(uc, "uc");
    Objects.requireNonNull(stats, "stats");
    Objects.requireNonNull(cgUc, "cgUc");
    warnings = List.copyOf(warnings);
    Map<String, int[]> ex = new LinkedHashMap<>();
    excluded.forEach((k, v) -> ex.put(k, v.clone()));
    excluded = Collections.unmodifiableMap(ex);
  }

  /**
   * A selection without a decoder: Z_I is UC's sets, nothing is excluded.
   *
   * @param factorNames the IRS columns
   * @param irs IRS over them
   * @param uc UC(ρ) from it
   * @param rho latents per factor
   * @param stats the evaluation samples' latent statistics
   * @param warnings what the IRS computation said
   */
  public SelectionPass(
      List<String> factorNames,
      IrsResult irs,
      UcResult uc,
      int rho,
      LatentStats stats,
      List<String> warnings) {
    this(factorNames, irs, uc, rho, stats, warnings, null, uc, Map.of());
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
   * The selection computed from the evaluation samples: IRS by the code-metric run of {@code
   * evaluate} and {@code score-codes} ({@link CodeRun#score}: single-valued factors dropped,
   * factors re-binned as there), then {@link #of}.
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
          CodeRun.score(
                  EncodedSamples.latentCodes(z, codes, space),
                  EncodedSamples.vocabularies(space),
                  opts,
                  CodeScorer.Timings.NONE)
              .scores();
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
   * The selection of the CG job from the evaluation samples and the decoder: IRS as {@link
   * #compute(float[][], int[][], FactorSpace, int, UcSelection)}, the decoder's latent activity
   * ({@link CgLatentActivity#measure}, {@link CgLatentActivity#DEFAULT_SAMPLES} samples, decoder
   * calls of at most {@code maxBatch} rows), Z_I among the active latents and the exclusions
   * ({@link #withActivity}). The entry point for any {@link LatentDecoder}.
   *
   * @param z the evaluation samples' codes {@code [row][latent]}
   * @param codes their factor codes {@code [dataset factor][row]}
   * @param space the dataset's factors
   * @param rho latents per factor in Z_I
   * @param mode how Z_I is chosen
   * @param decoder the generator CG intervenes on
   * @param baseline CG's baseline
   * @param maxBatch latent rows per decoder call
   * @return the selection
   * @throws BadInputException when fewer than two factors vary or IRS cannot be computed
   */
  public static SelectionPass compute(
      float[][] z,
      int[][] codes,
      FactorSpace space,
      int rho,
      UcSelection mode,
      LatentDecoder decoder,
      CgBaseline baseline,
      int maxBatch)
      throws BadInputException {
    return compute(z, codes, space, rho, mode).withActivityOf(decoder, z, baseline, maxBatch);
  }

  /**
   * This selection with the latent activity of a decoder measured on the evaluation samples ({@link
   * CgLatentActivity#measure} with this selection's statistics, {@link
   * CgLatentActivity#DEFAULT_SAMPLES} samples) applied ({@link #withActivity}).
   *
   * @param decoder the generator CG intervenes on
   * @param z the evaluation samples' codes {@code [row][latent]}
   * @param baseline CG's baseline
   * @param maxBatch rows per decoder call at most
   * @return the new selection
   */
  public SelectionPass withActivityOf(
      LatentDecoder decoder, float[][] z, CgBaseline baseline, int maxBatch) {
    return withActivity(
        CgLatentActivity.measure(
            decoder, z, stats, baseline, CgLatentActivity.DEFAULT_SAMPLES, maxBatch));
  }

  /**
   * This selection with the decoder's latent activity applied: Z_I by UC(ρ)'s rule among the active
   * latents, and the factors carried only by inert latents excluded (rules in the class comment),
   * each change with a warning.
   *
   * @param act the decoder's latent activity (as many latents as the statistics)
   * @return the new selection
   */
  public SelectionPass withActivity(CgLatentActivity act) {
    return InertLatentRule.apply(this, act);
  }

  /**
   * The factors CG scores: indices into {@link #factorNames} that are not excluded, increasing.
   *
   * @return the indices
   */
  public int[] scoredFactors() {
    return java.util.stream.IntStream.range(0, factorNames.size())
        .filter(k -> !excluded.containsKey(factorNames.get(k)))
        .toArray();
  }

  /**
   * Per factor of {@link #factorNames}, the latent set Z_I (among the active latents when the
   * selection has a decoder's activity).
   *
   * @return the sets
   */
  public int[][] sets() {
    return Arrays2.ints2(cgUc.sets());
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
