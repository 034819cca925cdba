/**
 * A Java re-implementation of scikit-learn's {@code GradientBoostingClassifier} (version 1.2,
 * {@code loss='log_loss'}, {@code criterion='friedman_mse'}, {@code splitter='best'}, dense inputs,
 * unit sample weights), the learner of disentanglement_lib's DCI.
 *
 * <p>{@link dev.candela.metrics.gbt.GradientBoostingClassifier} boosts depth-limited regression
 * trees ({@link dev.candela.metrics.gbt.RegressionTree}) on the softmax (or logistic) gradients and
 * reads sklearn's {@code feature_importances_}. {@link dev.candela.metrics.gbt.NumpyRandomState}
 * reproduces numpy's legacy {@code RandomState} (MT19937) so that the feature order sklearn draws
 * at every node, which decides between splits of exactly equal improvement, is the same as
 * sklearn's for the same {@code random_state}. Plain arrays only, no native code.
 *
 * <p>The regressors of Eastwood and Williams' DCI code, also as scikit-learn 1.2 computes them:
 * {@link dev.candela.metrics.gbt.Lasso} ({@code Lasso}, cyclic coordinate descent with its duality
 * gap stop) and {@link dev.candela.metrics.gbt.RandomForestRegressor} ({@code
 * RandomForestRegressor}, its bootstrap and feature draw from the same {@code RandomState}).
 */
package dev.candela.metrics.gbt;
