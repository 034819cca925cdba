package dev.candela;

import dev.candela.synth.DSpritesGenerator;
import java.nio.file.Path;

/** Small generated datasets that many tests start from. */
public final class TestDatasets {
  private TestDatasets() {}

  /**
   * Writes {@code count} dSprites images, chosen with {@link DSpritesGenerator#chooseIndices} and
   * this seed, to an npz file.
   *
   * @param file the npz file
   * @param count how many images
   * @param seed the seed of their choice
   * @return {@code file}
   * @throws BadInputException when it cannot be written
   */
  public static Path dsprites(Path file, int count, long seed) throws BadInputException {
    DSpritesGenerator.write(file, DSpritesGenerator.chooseIndices(count, seed), i -> {});
    return file;
  }
}
