package dev.candela.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The required {@code --out} output folder shared by the commands that write a folder of files
 * ({@code encode}, {@code dataset generate candle|toy}, {@code dataset render}; a picocli mixin).
 */
public final class OutFolderOption {
  @Option(names = "--out", required = true, description = "Output folder.")
  private Path out;

  /** Creates the option (picocli fills it). */
  public OutFolderOption() {}

  /** The folder as given. */
  public Path folder() {
    return out;
  }
}
