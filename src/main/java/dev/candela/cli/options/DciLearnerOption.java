package dev.candela.cli.options;

import dev.candela.metrics.DciLearner;
import picocli.CommandLine.Option;

/**
 * The {@code --dci-learner} option shared by {@code evaluate}, {@code sweep} and {@code
 * score-codes} (a picocli mixin): DCI's classifier, {@code sklearn-gbt} (the default) or {@code
 * xgboost}.
 */
public final class DciLearnerOption {
  @Option(
      names = "--dci-learner",
      paramLabel = "NAME",
      converter = DciLearnerConverter.class,
      description =
          "DCI's classifier: sklearn-gbt (default; scikit-learn's GradientBoostingClassifier as"
              + " disentanglement_lib uses it) or xgboost.")
  private DciLearner dciLearner = DciLearner.DEFAULT;

  /** Creates the option (picocli fills it). */
  public DciLearnerOption() {}

  /** The learner, {@link DciLearner#DEFAULT} unless given. */
  public DciLearner learner() {
    return dciLearner;
  }
}
