package dev.candela.cli.options;

import picocli.CommandLine.Option;

/** The {@code --quiet} option shared by the commands with progress bars (a picocli mixin). */
public final class QuietOption {
  @Option(names = "--quiet", description = "No progress bar.")
  private boolean quiet;

  /** Creates the option (picocli fills it). */
  public QuietOption() {}

  /** Whether progress bars are off. */
  public boolean quiet() {
    return quiet;
  }
}
