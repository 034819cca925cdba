package dev.candela;

/**
 * The settings that library messages name. Library code never writes a command-line flag: a message
 * that names a setting is a {@link SettingText} (or a {@link SettingError} exception) that carries
 * the setting as a value of this type, and reads in plain words ({@link #words()}) to a library
 * user or in a log. The command line renders the same message with the flag that sets each setting,
 * from its own table keyed by this type; nothing matches the words.
 *
 * <p>The constant names are stable identifiers; {@link #words()} is what a plain message says.
 */
public enum Setting {
  // evaluation, sweeps, score-codes, encode, counterfactuals
  /** ρ, the latents selected per factor. */
  RHO("rho"),
  /** The number of evaluation samples (or render samples per pixel). */
  SAMPLES("samples"),
  /** The batch size. */
  BATCH_SIZE("batch size"),
  /** The scale of the classic metrics' train and test sizes. */
  CLASSIC_SCALE("classic scale"),
  /** The samples of the counterfactual generalisation measure. */
  CG_SAMPLES("CG samples"),
  /** The samples drawn in the counterfactual grids. */
  GRID_SAMPLES("grid samples"),
  /** The samples per counterfactual chunk. */
  CHUNK_SIZE("chunk size"),
  /** The number of images used (a subset), or of samples scored. */
  LIMIT("limit"),
  /** The factors to intervene on. */
  FACTORS("factors"),
  /** The metrics requested. */
  METRICS("metrics"),
  /** The samples drawn from the SCMs compared. */
  SCM_SAMPLES("SCM samples"),
  /** The evidence samples of the SCM comparison. */
  SCM_EVIDENCE("SCM evidence"),
  /** The replicates of the SCM comparison. */
  SCM_REPLICATES("SCM replicates"),
  /** The true SCM compared with the learned one. */
  SCM_TRUTH("SCM truth"),
  /** The fraction of rows the learned metrics train on. */
  TRAIN_FRACTION("train fraction"),
  /** The names given to the factor columns. */
  FACTOR_NAMES("factor names"),
  /** The names given to the latent columns. */
  LATENT_NAMES("latent names"),
  /** The subsampling replicates of the intervals. */
  REPLICATES("replicates"),
  /** The refits of the learned metrics' intervals. */
  REFITS("refits"),
  /** The quantile of IRS's deviations. */
  IRS_QUANTILE("IRS quantile"),
  /** The compute device. */
  DEVICE("device"),
  /** The model directory evaluated. */
  MODEL("model"),
  /** The factor classifier's model directory. */
  CLASSIFIER("classifier"),
  // training
  /** The training objective. */
  OBJECTIVE("objective"),
  /** The latent dimension D. */
  LATENT_DIM("latent dimension"),
  /** The passes over the training subset. */
  EPOCHS("epochs"),
  /** The Adam learning rate. */
  LEARNING_RATE("learning rate"),
  /** The FactorVAE discriminator's learning rate. */
  DISCRIMINATOR_LEARNING_RATE("discriminator learning rate"),
  /** The epoch after which the learning rate drops. */
  LR_DROP_EPOCH("learning rate drop epoch"),
  /** The factor by which the learning rate drops. */
  LR_DROP_FACTOR("learning rate drop factor"),
  /** β of β-VAE and β-TCVAE. */
  BETA("beta"),
  /** γ of FactorVAE. */
  GAMMA("gamma"),
  /** DIP-VAE-I's off-diagonal weight. */
  LAMBDA_OD("lambda od"),
  /** DIP-VAE-I's diagonal weight. */
  LAMBDA_D("lambda d"),
  /** The weight of the supervised term. */
  SUPERVISED_WEIGHT("supervised weight"),
  /** The fraction of samples whose labels the supervised variants use. */
  SUPERVISED_FRACTION("supervised fraction"),
  /** The weight of the bounding-box term. */
  BOX_WEIGHT("box weight"),
  /** The network architecture. */
  ARCHITECTURE("architecture"),
  /** The FactorVAE discriminator's hidden layers. */
  DISCRIMINATOR_LAYERS("discriminator layers"),
  /** The FactorVAE discriminator's units per layer. */
  DISCRIMINATOR_UNITS("discriminator units"),
  /** The classifier's output head. */
  HEAD("head"),
  /** The steps between held-out evaluations during training. */
  EVAL_EVERY("eval every"),
  /** The held-out sample watched during training. */
  HELD_OUT("held-out sample"),
  /** The training snapshots kept. */
  KEEP_CHECKPOINTS("keep checkpoints"),
  /** Whether a training run continues from its checkpoint. */
  RESUME("resume"),
  /** The output folder. */
  OUT("output folder"),
  /** The classifier's training images. */
  TRAIN_COUNT("train count"),
  /** The classifier's held-out images. */
  TEST_COUNT("test count"),
  /** The classifier a training run starts from. */
  INIT_FROM("init from"),
  // datasets, causal distances, engine, benchmarks
  /** The number of images (or samples) generated. */
  COUNT("count"),
  /** The range of a numeric distance. */
  RANGE("range"),
  /** The parallel jobs of a build. */
  JOBS("jobs"),
  /** The Python program of the anchor process. */
  ANCHOR_PYTHON("anchor python"),
  /** The Blender program. */
  BLENDER_PATH("Blender path"),
  /** The Blender render script. */
  RENDER_SCRIPT("render script"),
  /** The Blender render engine. */
  ENGINE("engine");

  private final String words;

  Setting(String words) {
    this.words = words;
  }

  /**
   * The setting's name in a plain message.
   *
   * @return e.g. {@code learning rate}
   */
  public String words() {
    return words;
  }
}
