package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.cli.console.ConsoleBars;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.SeedOption;
import dev.candela.data.DSpritesDrawing;
import dev.candela.evaluate.DefaultDataset;
import dev.candela.synth.DSpritesGenerator;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code candela dataset generate dsprites}: a procedurally drawn dSprites-format npz. */
@Command(
    name = "dsprites",
    description = {
      "Draw a dSprites-format npz (imgs u1, latents_values f8, latents_classes i8) on the exact"
          + " dSprites factor grid: the full 737,280 images, or a seeded subset (sorted indices),"
          + " drawn as DeepMind drew them (a drop-in for DeepMind's file)."
    })
public final class GenerateDspritesCommand implements Callable<Integer> {
  @Option(names = "--out", required = true, paramLabel = "PATH.npz", description = "Output file.")
  Path out;

  @Option(
      names = "--count",
      paramLabel = "N",
      description = "Number of images (default: all 737280).")
  Long count;

  @Option(
      names = "--exclude-training",
      paramLabel = "MODEL_DIR|FILE",
      description =
          "Draw only images outside a training subset, so the file is held-out data: a Candela VAE"
              + " folder (its card's training.limit and training.seed on the full grid), or an"
              + " index file of the flat dSprites indices trained on (a .npy of integers, or one"
              + " index a line). Needs --count.")
  Path excludeTraining;

  @Option(
      names = "--drawing",
      paramLabel = "DRAWING",
      defaultValue = "deepmind",
      description =
          "How the sprites are drawn: deepmind (default; DeepMind's drawing, fitted to real"
              + " dSprites pixels) or candela-1 (Candela's first drawing, for comparing models"
              + " trained on it). Recorded in the file's 'drawing' entry.")
  String drawing;

  @Mixin SeedOption seed;

  /** Creates the command. */
  public GenerateDspritesCommand() {}

  @Override
  public Integer call() throws BadInputException {
    long[] indices = null;
    if (excludeTraining != null) {
      indices = heldOutIndices();
    } else if (count != null) {
      if (count < 1 || count > DSpritesGenerator.FULL) {
        throw new BadInputException(
            "--count must be in 1.." + DSpritesGenerator.FULL + ", got " + count);
      }
      if (count < DSpritesGenerator.FULL) {
        indices = DSpritesGenerator.chooseIndices(count, seed.seed());
      }
    }
    long n = indices == null ? DSpritesGenerator.FULL : indices.length;
    DSpritesDrawing d;
    try {
      d = DSpritesDrawing.of(drawing);
    } catch (BadInputException e) {
      throw new BadInputException("--drawing: " + e.getMessage(), e);
    }
    ConsoleBars.writeDsprites(out, indices, n, d);
    System.out.println("wrote " + out + " (" + n + " images, drawing " + d.id() + ")");
    return ExitCodes.OK;
  }

  /** {@code --count} indices outside the training subset of {@code --exclude-training}. */
  private long[] heldOutIndices() throws BadInputException {
    if (count == null) {
      throw new BadInputException("--exclude-training " + excludeTraining + " needs --count");
    }
    if (java.nio.file.Files.isRegularFile(excludeTraining)) {
      return DefaultDataset.heldOutIndicesFromFile(excludeTraining, count, seed.seed());
    }
    return DefaultDataset.heldOutIndices(excludeTraining, count, seed.seed());
  }
}
