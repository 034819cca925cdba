package dev.candela.metrics;

import dev.candela.metrics.gbt.Lasso;
import dev.candela.metrics.gbt.RandomForestRegressor;
import java.util.ArrayList;
import java.util.List;

/**
 * DCI with the regressors of Eastwood and Williams' code (github.com/cianeastwood/qedr, {@code
 * quantify.ipynb}): {@link DciLearner#LASSO} and {@link DciLearner#RANDOM_FOREST}.
 *
 * <p>As there, the latents and each factor's codes are standardised with the training rows' mean
 * and standard deviation (ddof 0; a latent constant in training becomes 0), one regressor per
 * factor predicts the standardised code from the standardised latents, and the importance column of
 * the factor is |{@code coef_}| (lasso, not normalised, as the paper's R) or {@code
 * feature_importances_} (random forest). The factor's informativeness is 1 − NRMSE, NRMSE = the
 * root mean squared error of the predictions over the standard deviation of the targets (the
 * paper's prediction error E, their {@code nrmse}), on the test rows (and on the training rows for
 * the training figure); a perfect prediction scores 1, predicting the mean 0.
 */
final class RegressionDci {

  /** The lasso's α, Eastwood and Williams' {@code alpha = 0.02}. */
  static final double LASSO_ALPHA = 0.02;

  /** Trees of the random forest, Eastwood and Williams' {@code n_estimators = 10}. */
  static final int FOREST_TREES = 10;

  /**
   * Depth of the forest's trees. Eastwood and Williams tuned it per model and factor (2 to 12);
   * Candela fixes one so that scores compare across models: 10, the depth their tuning chose most
   * often for the position factors.
   */
  static final int FOREST_MAX_DEPTH = 10;

  private RegressionDci() {}

  /** Inputs already checked by {@link Dci#compute(LatentCodes, LatentCodes, long, DciLearner)}. */
  static DciResult compute(LatentCodes train, LatentCodes test, long seed, DciLearner learner) {
    int numLatents = train.numLatents();
    double[][] trainX = new double[numLatents][];
    double[][] testX = new double[numLatents][];
    for (int j = 0; j < numLatents; j++) {
      float[] tr = train.latents()[j];
      double[] ms = meanStd(tr);
      trainX[j] = standardised(tr, ms);
      testX[j] = standardised(test.latents()[j], ms);
    }
    float[][] trainX32 = learner == DciLearner.RANDOM_FOREST ? toFloat(trainX) : null;
    float[][] testX32 = learner == DciLearner.RANDOM_FOREST ? toFloat(testX) : null;
    Lasso.Design design = learner == DciLearner.LASSO ? Lasso.Design.of(trainX) : null;
    long randomState = Math.floorMod(seed, 1L << 32);
    List<Dci.FactorFit> fits = new ArrayList<>();
    for (int k = 0; k < train.numFactors(); k++) {
      int[] trainCodes = train.factors()[k];
      double[] ms = meanStd(trainCodes);
      double[] yTrain = standardised(trainCodes, ms);
      double[] yTest = standardised(test.factors()[k], ms);
      double[] importance;
      double[] predTrain;
      double[] predTest;
      if (learner == DciLearner.LASSO) {
        Lasso lasso = Lasso.fit(design, yTrain, LASSO_ALPHA);
        importance = lasso.coefficients();
        for (int j = 0; j < importance.length; j++) {
          importance[j] = Math.abs(importance[j]);
        }
        predTrain = lasso.predict(trainX);
        predTest = lasso.predict(testX);
      } else {
        RandomForestRegressor forest =
            RandomForestRegressor.fit(
                trainX32, yTrain, FOREST_TREES, FOREST_MAX_DEPTH, randomState);
        importance = forest.featureImportances();
        predTrain = forest.predict(trainX32);
        predTest = forest.predict(testX32);
      }
      fits.add(
          new Dci.FactorFit(
              importance, 1.0 - nrmse(predTrain, yTrain), 1.0 - nrmse(predTest, yTest)));
    }
    return Dci.result(fits, train, test, seed, learner);
  }

  /**
   * Eastwood and Williams' {@code nrmse}: the root mean squared error over the standard deviation
   * of the targets (ddof 0); 0 for a perfect prediction of constant targets, infinite for an
   * imperfect one.
   */
  static double nrmse(double[] predicted, double[] target) {
    double se = 0.0;
    for (int i = 0; i < target.length; i++) {
      double d = predicted[i] - target[i];
      se += d * d;
    }
    double rmse = Math.sqrt(se / target.length);
    double sd = meanStd(target)[1];
    if (sd == 0.0) {
      return rmse == 0.0 ? 0.0 : Double.POSITIVE_INFINITY;
    }
    return rmse / sd;
  }

  private static double[] meanStd(float[] v) {
    double[] d = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      d[i] = v[i];
    }
    return meanStd(d);
  }

  private static double[] meanStd(int[] v) {
    double[] d = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      d[i] = v[i];
    }
    return meanStd(d);
  }

  /** numpy's {@code mean} and {@code std} (ddof 0, two passes). */
  private static double[] meanStd(double[] v) {
    double s = 0.0;
    for (double x : v) {
      s += x;
    }
    double mean = s / v.length;
    double ss = 0.0;
    for (double x : v) {
      double d = x - mean;
      ss += d * d;
    }
    return new double[] {mean, Math.sqrt(ss / v.length)};
  }

  private static double[] standardised(float[] v, double[] ms) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = ms[1] > 0.0 ? (v[i] - ms[0]) / ms[1] : 0.0;
    }
    return out;
  }

  private static double[] standardised(int[] v, double[] ms) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = ms[1] > 0.0 ? (v[i] - ms[0]) / ms[1] : 0.0;
    }
    return out;
  }

  private static float[][] toFloat(double[][] x) {
    float[][] out = new float[x.length][];
    for (int j = 0; j < x.length; j++) {
      out[j] = new float[x[j].length];
      for (int i = 0; i < x[j].length; i++) {
        out[j][i] = (float) x[j][i];
      }
    }
    return out;
  }
}
