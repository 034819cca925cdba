package dev.candela.cli.options;

import dev.candela.causal.distance.LatentScmScore;
import dev.candela.cli.console.SettingFlags;
import dev.candela.evaluate.EvaluationOptions;
import dev.candela.evaluate.ScmSettings;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgReadout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Every option of {@code evaluate} that says what to compute and how (a picocli mixin shared by
 * {@code evaluate} and {@code sweep}, so a sweep row is computed with exactly the settings of a
 * single {@code evaluate}); each default is {@link EvaluationOptions#defaults()}'s.
 */
public final class EvaluationMixin {
  /** Every default of these options: the library's, written once. */
  private static final EvaluationOptions DEFAULTS = EvaluationOptions.defaults();

  @Option(
      names = "--metrics",
      split = ",",
      paramLabel = "M",
      description =
          "Metrics among ${COMPLETION-CANDIDATES} (default: all but the opt-in fos, unified, downstream, downstream-gbt and dci-es).")
  List<Metric> metrics = new ArrayList<>(DEFAULTS.metrics());

  @Option(
      names = "--samples",
      paramLabel = "N",
      description = "Evaluation samples (default ${DEFAULT-VALUE}).")
  int samples = DEFAULTS.samples();

  @Option(
      names = "--rho",
      split = ",",
      paramLabel = "ρ",
      description = "UC sizes ρ; the first sets CG's latent sets (default 1).")
  List<Integer> rhos = new ArrayList<>(DEFAULTS.rhos());

  @Option(
      names = "--cg-baseline",
      paramLabel = "B",
      converter = CgBaselineConverter.class,
      description = "max-deviation (the authors'), mean or zero (default ${DEFAULT-VALUE}).")
  CgBaseline cgBaseline = DEFAULTS.baseline();

  @Option(
      names = "--cg-readout",
      paramLabel = "R",
      converter = CgReadoutConverter.class,
      description =
          "How CG reads the classifier: tolerant (a value within one grid step or a symmetric"
              + " copy counts as read) or exact (the paper's p(y|x)) (default ${DEFAULT-VALUE}).")
  CgReadout cgReadout = DEFAULTS.readout();

  @Option(
      names = "--uc-selection",
      paramLabel = "MODE",
      description = "topk (default) or fork (the CANDLE authors' argpartition code).")
  UcSelection ucSelection = DEFAULTS.ucSelection();

  @Option(
      names = "--batch-size",
      paramLabel = "B",
      description = "Images per encoder/decoder/classifier call (default ${DEFAULT-VALUE}).")
  int batchSize = DEFAULTS.batchSize();

  @Option(
      names = "--max-train",
      paramLabel = "N",
      description =
          "Cap on DCI/SAP/explicitness training rows (default ${DEFAULT-VALUE}; reference 10000).")
  int maxTrain = DEFAULTS.maxTrain();

  @Option(
      names = "--max-test",
      paramLabel = "N",
      description = "Cap on their test rows (default ${DEFAULT-VALUE}; reference 5000).")
  int maxTest = DEFAULTS.maxTest();

  @Mixin DciLearnerOption dciLearner;

  @Mixin IrsQuantileOption irsQuantile;

  @Option(
      names = "--classic-scale",
      paramLabel = "f",
      description =
          "Scale of BetaVAE/FactorVAE's reference sizes (10000 train / 5000 eval points;"
              + " default ${DEFAULT-VALUE}).")
  double classicScale = DEFAULTS.classicScale();

  @Option(
      names = "--grid-samples",
      paramLabel = "N",
      description =
          "Samples in the reconstruction and counterfactual grids (default ${DEFAULT-VALUE}).")
  int gridSamples = DEFAULTS.gridSamples();

  @Option(
      names = "--cg-samples",
      paramLabel = "N",
      description =
          "CG on a seeded random subset of this many evaluation samples (default ${DEFAULT-VALUE};"
              + " each costs 1 + 2·F decodes and classifications).")
  int cgSamples = DEFAULTS.cgSamples();

  @Option(
      names = "--classic-from-dataset",
      description =
          "BetaVAE/FactorVAE draw their batches from the whole dataset (encoding what they draw)"
              + " instead of from the encoded evaluation samples.")
  boolean classicFromDataset = DEFAULTS.classicFromDataset();

  @Option(
      names = "--replicates",
      paramLabel = "R",
      description =
          "Interval replicates: R subsampling splits for IRS and UC and 5R jackknife groups for"
              + " MIG and Modularity; CG's interval needs no replicates (default ${DEFAULT-VALUE};"
              + " 0 = no intervals for these, with a warning).")
  int replicates = DEFAULTS.replicates();

  @Option(
      names = "--refits",
      paramLabel = "R",
      description =
          "Refits of DCI, SAP and explicitness on complementary halves of their rows (even;"
              + " default ${DEFAULT-VALUE}; 0 = none, with a warning).")
  int refits = DEFAULTS.refits();

  @Option(
      names = "--scm-truth",
      paramLabel = "auto|none|FILE",
      description =
          "True causal model over the factors for the scm metric: auto (CANDLE: its rules-filtered"
              + " product, as datasets/causal/candle-factors.json; dSprites, MPI3D, 3dshapes: the"
              + " empty graph over their factors), none, or a model JSON (default ${DEFAULT-VALUE}).")
  String scmTruth = DEFAULTS.scm().truth();

  @Option(
      names = "--scm-dag",
      paramLabel = "learn|given",
      description =
          "DAG of the latent causal model: learned from the latent groups (SHD, SID, AID are then"
              + " findings) or the truth's (default ${DEFAULT-VALUE}).")
  String scmDag = DEFAULTS.scm().dag().name().toLowerCase(Locale.ROOT);

  @Option(
      names = "--scm-samples",
      paramLabel = "K",
      description = "scm: draws per distribution of OD/ID/CD (default ${DEFAULT-VALUE}).")
  int scmSamples = DEFAULTS.scm().samples();

  @Option(
      names = "--scm-evidence",
      paramLabel = "M",
      description = "scm: evidence rows of CD (default ${DEFAULT-VALUE}).")
  int scmEvidence = DEFAULTS.scm().evidence();

  @Option(
      names = "--scm-replicates",
      paramLabel = "R",
      description =
          "scm: runs behind the standard errors and null baselines, >= 2 (default"
              + " ${DEFAULT-VALUE}).")
  int scmReplicates = DEFAULTS.scm().replicates();

  private LatentScmScore.DagSource scmDag() {
    return switch (scmDag.trim().toLowerCase(Locale.ROOT)) {
      case "learn" -> LatentScmScore.DagSource.LEARN;
      case "given" -> LatentScmScore.DagSource.GIVEN;
      default ->
          throw new IllegalArgumentException(
              "--scm-dag must be learn or given, got '" + scmDag + "'");
    };
  }

  /** Creates the options (picocli fills them). */
  public EvaluationMixin() {}

  /**
   * Whether CG was asked for.
   *
   * @return true when {@code --metrics} includes cg
   */
  public boolean wantsCg() {
    return metrics.contains(Metric.CG);
  }

  /**
   * The options as the library takes them ({@code --rho} without repeats).
   *
   * @param device the device text
   * @return the options
   */
  public EvaluationOptions options(String device) {
    try {
      return EvaluationOptions.builder()
          .metrics(metrics)
          .samples(samples)
          .rhos(rhos)
          .ucSelection(ucSelection)
          .baseline(cgBaseline)
          .readout(cgReadout)
          .batchSize(batchSize)
          .device(device)
          .maxTrain(maxTrain)
          .maxTest(maxTest)
          .classicScale(classicScale)
          .gridSamples(gridSamples)
          .cgSamples(cgSamples)
          .classicFromDataset(classicFromDataset)
          .dciLearner(dciLearner.learner())
          .irsQuantile(irsQuantile.value())
          .replicates(replicates)
          .refits(refits)
          .scm(new ScmSettings(scmTruth, scmDag(), scmSamples, scmEvidence, scmReplicates))
          .build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(SettingFlags.message(e), e);
    }
  }
}
