package dev.candela.model.training;

import dev.candela.Setting;
import dev.candela.SettingChecks;
import dev.candela.SettingException;
import dev.candela.SettingText;
import dev.candela.data.ImageDegradation;
import dev.candela.model.arch.Architectures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hyper-parameters of a classifier training run ({@link ClassifierTrainer}).
 *
 * @param head {@code softmax} or {@code sigmoid}
 * @param epochs passes over the training subset
 * @param batchSize batch size
 * @param seed seed of initialisation, split and shuffling
 * @param learningRate Adam learning rate
 * @param trainCount training images (0 = all not held out)
 * @param testCount held-out images
 * @param architecture one of {@link Architectures#CLASSIFIERS}
 * @param lrDropEpoch the 0-based epoch from which the learning rate is multiplied by {@code
 *     lrDropFactor} (0 = a constant rate)
 * @param lrDropFactor that factor, in (0, 1]
 * @param degrade {@code none} or {@code vae-like}: each training image is degraded by {@link
 *     ImageDegradation#drawVaeLike} (blur, contrast, offset, noise drawn per image from the epoch's
 *     random stream), so that the classifier reads VAE reconstructions; held-out images stay clean
 */
public record ClassifierTrainingConfig(
    String head,
    int epochs,
    int batchSize,
    long seed,
    double learningRate,
    int trainCount,
    int testCount,
    String architecture,
    int lrDropEpoch,
    double lrDropFactor,
    String degrade) {
  /** The value of {@code degrade} that trains on clean images. */
  public static final String DEGRADE_NONE = "none";

  /** The value of {@code degrade} that trains on VAE-like degraded images. */
  public static final String DEGRADE_VAE_LIKE = "vae-like";

  /** Configuration key of the epoch from which the learning rate is dropped. */
  static final String LR_DROP_EPOCH = "lrDropEpoch";

  /** Configuration key of the factor the learning rate is dropped by. */
  static final String LR_DROP_FACTOR = "lrDropFactor";

  /**
   * The learning-rate drop as a schedule a resumed run may change for the epochs not yet trained.
   */
  static final Checkpoints.Schedule LR_DROP =
      new Checkpoints.Schedule(LR_DROP_EPOCH, LR_DROP_FACTOR);

  /** The factor of {@code --lr-drop-factor} when none is given. */
  public static final double DEFAULT_LR_DROP_FACTOR = 0.1;

  /**
   * A configuration with a constant learning rate.
   *
   * @param head softmax or sigmoid
   * @param epochs epochs
   * @param batchSize batch size
   * @param seed seed
   * @param learningRate Adam's learning rate
   * @param trainCount training images (0 = all but the test images)
   * @param testCount held-out images
   * @param architecture the architecture
   */
  public ClassifierTrainingConfig(
      String head,
      int epochs,
      int batchSize,
      long seed,
      double learningRate,
      int trainCount,
      int testCount,
      String architecture) {
    this(
        head,
        epochs,
        batchSize,
        seed,
        learningRate,
        trainCount,
        testCount,
        architecture,
        0,
        DEFAULT_LR_DROP_FACTOR,
        DEGRADE_NONE);
  }

  /** Validates; messages name the setting and value. */
  public ClassifierTrainingConfig {
    if (!DEGRADE_NONE.equals(degrade) && !DEGRADE_VAE_LIKE.equals(degrade)) {
      throw new IllegalArgumentException(
          "degrade must be " + DEGRADE_NONE + " or " + DEGRADE_VAE_LIKE + ", got " + degrade);
    }
    SettingChecks.notNegative(lrDropEpoch, Setting.LR_DROP_EPOCH);
    if (!(lrDropFactor > 0 && lrDropFactor <= 1)) {
      throw new SettingException(
          Setting.LR_DROP_FACTOR, lrDropFactor, "must be in (0, 1], got " + lrDropFactor);
    }
    if (!Architectures.CLASSIFIERS.contains(architecture)) {
      throw new SettingException(
          Setting.ARCHITECTURE,
          architecture,
          "must be one of "
              + String.join(", ", Architectures.CLASSIFIERS)
              + ", got "
              + architecture);
    }
    if (!"softmax".equals(head) && !"sigmoid".equals(head)) {
      throw new SettingException(Setting.HEAD, head, "must be softmax or sigmoid, got " + head);
    }
    SettingChecks.positive(epochs, Setting.EPOCHS);
    SettingChecks.positive(batchSize, Setting.BATCH_SIZE);
    SettingChecks.finitePositive(learningRate, Setting.LEARNING_RATE);
    if (trainCount < 0 || testCount < 1) {
      throw new SettingException(
          SettingText.of(
              Setting.TRAIN_COUNT,
              " must be >= 0 and ",
              Setting.TEST_COUNT,
              " >= 1, got " + trainCount + ", " + testCount),
          List.of(trainCount, testCount));
    }
  }

  Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("head", head);
    m.put("epochs", epochs);
    m.put("batchSize", batchSize);
    m.put("seed", seed);
    m.put("learningRate", learningRate);
    m.put("trainCount", trainCount);
    m.put("testCount", testCount);
    if (!Architectures.CLASSIFIER.equals(architecture)) {
      m.put("architecture", architecture);
    }
    if (lrDropEpoch > 0) {
      m.put(LR_DROP_EPOCH, lrDropEpoch);
      m.put(LR_DROP_FACTOR, lrDropFactor);
    }
    if (degraded()) {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("kind", degrade);
      d.put("maxBlurSigma", ImageDegradation.VAE_LIKE_MAX_BLUR);
      d.put("minContrast", ImageDegradation.VAE_LIKE_MIN_CONTRAST);
      d.put("maxOffset", ImageDegradation.VAE_LIKE_MAX_OFFSET);
      d.put("maxNoiseSd", ImageDegradation.VAE_LIKE_MAX_NOISE);
      d.put("cleanShare", ImageDegradation.VAE_LIKE_CLEAN_SHARE);
      m.put("degrade", d);
    }
    return m;
  }

  /**
   * Whether training images are degraded.
   *
   * @return true for {@code vae-like}
   */
  public boolean degraded() {
    return DEGRADE_VAE_LIKE.equals(degrade);
  }

  /**
   * The learning rate of an epoch: {@code learningRate}, times {@code lrDropFactor} from epoch
   * {@code lrDropEpoch} (0-based) on when that is &gt; 0.
   *
   * @param epoch the 0-based epoch
   * @return its learning rate
   */
  public double rateAt(int epoch) {
    return lrDropEpoch > 0 && epoch >= lrDropEpoch ? learningRate * lrDropFactor : learningRate;
  }
}
