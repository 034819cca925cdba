package dev.candela.cli.options;

/** The value of {@code --factor-bins}: {@code none} (no re-binning) or a bin count ≥ 2. */
public final class FactorBins {
  private FactorBins() {}

  /**
   * Parses {@code --factor-bins}.
   *
   * @param text {@code none} (any case) or an integer ≥ 2
   * @return the bin count, 0 for none
   * @throws IllegalArgumentException when the text is neither
   */
  public static int parse(String text) {
    if (text.equalsIgnoreCase("none")) {
      return 0;
    }
    try {
      int n = Integer.parseInt(text.trim());
      if (n >= 2) {
        return n;
      }
    } catch (NumberFormatException e) {
      // fall through to the message below
    }
    throw new IllegalArgumentException(
        "--factor-bins must be 'none' or an integer ≥ 2, got '" + text + "'");
  }
}
