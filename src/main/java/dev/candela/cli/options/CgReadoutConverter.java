package dev.candela.cli.options;

import dev.candela.metrics.cg.CgReadout;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --cg-readout}: {@code exact} or {@code tolerant}, any case. */
public final class CgReadoutConverter implements ITypeConverter<CgReadout> {
  /** Creates the converter (picocli instantiates it). */
  public CgReadoutConverter() {}

  @Override
  public CgReadout convert(String text) {
    try {
      return CgReadout.fromId(text);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException("--cg-readout: " + e.getMessage());
    }
  }
}
