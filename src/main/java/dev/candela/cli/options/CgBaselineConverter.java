package dev.candela.cli.options;

import dev.candela.metrics.cg.CgBaseline;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --cg-baseline}: {@code max-deviation}, {@code mean} or {@code zero}, any case,
 * {@code _} read as {@code -}.
 */
public final class CgBaselineConverter implements ITypeConverter<CgBaseline> {
  /** Creates the converter (picocli instantiates it). */
  public CgBaselineConverter() {}

  @Override
  public CgBaseline convert(String text) {
    try {
      return parse(text);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
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
