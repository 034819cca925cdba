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
 * @param architecture one of {@link Architectures#VAES}: {@value Architectures#DL_CONV64} (images
 *     area-resized to 64 × 64), {@value Architectures#DL_CONV_CANDLE} (native 240 × 320 images), or
 *     their {@code -upsample} variants
 * @param discriminatorLayers hidden layers of the FactorVAE discriminator (default 6)
 * @param discriminatorUnits units per hidden layer of the FactorVAE discriminator (default 1000)
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
    String architecture,
    int discriminatorLayers,
    int discriminatorUnits) {

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
    if (!Architectures.VAES.contains(architecture)) {
      throw new IllegalArgumentException(
          "--architecture must be one of "
              + String.join(", ", Architectures.VAES)
              + ", got "
              + architecture);
    }
    if (discriminatorLayers < 1 || discriminatorLayers > MAX_DISC_LAYERS) {
      throw new IllegalArgumentException(
          "--disc-layers must be in [1, " + MAX_DISC_LAYERS + "], got " + discriminatorLayers);
    }
    if (discriminatorUnits < 1 || discriminatorUnits > MAX_DISC_UNITS) {
      throw new IllegalArgumentException(
          "--disc-units must be in [1, " + MAX_DISC_UNITS + "], got " + discriminatorUnits);
    }
  }

  /** Largest accepted {@code --disc-layers}. */
  public static final int MAX_DISC_LAYERS = 64;

  /** Largest accepted {@code --disc-units} (a 10⁴ × 10⁴ layer is already 400 MB of weights). */
  public static final int MAX_DISC_UNITS = 10_000;

  /**
   * A configuration with the default discriminator (6 × 1000; see the canonical constructor).
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
   * @param architecture the architecture
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
      int limit,
      String architecture) {
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
        architecture,
        Architectures.DISCRIMINATOR_LAYERS,
        Architectures.DISCRIMINATOR_UNITS);
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
   * This configuration with another FactorVAE discriminator size.
   *
   * @param layers hidden layers
   * @param units units per hidden layer
   * @return the configuration
   */
  public VaeTrainingConfig withDiscriminator(int layers, int units) {
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
        architecture,
        layers,
        units);
  }

  /**
   * This configuration with another architecture.
   *
   * @param name one of {@link Architectures#VAES}
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
        name,
        discriminatorLayers,
        discriminatorUnits);
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
   * The configuration as a map (for the model card and the checkpoint), with the architecture and,
   * for FactorVAE objectives, the discriminator's size.
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
        m.put("discriminatorLayers", discriminatorLayers);
        m.put("discriminatorUnits", discriminatorUnits);
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
    m.put("architecture", architecture);
    return m;
  }

  /**
   * The values that checkpoints written before an option existed implied for it (they are filled in
   * before a resumed configuration is compared): the upsampling {@value
   * Architectures#DL_CONV64_UPSAMPLE} decoder and, for FactorVAE, a 3 × 256 discriminator.
   *
   * @return key to implied value
   */
  public Map<String, Object> legacyDefaults() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("architecture", Architectures.DL_CONV64_UPSAMPLE);
    if (objective.base() == Objective.Base.FACTOR_VAE) {
      m.put("discriminatorLayers", 3);
      m.put("discriminatorUnits", 256);
    }
    return m;
  }
}
