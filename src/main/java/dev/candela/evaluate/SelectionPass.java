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
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.LatentDecoder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
   * The selection of the CG job from the evaluation samples and the decoder: IRS as {@link
   * #compute(float[][], int[][], FactorSpace, int, UcSelection)}, the decoder's latent activity
   * ({@link CgLatentActivity#measure}, {@link CgLatentActivity#DEFAULT_SAMPLES} samples, decoder
   * calls of at most {@link CgOptions#DEFAULT_MAX_BATCH} rows), Z_I among the active latents and
   * the exclusions ({@link #withActivity}). The entry point for any {@link LatentDecoder}.
   *
   * @param z the evaluation samples' codes {@code [row][latent]}
   * @param codes their factor codes {@code [dataset factor][row]}
   * @param space the dataset's factors
   * @param rho latents per factor in Z_I
   * @param mode how Z_I is chosen
   * @param decoder the generator CG intervenes on
   * @param baseline CG's baseline
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
      CgBaseline baseline)
      throws BadInputException {
    return compute(z, codes, space, rho, mode, decoder, baseline, CgOptions.DEFAULT_MAX_BATCH);
  }

  /**
   * As {@link #compute(float[][], int[][], FactorSpace, int, UcSelection, LatentDecoder,
   * CgBaseline)} with the decoder's batch size.
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
    SelectionPass sel = compute(z, codes, space, rho, mode);
    return sel.withActivity(
        CgLatentActivity.measure(
            decoder, z, sel.stats(), baseline, CgLatentActivity.DEFAULT_SAMPLES, maxBatch));
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
    if (act.numLatents() != stats.numLatents()) {
      throw new IllegalArgumentException(
          "activity of "
              + act.numLatents()
              + " latents for a selection over "
              + stats.numLatents()
              + " latents");
    }
    int[] rows = irs.activeLatents();
    double[][] m = irs.matrix();
    int allowedRows = 0;
    for (int j : rows) {
      if (act.isActive(j)) {
        allowedRows++;
      }
    }
    UcResult restricted =
        allowedRows >= rho ? Uc.compute(irs, rho, uc.selection(), act.active()) : uc;
    List<String> out = new ArrayList<>(warnings);
    Map<String, int[]> ex = new LinkedHashMap<>();
    int[][] all = uc.sets();
    int[][] chosen = restricted.sets();
    for (int f = 0; f < factorNames.size(); f++) {
      String name = factorNames.get(f);
      boolean pickInert = Arrays.stream(all[f]).anyMatch(j -> !act.isActive(j));
      if (!pickInert) {
        continue;
      }
      double best = 0;
      double bestActive = 0;
      int bestActiveLatent = -1;
      for (int a = 0; a < rows.length; a++) {
        best = Math.max(best, m[a][f]);
        if (act.isActive(rows[a]) && (bestActiveLatent < 0 || m[a][f] > bestActive)) {
          bestActive = m[a][f];
          bestActiveLatent = rows[a];
        }
      }
      if (bestActiveLatent < 0 || bestActive < CARRY_SHARE * best) {
        List<Integer> carriers = new ArrayList<>();
        for (int a = 0; a < rows.length; a++) {
          if (!act.isActive(rows[a]) && m[a][f] > Math.max(bestActive, 0)) {
            carriers.add(a);
          }
        }
        int col = f;
        carriers.sort((x, y) -> Double.compare(m[y][col], m[x][col]));
        int[] latents = carriers.stream().mapToInt(a -> rows[a]).toArray();
        ex.put(name, latents);
        List<String> parts = new ArrayList<>();
        for (int a : carriers) {
          parts.add(
              String.format(
                  Locale.ROOT,
                  "z%d (IRS %.3f, decoder sensitivity %.2g)",
                  rows[a],
                  m[a][f],
                  act.sensitivity()[rows[a]]));
        }
        out.add(
            String.format(
                Locale.ROOT,
                "cg.%s is excluded (left out of cg): factor '%s' is carried by latents the decoder"
                    + " does not use, %s; the best latent the decoder uses, %s, has IRS %.3f <"
                    + " %.2f x %.3f (inert: decoder sensitivity < %s x the largest)",
                name,
                name,
                String.join(", ", parts),
                bestActiveLatent < 0 ? "none" : "z" + bestActiveLatent,
                bestActive,
                CARRY_SHARE,
                best,
                CgLatentActivity.INERT_SHARE));
      } else {
        out.add(
            String.format(
                Locale.ROOT,
                "cg.%s: Z_I = %s instead of UC's %s for factor '%s': the decoder does not use %s"
                    + " (decoder sensitivity < %s x the largest)",
                name,
                latentList(chosen[f]),
                latentList(all[f]),
                name,
                latentList(Arrays.stream(all[f]).filter(j -> !act.isActive(j)).toArray()),
                CgLatentActivity.INERT_SHARE));
      }
    }
    return new SelectionPass(factorNames, irs, uc, rho, stats, out, act, restricted, ex);
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

  private static String latentList(int[] latents) {
    List<String> names = new ArrayList<>();
    for (int j : latents) {
      names.add("z" + j);
    }
    return "[" + String.join(", ", names) + "]";
  }

  /**
   * Per factor of {@link #factorNames}, the latent set Z_I (among the active latents when the
   * selection has a decoder's activity).
   *
   * @return the sets
   */
  public int[][] sets() {
    return cgUc.sets();
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
