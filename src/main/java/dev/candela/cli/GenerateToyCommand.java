package dev.candela.cli;

import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.OutFolderOption;
import dev.candela.cli.options.SeedOption;
import dev.candela.synth.ToyGenerator;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code candela dataset generate toy}: the fully confounded toy set. */
@Command(
    name = "toy",
    description = {
      "Write the fully confounded toy set (128x128; color tied to shape) as a factor folder:",
      "spec.json + {i}.png + {i}.json."
    })
public final class GenerateToyCommand implements Callable<Integer> {
  @Mixin OutFolderOption out;

  @Option(names = "--count", description = "Number of samples (seeded subset of the 576).")
  Integer count;

  @Mixin SeedOption seed;

  /** Creates the command. */
  public GenerateToyCommand() {}

  @Override
  public Integer call() throws Exception {
    if (count != null && count < 1) {
      throw new dev.candela.BadInputException("--count must be >= 1, got " + count);
    }
    ToyGenerator g = new ToyGenerator(seed.seed());
    int[] idx = g.select(count);
    int written = g.generate(out.folder(), idx);
    System.out.println(
        "toy: "
            + written
            + " written, "
            + (idx.length - written)
            + " already present in "
            + out.folder());
    return ExitCodes.OK;
  }
}
