package dev.candela.model.training;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The loss of one unsupervised VAE objective (β-VAE, β-TCVAE, DIP-VAE-I, FactorVAE), built on the
 * two ELBO terms every objective shares. Additions such as the semi-supervised and bounding-box
 * terms are {@link LossTerm}s composed after it. An objective with its own network (FactorVAE's
 * discriminator) trains it in {@link #afterStep} and exposes it for the checkpoint.
 */
interface VaeLoss extends AutoCloseable {

  /**
   * The loss of a configuration's base objective; FactorVAE's discriminator is initialised here
   * (after the VAE, so the engine's random stream is consumed in the same order) or restored.
   *
   * @param cfg the configuration
   * @param device the device
   * @param batch the batch size
   * @param restoreFrom the checkpoint to restore an objective's own network from, or null
   * @return the loss
   * @throws BadInputException when the checkpoint cannot be read
   */
  static VaeLoss of(VaeTrainingConfig cfg, Device device, int batch, Checkpoints restoreFrom)
      throws BadInputException {
    return switch (cfg.objective().base()) {
      case BETA_VAE -> new BetaVaeLoss(cfg.beta());
      case BETA_TCVAE -> new BetaTcVaeLoss(cfg.beta());
      case DIP_VAE_I -> new DipVaeILoss(cfg.lambdaOd(), cfg.lambdaD());
      case FACTOR_VAE -> new FactorVaeLoss(cfg, device, batch, restoreFrom);
    };
  }

  /**
   * The terms a configuration composes after its objective: the semi-supervised term, the
   * bounding-box term.
   *
   * @param cfg the configuration
   * @param supervised the number of supervised factors
   * @param height network input height
   * @param width network input width
   * @return the terms, in order
   */
  static List<LossTerm> additions(VaeTrainingConfig cfg, int supervised, int height, int width) {
    List<LossTerm> additions = new ArrayList<>();
    if (cfg.objective().semiSupervised()) {
      additions.add(new SupervisedTerm(supervised, cfg.supervisedWeight()));
    }
    if (cfg.objective().boundingBox()) {
      additions.add(new BoundingBoxTerm(height, width, (float) cfg.boxWeight()));
    }
    return additions;
  }

  /**
   * The objective's loss of a batch; puts its own named terms (after {@code recon} and {@code kl},
   * which the caller has put) into {@code terms}.
   *
   * @param batch the batch and the VAE's outputs
   * @param recon the Bernoulli reconstruction term
   * @param kl the Gaussian KL term
   * @param terms receives the named scalar terms, in order
   * @return the loss
   */
  NDArray loss(VaeBatch batch, NDArray recon, NDArray kl, Map<String, Float> terms);

  /** Clears accumulated gradients of the objective's own network before a step. */
  default void zeroGradients() {}

  /**
   * Runs after the VAE's optimiser step.
   *
   * @param batch the batch ({@link VaeBatch#zDetached} is set)
   * @param rng the epoch's random stream
   * @param terms receives further named terms
   */
  default void afterStep(VaeBatch batch, SplittableRandom rng, Map<String, Float> terms) {}

  /**
   * The objective's own model, checkpointed beside the VAE.
   *
   * @return the model, or null
   */
  default Model auxiliaryModel() {
    return null;
  }

  /**
   * The optimiser of {@link #auxiliaryModel()}.
   *
   * @return the optimiser, or null
   */
  default CheckpointAdam auxiliaryOptimizer() {
    return null;
  }

  @Override
  default void close() throws CandelaException {}

  /** An additive term composed after the objective's loss. */
  @FunctionalInterface
  interface LossTerm {
    /**
     * Adds the term.
     *
     * @param loss the loss so far
     * @param batch the batch
     * @param terms receives the term's name and value
     * @return the loss with the term
     */
    NDArray addTo(NDArray loss, VaeBatch batch, Map<String, Float> terms);
  }
}
