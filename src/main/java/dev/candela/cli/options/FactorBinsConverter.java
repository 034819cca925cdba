package dev.candela.cli.options;

/** Reads {@code --factor-bins}: {@code none} (0: keep the codes) or an integer ≥ 2. */
public final class FactorBinsConverter {
  private FactorBinsConverter() {}

  /**
   * Parses the option's text.
   *
   * @param text {@code none} or an integer ≥ 2
   * @return the number of bins, 0 for none
   * @throws IllegalArgumentException naming the accepted values
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
