package dev.candela.metrics;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The IRS quantile of {@link CodeScorer.Options} (the paper's 1.0 against disentanglement_lib's
 * 0.99) on a table computed by hand, and the factor bins that the IRS details record.
 */
class IrsQuantileOptionTest {

  /** A handful of double operations on small numbers. */
  private static final double HAND = 1e-12;

  /**
   * One latent, one factor of two values. Group 0: z = 0, 1, 5, mean 2, deviations {1, 2, 3}; group
   * 1: z = 10, 11, 12, mean 11, deviations {0, 1, 1}. numpy's linear quantile of three sorted
   * values at q sits at position 2q: q = 1 gives 3 and 1; q = 0.99 gives 2 + 0.98·(3 − 2) = 2.98
   * and 1. EMPIDA = mean over the groups: 2 and 1.99. The latent's mean is 39/6 = 6.5, so max_dev =
   * 6.5 (at z = 0), and IRS = 1 − EMPIDA/max_dev.
   */
  private static final LatentCodes TABLE =
      LatentCodes.of(new double[][] {{0, 1, 5, 10, 11, 12}}, new int[][] {{0, 0, 0, 1, 1, 1}});

  private static CodeScorer.Options options(int factorBins) {
    return new CodeScorer.Options(
        EnumSet.of(Metric.IRS),
        List.of(1),
        EnumSet.of(UcSelection.TOPK),
        factorBins,
        CodeScorer.Options.DEFAULT_TRAIN_FRACTION,
        CodeScorer.Options.DEFAULT_MAX_TRAIN,
        CodeScorer.Options.DEFAULT_MAX_TEST,
        0);
  }

  @Test
  void thePapersMaximumAndTheReferencesQuantileGiveTheHandComputedScores() {
    CodeScorer.Scores paper =
        CodeScorer.score(TABLE, null, options(20).withIrsQuantile(1.0), false);
    CodeScorer.Scores reference = CodeScorer.score(TABLE, null, options(20), false);
    assertEquals(1 - 2.0 / 6.5, paper.scores().get("irs"), HAND);
    assertEquals(1 - 1.99 / 6.5, reference.scores().get("irs"), HAND);
    assertEquals(1.0, paper.irs().options().diffQuantile());
    assertEquals(0.99, reference.irs().options().diffQuantile());
    assertEquals(0.99, CodeScorer.Options.defaults().irsQuantile());
    assertEquals(1.0, options(20).withIrsQuantile(1.0).asMap().get("irsQuantile"));
  }

  @Test
  void theDetailsRecordTheFactorBinsThatWereUsed() {
    assertEquals(
        20, CodeScorer.score(TABLE, null, options(20), false).irs().options().factorBins());
    assertEquals(7, CodeScorer.score(TABLE, null, options(7), false).irs().options().factorBins());
    assertEquals(0, CodeScorer.score(TABLE, null, options(0), false).irs().options().factorBins());
  }

  @Test
  void aQuantileOutsideZeroToOneIsRefusedNamingTheValue() {
    for (double q : new double[] {0.0, -0.5, 1.01, Double.NaN}) {
      assertRejects(
          () -> options(20).withIrsQuantile(q),
          "IRS quantile must be in (0, 1] (0.99 as disentanglement_lib, 1 as the paper), got " + q);
    }
  }
}
