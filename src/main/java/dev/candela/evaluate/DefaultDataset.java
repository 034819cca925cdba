package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.BadSettingException;
import dev.candela.Progress;
import dev.candela.Setting;
import dev.candela.SettingText;
import dev.candela.data.DSpritesDrawing;
import dev.candela.model.training.TrainingSubset;
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

  /**
   * File-name prefix of the default data, naming the drawing, so that files of an earlier drawing
   * left in {@code target/candela-data/} are never taken for today's.
   */
  static final String PREFIX = "dsprites-" + DSpritesDrawing.DEEPMIND.id() + "-";

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
  public static Path get(Path root, Progress listener) throws BadInputException {
    Path file = dataDir(root).resolve(PREFIX + COUNT + "-seed" + SEED + ".npz");
    return generate(file, null, listener, "");
  }

  /**
   * The default dataset for a model: held out from its training subset when its card records one on
   * the full dSprites grid, else the plain default ({@link #get(Path, Progress)}).
   *
   * @param root the checkout's root
   * @param model the model folder to be scored
   * @param listener told before generating, and counts the images written
   * @return the file
   * @throws BadInputException when it cannot be generated
   */
  public static Path forModel(Path root, Path model, Progress listener) throws BadInputException {
    TrainingSubset t;
    try {
      t = TrainingSubset.of(model);
    } catch (BadInputException notRecorded) {
      return get(root, listener);
    }
    boolean heldOutRoom =
        onDspritesGrid(t) && t.limit() > 0 && DSpritesGenerator.FULL - t.limit() >= COUNT;
    if (!heldOutRoom) {
      return get(root, listener);
    }
    Path file =
        dataDir(root)
            .resolve(
                PREFIX
                    + COUNT
                    + "-seed"
                    + SEED
                    + "-heldout-"
                    + t.limit()
                    + "-seed"
                    + t.seed()
                    + ".npz");
    return generate(file, model, listener, " --exclude-training " + model);
  }

  /**
   * The folder of the generated default data: {@code target/candela-data/} of the checkout, or,
   * where the checkout cannot be written (an installed Python package's copy), {@code
   * $XDG_CACHE_HOME/candela/data} ({@code ~/.cache/candela/data}); the {@code candela.data} system
   * property, else {@code CANDELA_DATA}, overrides both (the installed Python package sets the
   * property to the cache folder, keeping generated data out of its install folder).
   *
   * @param root the checkout's root
   * @return the folder (it may not exist yet)
   */
  public static Path dataDir(Path root) {
    String set = System.getProperty("candela.data", System.getenv("CANDELA_DATA"));
    if (set != null && !set.isBlank()) {
      return Path.of(set);
    }
    Path target = root.resolve("target");
    if (Files.isDirectory(target) ? Files.isWritable(target) : Files.isWritable(root)) {
      return target.resolve("candela-data");
    }
    String cache = System.getenv("XDG_CACHE_HOME");
    Path base =
        cache != null && !cache.isBlank()
            ? Path.of(cache)
            : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("candela").resolve("data");
  }

  /** Whether a card's training data is the full dSprites grid, so its indices are grid indices. */
  private static boolean onDspritesGrid(TrainingSubset t) {
    return t.datasetName().equals("dsprites") && t.datasetSize() == DSpritesGenerator.FULL;
  }

  /**
   * {@code count} seeded dSprites grid indices outside the training subset a VAE's card records
   * ({@code candela dataset generate dsprites --exclude-training MODEL}).
   *
   * @param model the model folder
   * @param count how many
   * @param seed the seed
   * @return sorted grid indices the model was not trained on
   * @throws BadInputException when the card records no subset of the full grid, or {@code count}
   *     exceeds the images left
   */
  public static long[] heldOutIndices(Path model, long count, long seed) throws BadInputException {
    TrainingSubset t = TrainingSubset.of(model);
    if (!onDspritesGrid(t)) {
      throw new BadInputException(
          model.resolve("model.json")
              + ": trained on "
              + t.datasetFingerprint()
              + ", not the full dSprites grid of "
              + DSpritesGenerator.FULL
              + " images, so its training indices are not grid indices");
    }
    long[] train = t.indices();
    long allowed = DSpritesGenerator.FULL - train.length;
    if (count < 1 || count > allowed) {
      throw countOutside(allowed, train.length + "-image training subset of " + model, count);
    }
    return DSpritesGenerator.chooseIndicesExcluding(count, seed, train);
  }

  /**
   * {@code count} seeded dSprites grid indices outside the training subset listed in an index file
   * ({@link dev.candela.data.IndexFiles}: a {@code .npy} of flat indices, or one a line), for a
   * model trained elsewhere ({@code candela dataset generate dsprites --exclude-training FILE}).
   *
   * @param file the index file
   * @param count how many
   * @param seed the seed
   * @return sorted grid indices outside the file's
   * @throws BadInputException when the file is bad, or {@code count} exceeds the images left
   */
  public static long[] heldOutIndicesFromFile(Path file, long count, long seed)
      throws BadInputException {
    long[] train = dev.candela.data.IndexFiles.read(file, DSpritesGenerator.FULL);
    long distinct = java.util.Arrays.stream(train).distinct().count();
    long allowed = DSpritesGenerator.FULL - distinct;
    if (count < 1 || count > allowed) {
      throw countOutside(allowed, distinct + " training indices of " + file, count);
    }
    return DSpritesGenerator.chooseIndicesExcluding(count, seed, train);
  }

  /** The error of a held-out count outside 1..allowed, naming what the images lie outside of. */
  private static BadSettingException countOutside(long allowed, String training, long count) {
    return new BadSettingException(
        SettingText.of(
            Setting.COUNT,
            " must be in 1.."
                + allowed
                + " (the images outside the "
                + training
                + "), got "
                + count));
  }

  private static Path generate(Path file, Path heldOutFrom, Progress listener, String flag)
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
            : heldOutIndices(heldOutFrom, COUNT, SEED);
    // The generator writes a uniquely named temporary file and renames it atomically, so two
    // first runs at once each install a complete, identical file (the last rename wins).
    try (Progress.Task bar = listener.task("dsprites", COUNT)) {
      DSpritesGenerator.write(file, indices, bar::stepTo);
    } catch (BadInputException e) {
      throw new BadInputException(
          file + ": cannot generate the default dataset (" + e.getMessage() + ")", e);
    }
    return file;
  }
}
