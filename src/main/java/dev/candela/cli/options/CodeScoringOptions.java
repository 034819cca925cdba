package dev.candela.cli.options;

import dev.candela.BadInputException;
import dev.candela.evaluate.ScoreCodesJob;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How a code table is scored: the metrics, UC's sizes and selections, IRS's factor bins, the
 * learned metrics' splits, the seed and the intervals (a picocli mixin of {@code score-codes} and
 * {@code monitor}, which score codes the same way).
 */
public final class CodeScoringOptions {
  @Option(
      names = "--metrics",
      split = ",",
      paramLabel = "M",
      completionCandidates = CodeMetrics.class,
      description =
          "Metrics among ${COMPLETION-CANDIDATES} (default: all but fos, unified, downstream, downstream-gbt, dci-es, betavae"
              + " and factorvae).")
  List<Metric> metrics = new ArrayList<>(Metric.codeDefaults());

  @Option(names = "--rho", split = ",", paramLabel = "ρ", description = "UC sizes ρ (default: 1).")
  List<Integer> rhos = new ArrayList<>(List.of(1));

  @Option(
      names = "--uc-selection",
      split = ",",
      paramLabel = "MODE",
      description =
          "UC latent selection: topk (top-ρ, default) and/or fork (the CANDLE authors' argpartition"
              + " code, for comparison with published numbers).")
  List<UcSelection> ucSelection = new ArrayList<>(List.of(UcSelection.TOPK));

  @Option(
      names = "--factor-bins",
      paramLabel = "none|N",
      description =
          "Re-bin factor values into N equal-width bins for IRS (default 20, as"
              + " disentanglement_lib; 'none' keeps the codes).")
  String factorBins = "20";

  @Option(
      names = "--train-fraction",
      paramLabel = "f",
      description =
          "Fraction of the shuffled rows used to train DCI/SAP/explicitness (default"
              + " ${DEFAULT-VALUE}).")
  double trainFraction = CodeScorer.Options.DEFAULT_TRAIN_FRACTION;

  @Option(
      names = "--max-train",
      paramLabel = "N",
      description =
          "Cap on training rows (default ${DEFAULT-VALUE}, disentanglement_lib's num_train).")
  int maxTrain = CodeScorer.Options.DEFAULT_MAX_TRAIN;

  @Option(
      names = "--max-test",
      paramLabel = "N",
      description = "Cap on test rows (default ${DEFAULT-VALUE}, disentanglement_lib's num_test).")
  int maxTest = CodeScorer.Options.DEFAULT_MAX_TEST;

  @Mixin SeedOption seed;

  @Mixin DciLearnerOption dciLearner;

  @Mixin IrsQuantileOption irsQuantile;

  @Option(
      names = "--replicates",
      paramLabel = "R",
      description =
          "Interval replicates: R subsampling splits for IRS and UC and 5R jackknife groups for"
              + " MIG and Modularity (default ${DEFAULT-VALUE}; 0 = off).")
  int replicates = CodeScorer.IntervalOptions.DEFAULT_SPLITS;

  @Option(
      names = "--refits",
      paramLabel = "R",
      description =
          "Refits of DCI, SAP and explicitness on complementary halves of their rows (even;"
              + " default ${DEFAULT-VALUE}; 0 = none).")
  int refits = CodeScorer.IntervalOptions.DEFAULT_REFITS;

  /** The metrics computed from codes, the choices of {@code --metrics}. */
  static final class CodeMetrics implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Metric.fromCodeTable().stream().map(Metric::name).iterator();
    }
  }

  /** Creates the options (picocli fills them). */
  public CodeScoringOptions() {}

  /**
   * The seed.
   *
   * @return {@code --seed}
   */
  public long seed() {
    return seed.seed();
  }

  /**
   * Refuses, before any input is read, a {@code --metrics} entry that is not computed from codes.
   *
   * @throws BadInputException naming the metric and the ones this command computes
   */
  public void checkMetrics() throws BadInputException {
    try {
      Metric.requireCodes(metrics);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          "--metrics: "
              + e.getMessage()
              + " ("
              + String.join(
                  ", ",
                  EnumSet.complementOf(Metric.fromCodeTable()).stream().map(Metric::id).toList())
              + " need a model: candela evaluate)",
          e);
    }
  }

  /**
   * The scoring request for a pair of tables, with these options.
   *
   * @param factors the factor table
   * @param latents the latent table
   * @param factorNames names of the factor columns, or null
   * @param latentNames names of the latent columns, or null
   * @return the request
   * @throws BadInputException when {@code --metrics} names a metric that needs a model, before any
   *     input is read
   */
  public ScoreCodesJob.Request request(
      Path factors, Path latents, List<String> factorNames, List<String> latentNames)
      throws BadInputException {
    checkMetrics();
    return new ScoreCodesJob.Request(
        factors,
        latents,
        EnumSet.copyOf(metrics),
        rhos,
        EnumSet.copyOf(ucSelection),
        FactorBins.parse(factorBins),
        trainFraction,
        maxTrain,
        maxTest,
        seed.seed(),
        replicates,
        refits,
        dciLearner.learner(),
        factorNames,
        latentNames,
        irsQuantile.quantile());
  }
}
