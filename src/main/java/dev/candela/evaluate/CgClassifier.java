package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.FactorClassifier;
import dev.candela.model.hosting.VaeModel;
import java.nio.file.Path;
import java.util.List;

/**
 * The factor classifier of CG ({@link CgJob}), loaded and matched to the selection's factors: its
 * probabilities come in the selection's factor order, and {@link #check} is its check on a VAE's
 * reconstructions. The check of its folder before any work is {@link CgChecks#checkClassifier}.
 */
public final class CgClassifier implements AutoCloseable {
  private final FactorClassifier model;
  private final Path dir;
  private final List<String> names;
  private final int[] index;

  private CgClassifier(FactorClassifier model, Path dir, List<String> names, int[] index) {
    this.model = model;
    this.dir = dir;
    this.names = names;
    this.index = index;
  }

  /**
   * Loads a classifier folder and matches it to factors by name and size.
   *
   * @param dir the classifier's folder
   * @param device the device
   * @param batchSize images per engine call
   * @param names the factors CG scores (the selection's)
   * @param space the dataset's factors
   * @return the classifier; close it
   * @throws CandelaException when it cannot be loaded or does not cover the factors
   */
  public static CgClassifier load(
      Path dir, ComputeDevice device, int batchSize, List<String> names, FactorSpace space)
      throws CandelaException {
    FactorClassifier clf = FactorClassifier.load(dir, device, batchSize);
    try {
      int[] index = ModelMatch.matchClassifier(clf.factors(), dir, names, space);
      return new CgClassifier(clf, dir, List.copyOf(names), index);
    } catch (CandelaException | RuntimeException e) {
      clf.close();
      throw e;
    }
  }

  /**
   * The loaded model.
   *
   * @return the classifier (owned by this object)
   */
  public FactorClassifier model() {
    return model;
  }

  /**
   * The classifier's card.
   *
   * @return the card
   */
  public ModelCard card() {
    return model.card();
  }

  /**
   * The probabilities of decoded images, in the matched factors' order.
   *
   * @param input the decoder's image shape
   * @return {@code [factor][sample][value]} for the matched factors
   */
  public FactorProbabilities probabilities(ModelCard.Shape input) {
    return (images, m) -> {
      float[][][] p = model.probabilities(images, m, input);
      float[][][] o = new float[index.length][][];
      for (int k = 0; k < index.length; k++) {
        o[k] = p[index[k]];
      }
      return o;
    };
  }

  /**
   * The classifier check of {@code evaluate} ({@link ModelFitness#classifier}) on the evaluation
   * samples.
   *
   * @param ds the dataset
   * @param idx the evaluation samples
   * @param vae the VAE whose reconstructions CG classifies
   * @param batchSize images per engine call
   * @param readout how CG reads the classifier (the check reads it the same way)
   * @return the check
   * @throws CandelaException when the dataset cannot be read
   */
  public ModelFitness.ClassifierCheck check(
      FactorDataset ds, long[] idx, VaeModel vae, int batchSize, CgReadout readout)
      throws CandelaException {
    return ModelFitness.classifier(model, dir, ds, idx, vae, batchSize, names, readout);
  }

  @Override
  public void close() {
    model.close();
  }
}
