package dev.candela.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hyper-parameters of a VAE training run. Defaults follow the CANDLE paper and disentanglement_lib
 * (batch 64, Adam 1e-4, β 4, γ 6 for FactorVAE, λ_od 10 and λ_d = 10·λ_od for DIP-VAE-I, 10% labels
 * for the semi-supervised variants).
 *
 * @param objective the objective
 * @param latentDim D
 * @param epochs number of passes over the training subset
 * @param batchSize batch size
 * @param seed seed of initialisation, sampling and shuffling
 * @param learningRate Adam learning rate (β1 0.9, β2 0.999, ε 1e-8)
 * @param beta β of β-VAE and β-TCVAE
 * @param gamma γ of FactorVAE
 * @param lambdaOd DIP-VAE-I off-diagonal weight
 * @param lambdaD DIP-VAE-I diagonal weight
 * @param supervisedFraction fraction of samples whose labels the ss- variants use
 * @param supervisedWeight weight of the supervised term
 * @param boxWeight λ of the bounding-box term of ss-fvae-bb
 * @param discriminatorLearningRate FactorVAE discriminator Adam learning rate (β1 0.5, β2 0.9)
 * @param limit number of training images (a seeded subset), or 0 for all
 * @param architecture {@value Architectures#DL_CONV64} (images area-resized to 64 × 64) or {@value
 *     Architectures#DL_CONV_CANDLE} (native 240 × 320 images)
 */
public record VaeTrainingConfig(
    Objective objective,
    int latentDim,
    int epochs,
    int batchSize,
    long seed,
    double learningRate,
    double beta,
    double gamma,
    double lambdaOd,
    double lambdaD,
    double supervisedFraction,
    double supervisedWeight,
    double boxWeight,
    double discriminatorLearningRate,
    int limit,
    String architecture) {

  /** Validates the hyper-parameters; the message names the offending option and value. */
  public VaeTrainingConfig {
    if (objective == null) {
      throw new IllegalArgumentException("--objective is required");
    }
    positive("--latent-dim", latentDim);
    positive("--epochs", epochs);
    if (batchSize < 2) {
      throw new IllegalArgumentException("--batch-size must be >= 2, got " + batchSize);
    }
    finitePositive("--lr", learningRate);
    finitePositive("--discriminator-lr", discriminatorLearningRate);
    if (!(beta >= 0) || Double.isInfinite(beta)) {
      throw new IllegalArgumentException("--beta must be a finite number >= 0, got " + beta);
    }
    if (objective.base() == Objective.Base.BETA_TCVAE && beta < 1) {
      throw new IllegalArgumentException("--beta must be >= 1 for beta-tcvae, got " + beta);
    }
    nonNegative("--gamma", gamma);
    nonNegative("--lambda-od", lambdaOd);
    nonNegative("--lambda-d", lambdaD);
    nonNegative("--ss-weight", supervisedWeight);
    nonNegative("--box-weight", boxWeight);
    if (!(supervisedFraction > 0 && supervisedFraction <= 1)) {
      throw new IllegalArgumentException(
          "--label-fraction must be in (0, 1], got " + supervisedFraction);
    }
    if (limit < 0) {
      throw new IllegalArgumentException("--limit must be >= 0, got " + limit);
    }
    if (!Architectures.DL_CONV64.equals(architecture)
        && !Architectures.DL_CONV_CANDLE.equals(architecture)) {
      throw new IllegalArgumentException(
          "--architecture must be "
              + Architectures.DL_CONV64
              + " or "
              + Architectures.DL_CONV_CANDLE
              + ", got "
              + architecture);
    }
  }

  /**
   * A {@value Architectures#DL_CONV64} configuration (see the canonical constructor).
   *
   * @param objective the objective
   * @param latentDim D
   * @param epochs epochs
   * @param batchSize batch size
   * @param seed seed
   * @param learningRate Adam learning rate
   * @param beta β
   * @param gamma γ
   * @param lambdaOd DIP-VAE-I off-diagonal weight
   * @param lambdaD DIP-VAE-I diagonal weight
   * @param supervisedFraction labelled fraction
   * @param supervisedWeight weight of the supervised term
   * @param boxWeight λ of the box term
   * @param discriminatorLearningRate discriminator learning rate
   * @param limit training images, or 0 for all
   */
  public VaeTrainingConfig(
      Objective objective,
      int latentDim,
      int epochs,
      int batchSize,
      long seed,
      double learningRate,
      double beta,
      double gamma,
      double lambdaOd,
      double lambdaD,
      double supervisedFraction,
      double supervisedWeight,
      double boxWeight,
      double discriminatorLearningRate,
      int limit) {
    this(
        objective,
        latentDim,
        epochs,
        batchSize,
        seed,
        learningRate,
        beta,
        gamma,
        lambdaOd,
        lambdaD,
        supervisedFraction,
        supervisedWeight,
        boxWeight,
        discriminatorLearningRate,
        limit,
        Architectures.DL_CONV64);
  }

  /**
   * This configuration with another architecture.
   *
   * @param name {@value Architectures#DL_CONV64} or {@value Architectures#DL_CONV_CANDLE}
   * @return the configuration
   */
  public VaeTrainingConfig withArchitecture(String name) {
    return new VaeTrainingConfig(
        objective,
        latentDim,
        epochs,
        batchSize,
        seed,
        learningRate,
        beta,
        gamma,
        lambdaOd,
        lambdaD,
        supervisedFraction,
        supervisedWeight,
        boxWeight,
        discriminatorLearningRate,
        limit,
        name);
  }

  /**
   * The defaults for an objective.
   *
   * @param objective the objective
   * @param latentDim D
   * @param epochs epochs
   * @param seed seed
   * @return the configuration
   */
  public static VaeTrainingConfig defaults(
      Objective objective, int latentDim, int epochs, long seed) {
    return new VaeTrainingConfig(
        objective, latentDim, epochs, 64, seed, 1e-4, 4, 6, 10, 100, 0.1, 10, 1, 1e-4, 0);
  }

  private static void positive(String name, int v) {
    if (v <= 0) {
      throw new IllegalArgumentException(name + " must be > 0, got " + v);
    }
  }

  private static void finitePositive(String name, double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(name + " must be a finite number > 0, got " + v);
    }
  }

  private static void nonNegative(String name, double v) {
    if (!(v >= 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + v);
    }
  }

  /**
   * The configuration as a map (for the model card and the checkpoint); the architecture appears
   * only when it is not the default {@value Architectures#DL_CONV64}.
   *
   * @return ordered map
   */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("objective", objective.id());
    m.put("latentDim", latentDim);
    m.put("epochs", epochs);
    m.put("batchSize", batchSize);
    m.put("seed", seed);
    m.put("learningRate", learningRate);
    switch (objective.base()) {
      case BETA_VAE, BETA_TCVAE -> m.put("beta", beta);
      case FACTOR_VAE -> {
        m.put("gamma", gamma);
        m.put("discriminatorLearningRate", discriminatorLearningRate);
      }
      case DIP_VAE_I -> {
        m.put("lambdaOd", lambdaOd);
        m.put("lambdaD", lambdaD);
      }
    }
    if (objective.semiSupervised()) {
      m.put("labelFraction", supervisedFraction);
      m.put("ssWeight", supervisedWeight);
    }
    if (objective.boundingBox()) {
      m.put("boxWeight", boxWeight);
    }
    m.put("limit", limit);
    if (!Architectures.DL_CONV64.equals(architecture)) {
      // dl-conv64 is left out so checkpoints written before the option existed still resume
      m.put("architecture", architecture);
    }
    return m;
  }
}
