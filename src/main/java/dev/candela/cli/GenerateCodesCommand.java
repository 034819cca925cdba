package dev.candela.cli;

import dev.candela.CandelaException;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.SeedOption;
import dev.candela.data.CodeTables;
import dev.candela.metrics.LatentCodes;
import dev.candela.synth.SyntheticCodes;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela dataset generate codes}: writes a synthetic representation with a known structure
 * ({@code factors.csv} and {@code latents.csv}) for trying {@code score-codes} and for tests.
 */
@Command(
    name = "codes",
    sortOptions = false,
    description = "Write synthetic latent codes with a known structure (factors.csv, latents.csv).")
public final class GenerateCodesCommand implements Callable<Integer> {

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output folder.")
  Path out;

  @Option(
      names = "--kind",
      paramLabel = "KIND",
      description = "${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
  SyntheticCodes.Kind kind = SyntheticCodes.Kind.DISENTANGLED;

  @Option(names = "--count", paramLabel = "N", description = "Samples (default ${DEFAULT-VALUE}).")
  int count = 2000;

  @Option(
      names = "--factor-sizes",
      split = ",",
      paramLabel = "K",
      description =
          "Values per factor (default 3,6,40,32,32: dSprites' shape, scale, orientation, x, y).")
  List<Integer> factorSizes = List.of(3, 6, 40, 32, 32);

  @Option(
      names = "--latents",
      paramLabel = "L",
      description = "Latents (default ${DEFAULT-VALUE}).")
  int latents = 10;

  @Option(names = "--noise", paramLabel = "σ", description = "Noise sd (default ${DEFAULT-VALUE}).")
  double noise = 0.05;

  @Mixin SeedOption seed;

  @Option(
      names = "--factor-names",
      split = ",",
      paramLabel = "NAME",
      description = "Factor names, one per factor size (default f0,f1,...).")
  List<String> factorNames;

  /** Creates the command. */
  public GenerateCodesCommand() {}

  @Override
  public Integer call() throws CandelaException {
    if (count < 1) {
      // the library calls them samples; here they are --count
      throw new IllegalArgumentException("--count must be ≥ 1, got " + count);
    }
    int[] sizes = factorSizes.stream().mapToInt(Integer::intValue).toArray();
    LatentCodes codes = SyntheticCodes.generate(kind, count, sizes, latents, noise, seed.seed());
    if (factorNames != null) {
      if (factorNames.size() != sizes.length) {
        throw new IllegalArgumentException(
            "--factor-names has "
                + factorNames.size()
                + " names for "
                + sizes.length
                + " factor sizes");
      }
      codes = new LatentCodes(codes.latents(), codes.factors(), codes.latentNames(), factorNames);
    }
    CodeTables.writeCsv(out.resolve("factors.csv"), codes.factorNames(), codes.factors());
    CodeTables.writeCsv(out.resolve("latents.csv"), codes.latentNames(), codes.latents());
    System.err.println(
        "wrote " + out.resolve("factors.csv") + " and " + out.resolve("latents.csv"));
    return ExitCodes.OK;
  }
}
