package dev.candela.model.training;

import dev.candela.Setting;
import dev.candela.SettingChecks;
import dev.candela.SettingException;
import dev.candela.model.arch.Architectures;
import dev.candela.model.arch.VaeArchitecture;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hyper-parameters of a VAE training run. Defaults follow the CANDLE paper and disentanglement_lib
 * (batch 64, Adam 1e-4, β 4, γ 6 for FactorVAE, λ_od 10 and λ_d = 10·λ_od for DIP-VAE-I, 10% labels
 * for the semi-supervised variants); {@link #builder} starts from them.
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
 * @param architecture one of the {@link VaeArchitecture#trainables()}: {@value
 *     Architectures#DL_CONV64} (images area-resized to 64 × 64), {@value
 *     Architectures#DL_CONV_CANDLE} (native 240 × 320 images), their {@code -upsample} variants or
 *     {@value Architectures#FC_HIGGINS}
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
    VaeArchitecture architecture,
    int discriminatorLayers,
    int discriminatorUnits) {

  /** Validates the hyper-parameters; the message names the offending setting and value. */
  public VaeTrainingConfig {
    if (objective == null) {
      throw new SettingException(Setting.OBJECTIVE, null, "is required");
    }
    SettingChecks.positive(latentDim, Setting.LATENT_DIM);
    SettingChecks.positive(epochs, Setting.EPOCHS);
    if (batchSize < 2) {
      throw new SettingException(Setting.BATCH_SIZE, batchSize, "must be >= 2, got " + batchSize);
    }
    SettingChecks.finitePositive(learningRate, Setting.LEARNING_RATE);
    SettingChecks.finitePositive(discriminatorLearningRate, Setting.DISCRIMINATOR_LEARNING_RATE);
    SettingChecks.finiteNotNegative(beta, Setting.BETA);
    if (objective.base() == Objective.Base.BETA_TCVAE && beta < 1) {
      throw new SettingException(Setting.BETA, beta, "must be >= 1 for beta-tcvae, got " + beta);
    }
    SettingChecks.finiteNotNegative(gamma, Setting.GAMMA);
    SettingChecks.finiteNotNegative(lambdaOd, Setting.LAMBDA_OD);
    SettingChecks.finiteNotNegative(lambdaD, Setting.LAMBDA_D);
    SettingChecks.finiteNotNegative(supervisedWeight, Setting.SUPERVISED_WEIGHT);
    SettingChecks.finiteNotNegative(boxWeight, Setting.BOX_WEIGHT);
    if (!(supervisedFraction > 0 && supervisedFraction <= 1)) {
      throw new SettingException(
          Setting.SUPERVISED_FRACTION,
          supervisedFraction,
          "must be in (0, 1], got " + supervisedFraction);
    }
    SettingChecks.notNegative(limit, Setting.LIMIT);
    if (architecture == null || !architecture.trainable()) {
      throw new SettingException(
          Setting.ARCHITECTURE,
          architecture,
          "must be one of " + String.join(", ", Architectures.VAES) + ", got " + architecture);
    }
    if (discriminatorLayers < 1 || discriminatorLayers > MAX_DISC_LAYERS) {
      throw new SettingException(
          Setting.DISCRIMINATOR_LAYERS,
          discriminatorLayers,
          "must be in [1, " + MAX_DISC_LAYERS + "], got " + discriminatorLayers);
    }
    if (discriminatorUnits < 1 || discriminatorUnits > MAX_DISC_UNITS) {
      throw new SettingException(
          Setting.DISCRIMINATOR_UNITS,
          discriminatorUnits,
          "must be in [1, " + MAX_DISC_UNITS + "], got " + discriminatorUnits);
    }
  }

  /** Largest accepted {@code --disc-layers}. */
  public static final int MAX_DISC_LAYERS = 64;

  /** Largest accepted {@code --disc-units} (a 10⁴ × 10⁴ layer is already 400 MB of weights). */
  public static final int MAX_DISC_UNITS = 10_000;

  /**
   * A builder with the defaults of {@code candela train} for an objective: D 10, 10 epochs, batch
   * 64, seed 0, Adam 1e-4, β 4, γ 6, λ_od 10, λ_d 100, 10% labels with weight 10, box weight 1,
   * discriminator learning rate 1e-4 and size 6 × 1000, all images, {@value
   * Architectures#DL_CONV64}.
   *
   * @param objective the objective
   * @return the builder
   */
  public static Builder builder(Objective objective) {
    return new Builder(objective);
  }

  /**
   * A builder holding this configuration.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder(objective)
        .latentDim(latentDim)
        .epochs(epochs)
        .batchSize(batchSize)
        .seed(seed)
        .learningRate(learningRate)
        .beta(beta)
        .gamma(gamma)
        .lambdaOd(lambdaOd)
        .lambdaD(lambdaD)
        .supervisedFraction(supervisedFraction)
        .supervisedWeight(supervisedWeight)
        .boxWeight(boxWeight)
        .discriminatorLearningRate(discriminatorLearningRate)
        .limit(limit)
        .architecture(architecture)
        .discriminator(discriminatorLayers, discriminatorUnits);
  }

  /**
   * This configuration with another FactorVAE discriminator size.
   *
   * @param layers hidden layers
   * @param units units per hidden layer
   * @return the configuration
   */
  public VaeTrainingConfig withDiscriminator(int layers, int units) {
    return toBuilder().discriminator(layers, units).build();
  }

  /**
   * This configuration with another architecture.
   *
   * @param name the id of one of the {@link VaeArchitecture#trainables()}
   * @return the configuration
   */
  public VaeTrainingConfig withArchitecture(String name) {
    return toBuilder().architecture(name).build();
  }

  /**
   * The defaults for an objective (see {@link #builder}).
   *
   * @param objective the objective
   * @param latentDim D
   * @param epochs epochs
   * @param seed seed
   * @return the configuration
   */
  public static VaeTrainingConfig defaults(
      Objective objective, int latentDim, int epochs, long seed) {
    return builder(objective).latentDim(latentDim).epochs(epochs).seed(seed).build();
  }

  /** Builds a {@link VaeTrainingConfig}; {@link #build} validates. */
  public static final class Builder {
    private final Objective objective;
    private int latentDim = 10;
    private int epochs = 10;
    private int batchSize = 64;
    private long seed;
    private double learningRate = 1e-4;
    private double beta = 4;
    private double gamma = 6;
    private double lambdaOd = 10;
    private double lambdaD = 100;
    private double supervisedFraction = 0.1;
    private double supervisedWeight = 10;
    private double boxWeight = 1;
    private double discriminatorLearningRate = 1e-4;
    private int limit;
    private VaeArchitecture architecture = VaeArchitecture.DL_CONV64;
    private int discriminatorLayers = Architectures.DISCRIMINATOR_LAYERS;
    private int discriminatorUnits = Architectures.DISCRIMINATOR_UNITS;

    private Builder(Objective objective) {
      this.objective = objective;
    }

    /**
     * Sets D.
     *
     * @param v the latent size
     * @return this
     */
    public Builder latentDim(int v) {
      latentDim = v;
      return this;
    }

    /**
     * Sets the epochs.
     *
     * @param v passes over the training subset
     * @return this
     */
    public Builder epochs(int v) {
      epochs = v;
      return this;
    }

    /**
     * Sets the batch size.
     *
     * @param v the batch size
     * @return this
     */
    public Builder batchSize(int v) {
      batchSize = v;
      return this;
    }

    /**
     * Sets the seed.
     *
     * @param v the seed
     * @return this
     */
    public Builder seed(long v) {
      seed = v;
      return this;
    }

    /**
     * Sets the Adam learning rate.
     *
     * @param v the learning rate
     * @return this
     */
    public Builder learningRate(double v) {
      learningRate = v;
      return this;
    }

    /**
     * Sets β.
     *
     * @param v β
     * @return this
     */
    public Builder beta(double v) {
      beta = v;
      return this;
    }

    /**
     * Sets γ.
     *
     * @param v γ
     * @return this
     */
    public Builder gamma(double v) {
      gamma = v;
      return this;
    }

    /**
     * Sets the DIP-VAE-I off-diagonal weight.
     *
     * @param v λ_od
     * @return this
     */
    public Builder lambdaOd(double v) {
      lambdaOd = v;
      return this;
    }

    /**
     * Sets the DIP-VAE-I diagonal weight.
     *
     * @param v λ_d
     * @return this
     */
    public Builder lambdaD(double v) {
      lambdaD = v;
      return this;
    }

    /**
     * Sets the labelled fraction.
     *
     * @param v the fraction
     * @return this
     */
    public Builder supervisedFraction(double v) {
      supervisedFraction = v;
      return this;
    }

    /**
     * Sets the weight of the supervised term.
     *
     * @param v the weight
     * @return this
     */
    public Builder supervisedWeight(double v) {
      supervisedWeight = v;
      return this;
    }

    /**
     * Sets λ of the bounding-box term.
     *
     * @param v the weight
     * @return this
     */
    public Builder boxWeight(double v) {
      boxWeight = v;
      return this;
    }

    /**
     * Sets the discriminator learning rate.
     *
     * @param v the learning rate
     * @return this
     */
    public Builder discriminatorLearningRate(double v) {
      discriminatorLearningRate = v;
      return this;
    }

    /**
     * Sets the number of training images.
     *
     * @param v images, or 0 for all
     * @return this
     */
    public Builder limit(int v) {
      limit = v;
      return this;
    }

    /**
     * Sets the architecture.
     *
     * @param v the architecture
     * @return this
     */
    public Builder architecture(VaeArchitecture v) {
      architecture = v;
      return this;
    }

    /**
     * Sets the architecture by its id.
     *
     * @param id e.g. {@code dl-conv64}
     * @return this
     * @throws IllegalArgumentException when the id is not a trainable architecture
     */
    public Builder architecture(String id) {
      architecture = VaeArchitecture.forTraining(id);
      return this;
    }

    /**
     * Sets the FactorVAE discriminator size.
     *
     * @param layers hidden layers
     * @param units units per hidden layer
     * @return this
     */
    public Builder discriminator(int layers, int units) {
      discriminatorLayers = layers;
      discriminatorUnits = units;
      return this;
    }

    /**
     * The validated configuration.
     *
     * @return the configuration
     * @throws IllegalArgumentException naming the offending option and value
     */
    public VaeTrainingConfig build() {
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
          discriminatorLayers,
          discriminatorUnits);
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
    m.put("architecture", architecture.id());
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
