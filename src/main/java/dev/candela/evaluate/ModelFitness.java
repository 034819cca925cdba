package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.model.hosting.ClassifierQuality;
import dev.candela.model.hosting.FactorClassifier;
import dev.candela.model.hosting.Reconstruction;
import dev.candela.model.hosting.VaeModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a VAE and a factor classifier are fit to be scored, with the warnings a user must see
 * beside the numbers:
 *
 * <ul>
 *   <li>a factor whose classifier accuracy (the card's held-out accuracy, and the accuracy measured
 *       here on dataset images and on the VAE's reconstructions, each read as CG reads the
 *       classifier: exact, or tolerant of one-step near misses and symmetric copies, {@link
 *       CgReadout}) is below {@value #RELIABLE_ACCURACY}: its CG is unreliable, since CG compares
 *       the classifier's probability of the true value across interventions;
 *   <li>a collapsed VAE: its reconstructions are no better than the mean image of the same images
 *       (mean squared error ratio at least {@value #COLLAPSE_RATIO}), or fewer than one latent is
 *       active (mean KL(q(z_j|x) ‖ N(0, 1)) above {@value #ACTIVE_KL} nats);
 *   <li>a classifier trained on another dataset than the one scored;
 *   <li>a VAE scored off its training distribution: it reconstructs the evaluation images more than
 *       {@value #OUT_OF_DISTRIBUTION_RATIO}× worse (mean squared error) than the held-out images
 *       its card records ({@code results.heldOut}, measured when training ended), or the drawing
 *       its training data was made with (card {@code training.datasetSource.drawing}) differs from
 *       the evaluation data's ({@link FactorDataset#source()}). Every metric of such a model is
 *       partly computed on images it never saw.
 * </ul>
 *
 * <p>This class holds the thresholds, the choice of checked images, the VAE check and the two
 * checks' records; the distribution tests are {@link TrainingDistribution}'s, the per-factor
 * classifier accuracies those of a package-private helper beside it.
 */
public final class ModelFitness {
  private ModelFitness() {}

  /** Classifier accuracy below which a factor's CG is marked unreliable. */
  public static final double RELIABLE_ACCURACY = 0.9;

  /**
   * Reconstruction MSE over the mean-image MSE at or above which a VAE counts as collapsed: its
   * reconstructions explain at most 10% of the pixel variance of the images.
   */
  public static final double COLLAPSE_RATIO = 0.9;

  /**
   * Ratio of the evaluation images' reconstruction error to the card's held-out error above which
   * the evaluation images count as out of the VAE's training distribution. Held-out and evaluation
   * errors of a model on its own distribution agree within sampling noise (256 images each), while
   * a checkpoint shown images off its training support reconstructs them several times worse
   * (docs/evaluate.md, the model checks).
   */
  public static final double OUT_OF_DISTRIBUTION_RATIO = 2.0;

  /** Mean KL (nats) above which a latent counts as active. */
  public static final double ACTIVE_KL = 0.01;

  /** Images used by the checks (evaluation samples spread evenly over the sorted indices). */
  public static final int CHECK_IMAGES = 256;

  /**
   * The evaluation samples the checks use: all of them when there are at most {@value
   * #CHECK_IMAGES}, else {@value #CHECK_IMAGES} spread evenly over them ({@code idx[k·n/m]}). The
   * indices are sorted, and a dataset's flat index orders its factors (dSprites: shape, then scale,
   * ...), so the first samples would all share the leading factors' values (all squares) and could
   * hide a VAE that loses shape.
   *
   * @param idx evaluation sample indices, increasing
   * @return the checked indices, increasing
   */
  static long[] spread(long[] idx) {
    int n = idx.length;
    if (n <= CHECK_IMAGES) {
      return idx.clone();
    }
    long[] out = new long[CHECK_IMAGES];
    for (int k = 0; k < CHECK_IMAGES; k++) {
      out[k] = idx[(int) ((long) k * n / CHECK_IMAGES)];
    }
    return out;
  }

  /**
   * The VAE check.
   *
   * @param images images checked
   * @param reconstructionMse mean squared error of the reconstructions (decoded encoder means)
   * @param meanImageMse mean squared error of the images' own mean image
   * @param klPerLatent mean KL to the prior per latent (nats)
   * @param activeLatents latents with mean KL above {@link #ACTIVE_KL}
   * @param collapsed whether the VAE counts as collapsed
   * @param distribution whether the images are on the VAE's training distribution
   * @param pixelMassMean the checked images' mean pixel mass (sum of pixel values, in the decoder's
   *     image shape), the reference of CG's image checks
   * @param pixelMassSd its standard deviation over the checked images (n − 1)
   * @param warnings what the user must read
   */
  public record VaeCheck(
      int images,
      double reconstructionMse,
      double meanImageMse,
      double[] klPerLatent,
      int activeLatents,
      boolean collapsed,
      TrainingDistribution distribution,
      double pixelMassMean,
      double pixelMassSd,
      List<String> warnings) {
    /** Copies. */
    public VaeCheck {
      klPerLatent = klPerLatent.clone();
      warnings = List.copyOf(warnings);
    }
  }

  /**
   * The classifier check.
   *
   * @param accuracy per factor: {@code readout} (how CG reads the classifier, and so how these
   *     accuracies count), {@code card} (held-out accuracy from the card: raw for the exact
   *     read-out, symmetry-aware where recorded for the tolerant one), {@code data} and {@code
   *     reconstructions} (measured here with the read-out, each with its Wilson interval), {@code
   *     symmetryAware} (whether they count symmetric copies as right), {@code exact}, {@code
   *     symmetric} (where declared) and {@code tolerant} (the three views on data and
   *     reconstructions), {@code deciding} (the lowest of card, data and reconstructions) and
   *     {@code reliable}
   * @param unreliable the factors whose CG is unreliable
   * @param warnings what the user must read
   */
  public record ClassifierCheck(
      Map<String, Map<String, Object>> accuracy, List<String> unreliable, List<String> warnings) {
    /** Copies. */
    public ClassifierCheck {
      accuracy = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(accuracy));
      unreliable = List.copyOf(unreliable);
      warnings = List.copyOf(warnings);
    }
  }

  /**
   * Checks a VAE on {@value #CHECK_IMAGES} of the given samples ({@link #spread}).
   *
   * @param vae the VAE
   * @param dir the model folder, for messages
   * @param ds the dataset
   * @param idx evaluation sample indices
   * @param decoderImages converts dataset images to the decoder's image shape
   * @return the check
   * @throws CandelaException when the dataset cannot be read
   */
  public static VaeCheck vae(
      VaeModel vae,
      Path dir,
      FactorDataset ds,
      long[] idx,
      java.util.function.BiFunction<float[], Integer, float[]> decoderImages)
      throws CandelaException {
    long[] part = spread(idx);
    int n = part.length;
    float[] images = ds.images(part);
    float[] inDecoderShape = decoderImages.apply(images, n);
    Reconstruction r = Reconstruction.of(vae, images, n, inDecoderShape);
    double[] masses = new double[n];
    int vol = inDecoderShape.length / n;
    for (int i = 0; i < n; i++) {
      for (int q = i * vol; q < (i + 1) * vol; q++) {
        masses[i] += inDecoderShape[q];
      }
    }
    double massMean = org.apache.commons.math3.stat.StatUtils.mean(masses);
    double massSd =
        n > 1 ? Math.sqrt(org.apache.commons.math3.stat.StatUtils.variance(masses, massMean)) : 0;
    VaeModel.Encoding enc = r.encoding();
    double se = r.mse();
    double sm = r.meanImageMse();
    int d = enc.mean()[0].length;
    double[] kl = new double[d];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < d; j++) {
        double mu = enc.mean()[i][j];
        double lv = enc.logVar()[i][j];
        kl[j] += 0.5 * (mu * mu + Math.exp(lv) - lv - 1);
      }
    }
    int active = 0;
    for (int j = 0; j < d; j++) {
      kl[j] /= n;
      if (kl[j] > ACTIVE_KL) {
        active++;
      }
    }
    List<String> warnings = new ArrayList<>();
    boolean flat = sm > 0 && se / sm >= COLLAPSE_RATIO;
    if (flat) {
      warnings.add(
          String.format(
              Locale.ROOT,
              "VAE %s looks collapsed: its reconstructions are no better than the mean image"
                  + " (MSE %.5f vs %.5f on %d images); every score of it describes a model that"
                  + " ignores its input",
              dir,
              se,
              sm,
              n));
    }
    if (active < 1) {
      warnings.add(
          String.format(
              Locale.ROOT,
              "VAE %s looks collapsed: no latent is active (largest mean KL %.4f nats <= %.2f)",
              dir,
              Arrays.stream(kl).max().orElse(0),
              ACTIVE_KL));
    }
    TrainingDistribution dist = TrainingDistribution.check(vae.card(), dir, ds, se, n, warnings);
    return new VaeCheck(
        n, se, sm, kl, active, flat || active < 1, dist, massMean, massSd, warnings);
  }

  /**
   * Checks a classifier for the factors CG scores: the card's held-out accuracy and the accuracy
   * measured on {@value #CHECK_IMAGES} evaluation images ({@link #spread}) and on the VAE's
   * reconstructions of them, each read as CG reads the classifier ({@code readout}).
   *
   * @param clf the classifier
   * @param dir its folder, for messages
   * @param ds the dataset scored
   * @param idx evaluation sample indices
   * @param vae the VAE whose reconstructions CG classifies
   * @param batchSize images per batch
   * @param factors the factors CG scores
   * @param readout how CG reads the classifier
   * @return the check
   * @throws CandelaException when the dataset cannot be read or the factors do not match
   */
  public static ClassifierCheck classifier(
      FactorClassifier clf,
      Path dir,
      FactorDataset ds,
      long[] idx,
      VaeModel vae,
      int batchSize,
      List<String> factors,
      CgReadout readout)
      throws CandelaException {
    long[] part = spread(idx);
    List<ClassifierQuality.FactorResult> measured =
        ClassifierQuality.check(clf, dir, ds, part, vae, batchSize, k -> {});
    return ClassifierFitness.check(
        clf.card(), dir, ds.space().name(), measured, factors, readout, part.length);
  }
}
