package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.model.TrainingSubset;
import dev.candela.synth.DSpritesGenerator;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The dataset {@code evaluate} uses when none is given: a dSprites-format subset of {@value #COUNT}
 * images with seed {@value #SEED} in {@code target/candela-data/}, generated on first use. When the
 * model to score was trained on a seeded subset of the full dSprites grid (its card's {@code
 * training.limit}, {@code training.seed} and a {@code dsprites:737280:...} fingerprint), the images
 * are drawn from outside that subset, so the default scores are measured on data the model was not
 * trained on ({@code candela dataset generate dsprites --count 10000 --seed 1 --exclude-training
 * MODEL}).
 */
public final class DefaultDataset {
  private DefaultDataset() {}

  /** Count of the default generated dataset. */
  public static final int COUNT = 10_000;

  /** Seed of the default generated dataset. */
  public static final long SEED = 1;

  /** The VAE {@code evaluate} scores when no {@code --model} is given, relative to the checkout. */
  public static final String MODEL = "models/dsprites-ss-beta-vae";

  /**
   * The plain default dataset's file ({@code candela dataset generate dsprites --count 10000 --seed
   * 1}), generated on first use.
   *
   * @param root the checkout's root
   * @param listener told before generating, and counts the images written
   * @return the file
   * @throws BadInputException when it cannot be generated
   */
  public static Path get(Path root, ProgressListener listener) throws BadInputException {
    Path file = root.resolve("target/candela-data/dsprites-" + COUNT + "-seed" + SEED + ".npz");
    return generate(file, null, listener, "");
  }

  /**
   * The default dataset for a model: held out from its training subset when its card records one on
   * the full dSprites grid, else the plain default ({@link #get(Path, ProgressListener)}).
   *
   * @param root the checkout's root
   * @param model the model folder to be scored
   * @param listener told before generating, and counts the images written
   * @return the file
   * @throws BadInputException when it cannot be generated
   */
  public static Path forModel(Path root, Path model, ProgressListener listener)
      throws BadInputException {
    TrainingSubset t;
    try {
      t = TrainingSubset.of(model);
    } catch (BadInputException notRecorded) {
      return get(root, listener);
    }
    boolean fullGrid =
        t.datasetName().equals("dsprites")
            && t.datasetSize() == DSpritesGenerator.FULL
            && t.limit() > 0
            && DSpritesGenerator.FULL - t.limit() >= COUNT;
    if (!fullGrid) {
      return get(root, listener);
    }
    Path file =
        root.resolve(
            "target/candela-data/dsprites-"
                + COUNT
                + "-seed"
                + SEED
                + "-heldout-"
                + t.limit()
                + "-seed"
                + t.seed()
                + ".npz");
    return generate(file, t, listener, " --exclude-training " + model);
  }

  private static Path generate(
      Path file, TrainingSubset heldOutFrom, ProgressListener listener, String flag)
      throws BadInputException {
    if (Files.isRegularFile(file)) {
      return file;
    }
    listener.message(
        "generating "
            + file
            + " (candela dataset generate dsprites --count "
            + COUNT
            + " --seed "
            + SEED
            + flag
            + ")");
    long[] indices =
        heldOutFrom == null
            ? DSpritesGenerator.chooseIndices(COUNT, SEED)
            : DSpritesGenerator.chooseIndicesExcluding(COUNT, SEED, heldOutFrom.indices());
    // The generator writes a uniquely named temporary file and renames it atomically, so two
    // first runs at once each install a complete, identical file (the last rename wins).
    try (ProgressListener.Task bar = listener.task("dsprites", COUNT)) {
      DSpritesGenerator.write(file, indices, bar::stepTo);
    } catch (BadInputException e) {
      throw new BadInputException(
          file + ": cannot generate the default dataset (" + e.getMessage() + ")", e);
    }
    return file;
  }
}
