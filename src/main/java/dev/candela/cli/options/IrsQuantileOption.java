package dev.candela.cli.options;

import dev.candela.metrics.CodeScorer;
import picocli.CommandLine.Option;

/**
 * The {@code --irs-quantile} option shared by {@code evaluate}, {@code sweep}, {@code score-codes}
 * and {@code monitor} (a picocli mixin): the quantile of the within-group deviations IRS takes as
 * its MPIDA, 0.99 (disentanglement_lib) unless given; 1 is the paper's maximum (Suter et al. 2019).
 */
public final class IrsQuantileOption {
  @Option(
      names = "--irs-quantile",
      paramLabel = "Q",
      description =
          "IRS's quantile of the within-group deviations, in (0, 1] (default ${DEFAULT-VALUE}, as"
              + " disentanglement_lib; 1 = the paper's maximum, Suter et al. 2019).")
  private double irsQuantile = CodeScorer.Options.DEFAULT_IRS_QUANTILE;

  /** Creates the option (picocli fills it). */
  public IrsQuantileOption() {}

  /**
   * The quantile, checked.
   *
   * @return the quantile, {@link CodeScorer.Options#DEFAULT_IRS_QUANTILE} unless given
   * @throws dev.candela.BadInputException naming the value when it is outside (0, 1]
   */
  public double quantile() throws dev.candela.BadInputException {
    try {
      return CodeScorer.Options.checkIrsQuantile(irsQuantile);
    } catch (IllegalArgumentException e) {
      throw new dev.candela.BadInputException(dev.candela.cli.console.SettingFlags.message(e), e);
    }
  }

  /**
   * The quantile as given, unchecked (the library's options check it).
   *
   * @return the quantile
   */
  public double value() {
    return irsQuantile;
  }
}
