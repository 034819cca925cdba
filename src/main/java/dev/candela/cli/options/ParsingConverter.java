package dev.candela.cli.options;

import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A converter of an option's text by a parser that refuses with an {@link
 * IllegalArgumentException}: the parser's message, after a prefix naming the option where the
 * message does not, becomes picocli's one-line conversion error.
 *
 * @param <T> the option's type
 */
public abstract class ParsingConverter<T> implements ITypeConverter<T> {
  private final String prefix;
  private final Function<String, T> parser;

  /**
   * Creates the converter.
   *
   * @param prefix put before the parser's message, e.g. {@code "--cg-readout: "}, or empty
   * @param parser the parser
   */
  protected ParsingConverter(String prefix, Function<String, T> parser) {
    this.prefix = prefix;
    this.parser = parser;
  }

  @Override
  public final T convert(String text) {
    try {
      return parser.apply(text);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(prefix + e.getMessage());
    }
  }
}
