package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.data.FactorSampler;
import dev.candela.data.FactorSpace;
import dev.candela.metrics.stats.Uncertainty;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The BetaVAE/FactorVAE interval of {@link SampledMetricRepeats} by hand, with a stand-in run whose
 * score is a known function of its seed and of the rows it may draw from.
 */
class SampledMetricRepeatsTest {
  private static final double EXACT = 1e-12;

  /** 8 rows of one binary factor. */
  private static final FactorSampler ROWS =
      FactorSampler.forCodes(
          new FactorSpace("t", List.of(new FactorSpace.Factor("f", List.of(0, 1)))),
          new long[] {0, 1, 2, 3, 4, 5, 6, 7},
          new int[][] {{0}, {1}, {0}, {1}, {0}, {1}, {0}, {1}});

  private static final SampledMetricOptions OPTIONS = new SampledMetricOptions(4, 10, 10, 10, 100);

  /**
   * All rows: 0.50, 0.51, ... for seeds 100, 101, ...; a half: 0.6 for an even seed, 0.4 for an odd
   * one (a pair's seeds are consecutive, so every pair differs by 0.2).
   */
  private static final SampledMetricRepeats.Run RUN =
      (sampler, o) ->
          sampler.size() == 8 ? 0.50 + 0.01 * (o.seed() - 100) : o.seed() % 2 == 0 ? 0.6 : 0.4;

  @Test
  void rowsAndVotesAddUp() throws Exception {
    long[] idx = {0, 1, 2, 3, 4, 5, 6, 7};
    int[][] codes = {{0}, {1}, {0}, {1}, {0}, {1}, {0}, {1}};
    Uncertainty u = SampledMetricRepeats.of(0.50, RUN, ROWS, idx, codes, OPTIONS);
    // repeats 0.50..0.59: mean 0.545, s²_R = 0.01²·R(R+1)/12 = 0.01²·110/12; halves: D = 0.04
    assertEquals(10, SampledMetricRepeats.REPEATS);
    assertEquals(10, SampledMetricRepeats.HALF_PAIRS);
    double s2r = 1e-4 * 110 / 12;
    double rows = 0.04 / 4;
    double votes = s2r / 2;
    double var = rows + votes;
    double df = var * var / (rows * rows / 10 + votes * votes / 9);
    assertEquals(Math.sqrt(var), u.se(), EXACT);
    assertEquals(0.045, u.bias(), EXACT);
    assertEquals(Uncertainty.REPEATS, u.method());
    assertEquals(30, u.replicates());
    assertEquals(8, u.n());
    double h = Uncertainty.t95(df) * Math.sqrt(var);
    assertEquals(Math.max(0, 0.50 - h), u.ci95().get(0), EXACT);
    assertEquals(Math.min(1, 0.50 + h), u.ci95().get(1), EXACT);
  }

  @Test
  void withoutRowsOnlyTheRepeats() throws Exception {
    Uncertainty u = SampledMetricRepeats.of(0.50, RUN, ROWS, null, null, OPTIONS);
    double se = Math.sqrt(1e-4 * 110 / 12);
    assertEquals(se, u.se(), EXACT);
    assertEquals(10, u.replicates());
    double h = Uncertainty.t95(9) * se;
    assertEquals(0.50 - h, u.ci95().get(0), EXACT);
    assertEquals(0.50 + h, u.ci95().get(1), EXACT);
  }

  @Test
  void halvesThatAgreeLeaveHalfTheRepeatsVariance() throws Exception {
    // halves score 0.5 whatever the seed: D = 0, so SE² = s²_R/2, below s²_R (the rows part is
    // estimated as zero, the vote part from the repeats counts once per run, not twice)
    SampledMetricRepeats.Run run =
        (sampler, o) -> sampler.size() == 8 ? RUN.score(sampler, o) : 0.5;
    long[] idx = {0, 1, 2, 3, 4, 5, 6, 7};
    int[][] codes = {{0}, {1}, {0}, {1}, {0}, {1}, {0}, {1}};
    Uncertainty u = SampledMetricRepeats.of(0.50, run, ROWS, idx, codes, OPTIONS);
    double var = 1e-4 * 110 / 12 / 2;
    assertEquals(Math.sqrt(var), u.se(), EXACT);
    double h = Uncertainty.t95(9) * Math.sqrt(var);
    assertEquals(0.50 - h, u.ci95().get(0), EXACT);
  }

  @Test
  void runsThatAllAgreeGetTheWilsonIntervalOfTheirPooledVotes() throws Exception {
    // every run scores 1.0: no spread, so the interval is Wilson's for 10 runs · 10 votes = 100
    // points all correct: [100/(100 + 1.96²), 1], SE its half-width / 1.96
    long[] idx = {0, 1, 2, 3, 4, 5, 6, 7};
    int[][] codes = {{0}, {1}, {0}, {1}, {0}, {1}, {0}, {1}};
    Uncertainty u = SampledMetricRepeats.of(1.0, (sampler, o) -> 1.0, ROWS, idx, codes, OPTIONS);
    double z2 = Uncertainty.Z95 * Uncertainty.Z95;
    assertEquals(100 / (100 + z2), u.ci95().get(0), EXACT);
    assertEquals(1.0, u.ci95().get(1), EXACT);
    assertEquals((1 - 100 / (100 + z2)) / (2 * Uncertainty.Z95), u.se(), EXACT);
    assertEquals(Uncertainty.REPEATS, u.method());
    assertEquals(30, u.replicates());
  }
}
