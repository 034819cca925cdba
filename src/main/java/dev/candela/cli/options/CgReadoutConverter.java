package dev.candela.cli.options;

import dev.candela.metrics.cg.CgReadout;

/** Reads {@code --cg-readout}: {@code exact} or {@code tolerant}, any case. */
public final class CgReadoutConverter extends ParsingConverter<CgReadout> {
  /** Creates the converter (picocli instantiates it). */
  public CgReadoutConverter() {
    super("--cg-readout: ", CgReadout::fromId);
  }
}
