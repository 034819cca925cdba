package dev.candela.cli.options;

import dev.candela.cli.console.FlagWords;
import dev.candela.evaluate.EvaluationOptions;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of {@code evaluate} that {@code sweep} shares (a picocli mixin): what to compute and
 * at which sizes.
 */
public final class EvaluationMixin {

  @Option(
      names = "--metrics",
      split = ",",
      paramLabel = "M",
      description = "Metrics among ${COMPLETION-CANDIDATES} (default: all).")
  List<Metric> metrics = new ArrayList<>(List.of(Metric.values()));

  @Option(
      names = "--samples",
      paramLabel = "N",
      description = "Evaluation samples (default ${DEFAULT-VALUE}).")
  int samples = 1000;

  @Option(
      names = "--rho",
      split = ",",
      paramLabel = "ρ",
      description = "UC sizes ρ; the first sets CG's latent sets (default 1).")
  List<Integer> rhos = new ArrayList<>(List.of(1));

  @Option(
      names = "--cg-baseline",
      paramLabel = "B",
      defaultValue = "max-deviation",
      converter = CgBaselineConverter.class,
      description = "max-deviation (the authors'), mean or zero (default ${DEFAULT-VALUE}).")
  CgBaseline cgBaseline;

  @Option(
      names = "--uc-selection",
      paramLabel = "MODE",
      description = "topk (default) or fork (the CANDLE authors' argpartition code).")
  UcSelection ucSelection = UcSelection.TOPK;

  @Option(
      names = "--batch-size",
      paramLabel = "B",
      description = "Images per encoder/decoder/classifier call (default ${DEFAULT-VALUE}).")
  int batchSize = 256;

  @Option(
      names = "--max-train",
      paramLabel = "N",
      description =
          "Cap on DCI/SAP/explicitness training rows (default ${DEFAULT-VALUE}; reference 10000).")
  int maxTrain = 2000;

  @Option(
      names = "--max-test",
      paramLabel = "N",
      description = "Cap on their test rows (default ${DEFAULT-VALUE}; reference 5000).")
  int maxTest = 1000;

  @Mixin DciLearnerOption dciLearner;

  @Option(
      names = "--classic-scale",
      paramLabel = "f",
      description =
          "Scale of BetaVAE/FactorVAE's reference sizes (10000 train / 5000 eval points;"
              + " default ${DEFAULT-VALUE}).")
  double classicScale = 0.1;

  @Option(
      names = "--grid-samples",
      paramLabel = "N",
      description =
          "Samples in the reconstruction and counterfactual grids (default ${DEFAULT-VALUE}).")
  int gridSamples = 8;

  @Option(
      names = "--cg-samples",
      paramLabel = "N",
      description =
          "CG on a seeded random subset of this many evaluation samples (default ${DEFAULT-VALUE};"
              + " each costs 1 + 2·F decodes and classifications).")
  int cgSamples = 500;

  @Option(
      names = "--classic-from-dataset",
      description =
          "BetaVAE/FactorVAE draw their batches from the whole dataset (encoding what they draw)"
              + " instead of from the encoded evaluation samples.")
  boolean classicFromDataset;

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
          .batchSize(batchSize)
          .device(device)
          .maxTrain(maxTrain)
          .maxTest(maxTest)
          .classicScale(classicScale)
          .gridSamples(gridSamples)
          .cgSamples(cgSamples)
          .classicFromDataset(classicFromDataset)
          .dciLearner(dciLearner.learner())
          .build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(FlagWords.flags(e.getMessage()), e);
    }
  }
}
