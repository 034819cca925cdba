package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
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
    Vector testAucPerFactor,
    Vector trainAucPerFactor,
    List<List<Integer>> classes,
    Matrix testAucPerClass,
    Matrix trainAucPerClass,
    List<Integer> unseenTestSamples,
    List<String> factorNames,
    long seed,
    int numTrain,
    int numTest) {

  /** Checks that the shapes agree with the factor names. */
  public ExplicitnessResult {
    classes = Arrays2.copyRows(classes);
    unseenTestSamples = List.copyOf(unseenTestSamples);
    factorNames = List.copyOf(factorNames);
    int k = factorNames.size();
    LearnedMetricInputs.requirePerFactor(
        k,
        testAucPerFactor.length(),
        trainAucPerFactor.length(),
        classes.size(),
        testAucPerClass.rows(),
        trainAucPerClass.rows(),
        unseenTestSamples.size());
    for (int f = 0; f < k; f++) {
      int n = classes.get(f).size();
      int test = testAucPerClass.row(f).length();
      int train = trainAucPerClass.row(f).length();
      if (test != n || train != n) {
        throw new IllegalArgumentException(
            "factor "
                + f
                + " has "
                + n
                + " classes but "
                + test
                + " test and "
                + train
                + " training per-class AUCs");
      }
    }
  }
}
