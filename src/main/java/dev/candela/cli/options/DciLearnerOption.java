package dev.candela.cli.options;

import dev.candela.metrics.DciLearner;
import picocli.CommandLine.Option;

/**
 * The {@code --dci-learner} option shared by {@code evaluate}, {@code sweep} and {@code
 * score-codes} (a picocli mixin): DCI's learner, {@code sklearn-gbt} (the default), {@code
 * xgboost}, {@code lasso} or {@code random-forest}.
 */
public final class DciLearnerOption {
  @Option(
      names = "--dci-learner",
      paramLabel = "NAME",
      converter = DciLearnerConverter.class,
      description =
          "DCI's learner: sklearn-gbt (default; scikit-learn's GradientBoostingClassifier as"
              + " disentanglement_lib uses it), xgboost, or Eastwood and Williams' regressors"
              + " lasso (alpha 0.02) and random-forest (10 trees, depth 10).")
  private DciLearner dciLearner = DciLearner.DEFAULT;

  /** Creates the option (picocli fills it). */
  public DciLearnerOption() {}

  /** The learner, {@link DciLearner#DEFAULT} unless given. */
  public DciLearner learner() {
    return dciLearner;
  }
}
