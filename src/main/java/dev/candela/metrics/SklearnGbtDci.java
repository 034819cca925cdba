package dev.candela.metrics;

import dev.candela.metrics.gbt.ForkJoinTasks;
import dev.candela.metrics.gbt.GradientBoostingClassifier;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * DCI with {@link DciLearner#SKLEARN_GBT}: disentanglement_lib's {@code compute_importance_gbt},
 * one {@link GradientBoostingClassifier} with sklearn's defaults per factor, importance column =
 * |{@code feature_importances_}|.
 */
final class SklearnGbtDci {

  private SklearnGbtDci() {}

  /** Inputs already checked by {@link Dci#compute(LatentCodes, LatentCodes, long, DciLearner)}. */
  static DciResult compute(LatentCodes train, LatentCodes test, long seed) {
    int numFactors = train.numFactors();
    // sklearn converts X to float32; the latents are float32 already
    float[][] trainX = train.latents();
    float[][] testX = test.latents();
    long randomState = Math.floorMod(seed, 1L << 32);
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    Dci.FactorFit[] fits = new Dci.FactorFit[numFactors];
    ForkJoinPool pool = new ForkJoinPool(threads);
    try {
      pool.invoke(
          ForkJoinTask.adapt(
              () ->
                  ForkJoinTasks.invokeEach(
                      numFactors,
                      f ->
                          fits[f] =
                              fitFactor(
                                  trainX,
                                  train.factors()[f],
                                  testX,
                                  test.factors()[f],
                                  randomState,
                                  pool))));
    } finally {
      pool.shutdownNow();
    }
    return Dci.result(Arrays.asList(fits), train, test, seed, DciLearner.SKLEARN_GBT);
  }

  private static Dci.FactorFit fitFactor(
      float[][] trainX,
      int[] yTrain,
      float[][] testX,
      int[] yTest,
      long randomState,
      ForkJoinPool pool) {
    int[] classes = LearnedMetricInputs.classes(yTrain);
    int[] labels = LearnedMetricInputs.labels(classes, yTrain);
    GradientBoostingClassifier model =
        GradientBoostingClassifier.fit(
            trainX,
            labels,
            classes.length,
            randomState,
            GradientBoostingClassifier.Parameters.SKLEARN_DEFAULTS,
            pool);
    double[] importance = model.featureImportances();
    for (int j = 0; j < importance.length; j++) {
      importance[j] = Math.abs(importance[j]);
    }
    return new Dci.FactorFit(
        importance,
        accuracy(model.predict(trainX), classes, yTrain),
        accuracy(model.predict(testX), classes, yTest));
  }

  private static double accuracy(int[] predicted, int[] classes, int[] truth) {
    int correct = 0;
    for (int i = 0; i < truth.length; i++) {
      if (classes[predicted[i]] == truth[i]) {
        correct++;
      }
    }
    return (double) correct / truth.length;
  }
}
