package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import java.util.List;

/**
 * The result of {@link Explicitness#compute}: mean one-vs-rest ROC-AUC of a logistic regression per
 * factor, on the test and on the training set, with the per-class details.
 *
 * @param explicitness mean over factors of the test AUC
 * @param trainExplicitness mean over factors of the training AUC
 * @param testAucPerFactor macro-averaged one-vs-rest test AUC of each factor
 * @param trainAucPerFactor macro-averaged one-vs-rest training AUC of each factor
 * @param classes {@code classes[k]} = the codes of factor k seen in training, ascending (the class
 *     list used for both train and test)
 * @param testAucPerClass {@code testAucPerClass[k][c]} = test AUC of class {@code classes[k][c]}
 *     against the rest, NaN when the test set has no sample of the class (or only that class)
 * @param trainAucPerClass {@code trainAucPerClass[k][c]} = training AUC of class {@code
 *     classes[k][c]} against the rest
 * @param unseenTestSamples {@code unseenTestSamples[k]} = test samples whose code of factor k never
 *     occurs in training (they count as negatives for every class)
 * @param factorNames one name per factor
 * @param seed the seed of liblinear's random generator
 * @param numTrain training samples used
 * @param numTest test samples used
 */
public record ExplicitnessResult(
    double explicitness,
    double trainExplicitness,
    double[] testAucPerFactor,
    double[] trainAucPerFactor,
    int[][] classes,
    double[][] testAucPerClass,
    double[][] trainAucPerClass,
    int[] unseenTestSamples,
    List<String> factorNames,
    long seed,
    int numTrain,
    int numTest) {

  /** Copies the arrays and checks that the shapes agree with the factor names. */
  public ExplicitnessResult {
    testAucPerFactor = testAucPerFactor.clone();
    trainAucPerFactor = trainAucPerFactor.clone();
    classes = Arrays2.deepCopy(classes);
    testAucPerClass = Arrays2.deepCopy(testAucPerClass);
    trainAucPerClass = Arrays2.deepCopy(trainAucPerClass);
    unseenTestSamples = unseenTestSamples.clone();
    factorNames = List.copyOf(factorNames);
    int k = factorNames.size();
    LearnedMetricInputs.requirePerFactor(
        k,
        testAucPerFactor.length,
        trainAucPerFactor.length,
        classes.length,
        testAucPerClass.length,
        trainAucPerClass.length,
        unseenTestSamples.length);
    for (int f = 0; f < k; f++) {
      if (testAucPerClass[f].length != classes[f].length
          || trainAucPerClass[f].length != classes[f].length) {
        throw new IllegalArgumentException(
            "factor "
                + f
                + " has "
                + classes[f].length
                + " classes but "
                + testAucPerClass[f].length
                + " test and "
                + trainAucPerClass[f].length
                + " training per-class AUCs");
      }
    }
  }

  /**
   * Test AUC per factor.
   *
   * @return a copy
   */
  @Override
  public double[] testAucPerFactor() {
    return testAucPerFactor.clone();
  }

  /**
   * Training AUC per factor.
   *
   * @return a copy
   */
  @Override
  public double[] trainAucPerFactor() {
    return trainAucPerFactor.clone();
  }

  /**
   * Training class codes per factor.
   *
   * @return a deep copy
   */
  @Override
  public int[][] classes() {
    return Arrays2.deepCopy(classes);
  }

  /**
   * Test AUC per factor and class.
   *
   * @return a deep copy
   */
  @Override
  public double[][] testAucPerClass() {
    return Arrays2.deepCopy(testAucPerClass);
  }

  /**
   * Training AUC per factor and class.
   *
   * @return a deep copy
   */
  @Override
  public double[][] trainAucPerClass() {
    return Arrays2.deepCopy(trainAucPerClass);
  }

  /**
   * Test samples with a code unseen in training, per factor.
   *
   * @return a copy
   */
  @Override
  public int[] unseenTestSamples() {
    return unseenTestSamples.clone();
  }
}
