package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.synth.DSpritesGenerator;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The dataset {@code evaluate} uses when none is given: a dSprites-format subset of {@value #COUNT}
 * images with seed {@value #SEED} (the one the shipped cards record) in {@code
 * target/candela-data/}, generated on first use.
 */
public final class DefaultDataset {
  private DefaultDataset() {}

  /** Count of the default generated dataset. */
  public static final int COUNT = 10_000;

  /** Seed of the default generated dataset (as the shipped cards record). */
  public static final long SEED = 1;

  /**
   * The default dataset's file, generated on first use as {@code candela dataset generate dsprites
   * --count 10000 --seed 1}.
   *
   * @param root the checkout's root
   * @param listener told before generating, and counts the images written
   * @return the file
   * @throws BadInputException when it cannot be generated
   */
  public static Path get(Path root, ProgressListener listener) throws BadInputException {
    Path file = root.resolve("target/candela-data/dsprites-" + COUNT + "-seed" + SEED + ".npz");
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
            + ")");
    // The generator writes a uniquely named temporary file and renames it atomically, so two
    // first runs at once each install a complete, identical file (the last rename wins).
    try (ProgressListener.Task bar = listener.task("dsprites", COUNT)) {
      DSpritesGenerator.write(file, DSpritesGenerator.chooseIndices(COUNT, SEED), bar::stepTo);
    } catch (BadInputException e) {
      throw new BadInputException(
          file + ": cannot generate the default dataset (" + e.getMessage() + ")", e);
    }
    return file;
  }
}
