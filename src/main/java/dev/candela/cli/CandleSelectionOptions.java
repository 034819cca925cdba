package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.cli.options.SeedOption;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.candle.CandleIds;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Options shared by {@code dataset generate candle} and {@code dataset render} (a picocli mixin):
 * which CANDLE ids to produce ({@code --ids}, {@code --seed}) under which confounding rules variant
 * ({@code --rules}).
 */
final class CandleSelectionOptions {
  @Option(names = "--ids", description = "Id range a-b (inclusive), or a single id.")
  String ids;

  @Mixin SeedOption seedOption;

  @Option(
      names = "--rules",
      defaultValue = "published",
      description = "Rules variant: published|paper (default ${DEFAULT-VALUE}).")
  String rules;

  /** The seed of {@code --seed}. */
  long seed() {
    return seedOption.seed();
  }

  /** Creates the options. */
  CandleSelectionOptions() {}

  /**
   * The CANDLE confounding rules of {@code --rules}, read from {@code rulesFile} when given.
   *
   * @param rulesFile the command's {@code --rules-file}, or {@code null} for the built-in file
   * @return the rules
   * @throws BadInputException when the rules cannot be read
   */
  ConfoundingRules confoundingRules(Path rulesFile) throws BadInputException {
    return ConfoundingRules.forDataset(rulesFile == null ? "candle" : rulesFile.toString(), rules);
  }

  /** The {@code {from, to}} id range of {@code --ids} over the whole CANDLE grid. */
  int[] range() {
    return parseRange(ids, CandleIds.GRID);
  }

  /**
   * Parses {@code --ids}: {@code a-b} (inclusive) or a single id; {@code null} means all ids.
   *
   * @param text the option value, or {@code null}
   * @param grid number of ids in the grid
   * @return {@code {from, to}}
   * @throws IllegalArgumentException when the text is not a range
   */
  static int[] parseRange(String text, int grid) {
    if (text == null) {
      return new int[] {0, grid - 1};
    }
    String[] parts = text.split("-", -1);
    if (parts.length > 2) {
      throw new IllegalArgumentException("--ids must be a-b or a single id, got '" + text + "'");
    }
    try {
      int from = Integer.parseInt(parts[0].trim());
      int to = parts.length > 1 ? Integer.parseInt(parts[1].trim()) : from;
      return new int[] {from, to};
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--ids must be a-b or a single id, got '" + text + "'");
    }
  }
}
