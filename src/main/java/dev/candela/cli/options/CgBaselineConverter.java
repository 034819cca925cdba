package dev.candela.cli.options;

import dev.candela.metrics.cg.CgBaseline;
import java.util.Locale;

/**
 * Reads {@code --cg-baseline}: {@code max-deviation}, {@code mean} or {@code zero}, any case,
 * {@code _} read as {@code -}.
 */
public final class CgBaselineConverter extends ParsingConverter<CgBaseline> {
  /** Creates the converter (picocli instantiates it); the parser's message names the flag. */
  public CgBaselineConverter() {
    super("", CgBaselineConverter::parse);
  }

  /**
   * Parses a baseline's name.
   *
   * @param text the name as typed
   * @return the baseline
   * @throws IllegalArgumentException naming the accepted spellings
   */
  public static CgBaseline parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    return switch (t) {
      case "max-deviation" -> CgBaseline.MAX_DEVIATION;
      case "mean" -> CgBaseline.MEAN;
      case "zero" -> CgBaseline.ZERO;
      default ->
          throw new IllegalArgumentException(
              "--cg-baseline must be max-deviation, mean or zero, got '" + text + "'");
    };
  }
}
