package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.metrics.cg.CgReadout;
import java.util.List;

/**
 * The model checks and CG's classifier on one run's evaluation samples, opened the same way by
 * {@code evaluate} (its {@link EvaluationContext}, read by {@link VaeCheckStage} and {@link
 * CgStage}) and {@code counterfactuals} ({@link CounterfactualDriver}): the VAE's fitness check
 * ({@link ModelRun#vaeCheck}), the classifier loaded once and matched to the selection's factors
 * ({@link ModelRun#classifier}) and its check on the VAE's reconstructions ({@link
 * ModelRun#classifierCheck}), each computed once when first asked for. Closing it closes the
 * classifier when it was loaded (not the run, which the caller owns).
 */
final class CgModels implements AutoCloseable {
  private final ModelRun run;
  private final long[] idx;
  private final CgReadout readout;
  private ModelFitness.VaeCheck vaeCheck;
  private CgClassifier classifier;
  private List<String> factorNames;
  private ModelFitness.ClassifierCheck classifierCheck;

  /**
   * The checks and classifier of a run.
   *
   * @param run the started run (VAE, dataset, classifier folder)
   * @param idx the evaluation samples' dataset indices
   * @param readout how CG, and the classifier's check, read the classifier
   */
  CgModels(ModelRun run, long[] idx, CgReadout readout) {
    this.run = run;
    this.idx = idx;
    this.readout = readout;
  }

  /**
   * The VAE's fitness check on the evaluation samples, run once.
   *
   * @return the check
   * @throws CandelaException when the images cannot be read
   */
  ModelFitness.VaeCheck vaeCheck() throws CandelaException {
    if (vaeCheck == null) {
      vaeCheck = run.vaeCheck(idx);
    }
    return vaeCheck;
  }

  /**
   * CG's classifier, loaded once and matched to the selection's factors; closed with this.
   *
   * @param names the selection's factors (the same at every call)
   * @return the classifier
   * @throws CandelaException when it cannot be loaded or does not cover the factors
   */
  CgClassifier classifier(List<String> names) throws CandelaException {
    if (classifier == null) {
      classifier = run.classifier(names);
      factorNames = List.copyOf(names);
    } else if (!factorNames.equals(names)) {
      throw new IllegalStateException(
          "the classifier was matched to " + factorNames + ", not to " + names);
    }
    return classifier;
  }

  /**
   * The loaded classifier's check on the VAE's reconstructions of the evaluation samples, run once.
   *
   * @return the check
   * @throws CandelaException when the dataset cannot be read
   * @throws IllegalStateException when the classifier was not loaded ({@link #classifier})
   */
  ModelFitness.ClassifierCheck classifierCheck() throws CandelaException {
    if (classifier == null) {
      throw new IllegalStateException("the classifier is checked once it is loaded");
    }
    if (classifierCheck == null) {
      classifierCheck = run.classifierCheck(classifier, idx, readout);
    }
    return classifierCheck;
  }

  /** Closes the classifier when it was loaded. */
  @Override
  public void close() {
    if (classifier != null) {
      classifier.close();
      classifier = null;
    }
  }
}
