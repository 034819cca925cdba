package dev.candela.metrics;

import dev.candela.Ids;

/**
 * The learner that {@link Dci} fits per factor: a gradient-boosted classifier
 * (disentanglement_lib's choice) or one of the regressors of Eastwood and Williams' own code
 * ({@link RegressionDci}).
 */
public enum DciLearner {
  /**
   * Candela's re-implementation of scikit-learn 1.2's {@code GradientBoostingClassifier()} with its
   * default parameters ({@link dev.candela.metrics.gbt.GradientBoostingClassifier}), the learner of
   * disentanglement_lib's {@code dci.py}: importances equal sklearn's {@code feature_importances_}
   * for {@code random_state = seed}. The default.
   */
  SKLEARN_GBT,
  /**
   * XGBoost4J ({@code hist} trees, {@code total_gain} importances), configured as close to
   * sklearn's defaults as XGBoost allows; D and C differ from disentanglement_lib's by a few
   * hundredths.
   */
  XGBOOST,
  /**
   * scikit-learn's {@code Lasso(alpha=0.02)} ({@link dev.candela.metrics.gbt.Lasso}) on latents and
   * factor codes standardised by the training rows, as Eastwood and Williams (2018) and their code:
   * importance = |{@code coef_}|, informativeness = 1 − NRMSE.
   */
  LASSO,
  /**
   * scikit-learn's {@code RandomForestRegressor(n_estimators=10, max_depth=10, random_state=seed)}
   * ({@link dev.candela.metrics.gbt.RandomForestRegressor}) on the standardised latents and codes,
   * as Eastwood and Williams' code (which tuned the depth): importance = {@code
   * feature_importances_}, informativeness = 1 − NRMSE.
   */
  RANDOM_FOREST;

  /** The learner used when none is named. */
  public static final DciLearner DEFAULT = SKLEARN_GBT;

  /**
   * The command-line and report name.
   *
   * @return {@code sklearn-gbt}, {@code xgboost}, {@code lasso} or {@code random-forest}
   */
  public String id() {
    return Ids.of(this);
  }

  /**
   * The learner with the given name (case-insensitive).
   *
   * @param name {@code sklearn-gbt}, {@code xgboost}, {@code lasso} or {@code random-forest}
   * @return the learner
   * @throws IllegalArgumentException naming the value and the accepted names
   */
  public static DciLearner parse(String name) {
    return Ids.parse(
        values(), DciLearner::id, name, "unknown DCI learner '%s' (expected one of [%s])");
  }

  @Override
  public String toString() {
    return id();
  }
}
