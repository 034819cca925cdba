package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.DeviceChoice;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The one preamble of a run of a VAE on a dataset, shared by {@code evaluate} ({@link Evaluation},
 * whose {@link EvaluationContext} holds it) and {@code counterfactuals} ({@link
 * CounterfactualDriver}): the model card read and matched to the dataset, the classifier folder
 * checked against the dataset's factors before any work, the device resolved, the VAE loaded with
 * its decoder, the output folder created; then the provenance's start, the VAE's fitness check, and
 * CG's classifier loaded, matched and checked, each the same way for both commands. Closing it
 * closes the VAE.
 */
final class ModelRun implements AutoCloseable {

  /**
   * What a run starts from.
   *
   * @param modelDir the VAE's folder
   * @param classifier CG's classifier folder, or null when the run has no CG
   * @param device the device asked for
   * @param batchSize images per engine call
   * @param out the output folder
   */
  record Start(Path modelDir, Path classifier, DeviceChoice device, int batchSize, Path out) {}

  private final FactorDataset dataset;
  private final Start start;
  private final ModelCard card;
  private final ComputeDevice device;
  private final VaeModel vae;
  private final LatentDecoder decoder;

  private ModelRun(
      FactorDataset dataset, Start start, ModelCard card, ComputeDevice device, VaeModel vae) {
    this.dataset = dataset;
    this.start = start;
    this.card = card;
    this.device = device;
    this.vae = vae;
    ModelCard.Shape in = card.input();
    this.decoder =
        LatentDecoder.of(new int[] {in.channels(), in.height(), in.width()}, vae::decode);
  }

  /**
   * Checks the model and classifier folders against the dataset, loads the VAE and creates the
   * output folder.
   *
   * @param dataset the opened dataset (owned by the caller)
   * @param start the folders and the device
   * @return the run
   * @throws CandelaException when a folder does not fit the dataset, the VAE cannot be loaded or
   *     the output folder cannot be created
   */
  static ModelRun open(FactorDataset dataset, Start start) throws CandelaException {
    Path modelDir = start.modelDir();
    ModelCard.requireFolder(modelDir);
    ModelCard card = ModelCard.read(modelDir);
    ModelMatch.checkModelMatchesDataset(card, modelDir, dataset);
    if (start.classifier() != null) {
      // before any work: a classifier for other factors would fail only at CG
      CgChecks.checkClassifier(start.classifier(), dataset.space());
    }
    ComputeDevice device = start.device().resolve();
    VaeModel vae = VaeModels.load(modelDir, device, start.batchSize());
    try {
      Files.createDirectories(start.out());
      return new ModelRun(dataset, start, card, device, vae);
    } catch (IOException e) {
      vae.close();
      throw new CandelaException(start.out() + ": cannot create (" + e.getMessage() + ")", e);
    } catch (RuntimeException e) {
      vae.close();
      throw e;
    }
  }

  /** The dataset. */
  FactorDataset dataset() {
    return dataset;
  }

  /** The VAE's folder. */
  Path modelDir() {
    return start.modelDir();
  }

  /** The VAE's card. */
  ModelCard card() {
    return card;
  }

  /** The device the models run on. */
  ComputeDevice device() {
    return device;
  }

  /** The loaded VAE. */
  VaeModel vae() {
    return vae;
  }

  /** The VAE's decoder of latent rows. */
  LatentDecoder decoder() {
    return decoder;
  }

  /** The output folder. */
  Path out() {
    return start.out();
  }

  /** Images per engine call. */
  int batchSize() {
    return start.batchSize();
  }

  /**
   * Dataset images in the decoder's output shape ({@link Evaluation#inDecoderShape}).
   *
   * @param images {@code n} images in the dataset's shape
   * @param n the number of images
   * @return the images in the decoder's shape
   */
  float[] inDecoderShape(float[] images, int n) {
    return Evaluation.inDecoderShape(dataset, images, n, decoder);
  }

  /**
   * The provenance's start: the VAE, the dataset, the run's parameters, then the VAE's training
   * dataset.
   *
   * @param seed the run's seed
   * @param datasetPath the dataset's path as given
   * @param params the run's parameters, in the order they are recorded
   * @return the provenance under construction
   * @throws CandelaException when the dataset's fingerprint cannot be computed
   */
  ProvenanceBuilder provenance(long seed, Path datasetPath, Map<String, Object> params)
      throws CandelaException {
    return new ProvenanceBuilder(seed)
        .model("model", start.modelDir(), card)
        .dataset(datasetPath, dataset)
        .params(params)
        .trainingDataset(card);
  }

  /**
   * The VAE's fitness check ({@link ModelFitness#vae}) on the evaluation samples.
   *
   * @param idx the evaluation samples
   * @return the check
   * @throws CandelaException when the images cannot be read
   */
  ModelFitness.VaeCheck vaeCheck(long[] idx) throws CandelaException {
    return ModelFitness.vae(vae, start.modelDir(), dataset, idx, this::inDecoderShape);
  }

  /**
   * CG's classifier, loaded and matched to the selection's factors ({@link CgClassifier#load}).
   *
   * @param factorNames the selection's factors
   * @return the classifier (the caller closes it)
   * @throws CandelaException when it cannot be loaded or does not cover the factors
   */
  CgClassifier classifier(List<String> factorNames) throws CandelaException {
    return CgClassifier.load(
        start.classifier(), device, start.batchSize(), factorNames, dataset.space());
  }

  /**
   * The classifier's check on the VAE's reconstructions of the evaluation samples ({@link
   * CgClassifier#check}).
   *
   * @param clf the classifier
   * @param idx the evaluation samples
   * @param readout how CG reads the classifier
   * @return the check
   * @throws CandelaException when the dataset cannot be read
   */
  ModelFitness.ClassifierCheck classifierCheck(CgClassifier clf, long[] idx, CgReadout readout)
      throws CandelaException {
    return clf.check(dataset, idx, vae, start.batchSize(), readout);
  }

  /** Closes the VAE. */
  @Override
  public void close() {
    vae.close();
  }
}
