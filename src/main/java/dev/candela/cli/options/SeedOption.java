package dev.candela.cli.options;

import picocli.CommandLine.Option;

/** The {@code --seed} option shared by the seeded commands (a picocli mixin), default 0. */
public final class SeedOption {
  @Option(
      names = "--seed",
      defaultValue = "0",
      paramLabel = "S",
      description = "Seed (default ${DEFAULT-VALUE}).")
  private long seed;

  /** Creates the option (picocli fills it). */
  public SeedOption() {}

  /** The seed. */
  public long seed() {
    return seed;
  }
}
