package dev.candela.cli.options;

import dev.candela.metrics.DciLearner;

/**
 * Reads {@code --dci-learner}: {@code sklearn-gbt} (the default), {@code xgboost}, {@code lasso} or
 * {@code random-forest}.
 */
public final class DciLearnerConverter extends ParsingConverter<DciLearner> {
  /** Creates the converter (picocli instantiates it). */
  public DciLearnerConverter() {
    super("--dci-learner: ", DciLearner::parse);
  }
}
