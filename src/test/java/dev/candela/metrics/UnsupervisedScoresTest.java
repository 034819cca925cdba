package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Progress;
import dev.candela.metrics.stats.LatentCovariance;
import dev.candela.metrics.stats.Uncertainty;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The unsupervised scores of Locatello et al. 2019 (Gaussian total and Wasserstein correlation,
 * mean pairwise latent MI) on hand-computed cases, their invariances, bad input, and their
 * registration and intervals in {@link CodeScorer}.
 */
class UnsupervisedScoresTest {
  /** Hand-computed values from a few exact operations in double. */
  private static final double HAND = 1e-12;

  /** Reordering and rescaling round each value a few times. */
  private static final double INVARIANT = 1e-9;

  private static final List<String> NAMES2 = List.of("z0", "z1");

  /**
   * z0 = (1, 1, −1, −1), z1 = (2, 0, 0, −2): Σ = [[4/3, 4/3], [4/3, 8/3]], correlation 1/√2, so TC
   * = −½ ln(1 − ½) = ½ ln 2; tr Σ = 4 and D^½ Σ D^½ = [[16/9, 16√2/9], [16√2/9, 64/9]] (trace 80/9,
   * determinant 512/81), whose square root has trace √(80/9 + 2·16√2/9), so WC = 8 − (2/3) √(80 +
   * 32√2).
   */
  private static final float[][] TWO = {{1, 1, -1, -1}, {2, 0, 0, -2}};

  @Test
  void covarianceIsNumpysWithNMinusOne() {
    double[][] c = LatentCovariance.of(TWO);
    assertArrayEquals(new double[] {4.0 / 3, 4.0 / 3}, c[0], HAND);
    assertArrayEquals(new double[] {4.0 / 3, 8.0 / 3}, c[1], HAND);
  }

  @Test
  void totalCorrelationOfTheHandComputedPair() {
    GaussianTcResult r = GaussianTc.compute(LatentCovariance.of(TWO), NAMES2);
    assertEquals(0.5 * Math.log(2), r.score(), HAND);
    assertEquals(List.of(0, 1), r.activeLatents());
  }

  @Test
  void wassersteinCorrelationOfTheHandComputedPair() {
    GaussianWcResult r = GaussianWc.compute(LatentCovariance.of(TWO));
    double wc = 8 - 2.0 / 3 * Math.sqrt(80 + 32 * Math.sqrt(2));
    assertEquals(wc, r.score(), HAND);
    assertEquals(wc / 4, r.normalised(), HAND);
    assertEquals(4, r.trace(), HAND);
  }

  @Test
  void uncorrelatedLatentsScoreZero() {
    float[][] z = {{1, 1, -1, -1}, {1, -1, 1, -1}};
    double[][] c = LatentCovariance.of(z);
    assertEquals(0, GaussianTc.compute(c, NAMES2).score(), HAND);
    assertEquals(0, GaussianWc.compute(c).score(), HAND);
  }

  @Test
  void aConstantLatentIsLeftOutOfTheTotalCorrelation() {
    float[][] z = {TWO[0], {3, 3, 3, 3}, TWO[1]};
    GaussianTcResult r = GaussianTc.compute(LatentCovariance.of(z), List.of("z0", "still", "z1"));
    assertEquals(0.5 * Math.log(2), r.score(), HAND);
    assertEquals(List.of(0, 2), r.activeLatents());
    assertEquals(List.of(1), r.constantLatents());
    assertEquals(
        GaussianWc.compute(LatentCovariance.of(TWO)).score(),
        GaussianWc.compute(LatentCovariance.of(z)).score(),
        HAND);
  }

  @Test
  void allConstantLatentsScoreZero() {
    double[][] c = LatentCovariance.of(new float[][] {{2, 2, 2}, {5, 5, 5}});
    assertEquals(0, GaussianTc.compute(c, NAMES2).score());
    GaussianWcResult wc = GaussianWc.compute(c);
    assertEquals(0, wc.score());
    assertEquals(0, wc.normalised());
  }

  @Test
  void aSingularCovarianceIsRefusedNamingTheLatent() {
    float[][] z = {TWO[0], TWO[1], new float[4]};
    for (int i = 0; i < 4; i++) {
      z[2][i] = z[0][i] + z[1][i];
    }
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GaussianTc.compute(LatentCovariance.of(z), List.of("a", "b", "sum")));
    assertTrue(
        e.getMessage().startsWith("the latents' covariance is singular: latent 'sum'"),
        e.getMessage());
  }

  @Test
  void oneRowIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> LatentCovariance.of(new float[][] {{1}}));
    assertEquals("covariance needs at least 2 rows, got 1", e.getMessage());
  }

  /**
   * Two bins: z0 and z1 fall in the same halves (MI ln 2 both ways), z2 is independent of both (MI
   * 0): the mean over the 6 ordered pairs is 2 ln 2 / 6.
   */
  @Test
  void latentMiOfTheHandComputedTriple() {
    float[][] z = {{0, 0, 1, 1}, {5, 6, 9, 10}, {0, 1, 0, 1}};
    LatentMiResult r = LatentMi.compute(z, 2);
    assertEquals(Math.log(2) / 3, r.score(), HAND);
    assertEquals(Math.log(2), r.mutualInformation().get(0, 1), HAND);
    assertEquals(0, r.mutualInformation().get(0, 2), HAND);
    assertEquals(Math.log(2), r.mutualInformation().get(2, 2), HAND);
  }

  @Test
  void latentMiOfOneLatentIsZero() {
    assertEquals(0, LatentMi.compute(new float[][] {{0, 1, 2, 3}}, 20).score());
  }

  @Test
  void theCovarianceDoesNotDependOnTheRowRanges() {
    // 10^5 rows split into many ranges and blocks against one naive two-pass sum
    Random r = new Random(3);
    int n = 100_003;
    float[][] z = new float[3][n];
    for (int i = 0; i < n; i++) {
      z[0][i] = (float) r.nextGaussian();
      z[1][i] = (float) (0.5 * z[0][i] + r.nextGaussian());
      z[2][i] = (float) (100 + 0.01 * r.nextGaussian());
    }
    double[][] c = LatentCovariance.of(z);
    for (int j = 0; j < 3; j++) {
      for (int k = 0; k < 3; k++) {
        double mj = 0;
        double mk = 0;
        for (int i = 0; i < n; i++) {
          mj += z[j][i];
          mk += z[k][i];
        }
        mj /= n;
        mk /= n;
        double s = 0;
        for (int i = 0; i < n; i++) {
          s += (z[j][i] - mj) * (z[k][i] - mk);
        }
        assertEquals(s / (n - 1), c[j][k], INVARIANT * Math.abs(s / (n - 1)) + 1e-15);
      }
    }
  }

  @Test
  void aContextOnSomeRowsReadsThemInPlaceWithTheSameResultAsACopy() {
    LatentCodes c = MetricPropertiesTest.randomCodes(5, 4, 2, 400);
    int[] rows = new int[150];
    for (int k = 0; k < rows.length; k++) {
      rows[k] = 2 * k + (k % 3 == 0 ? 1 : 0);
    }
    CodeContext sub =
        new CodeContext(c, null, CodeScorer.Options.defaults(EnumSet.of(Metric.LATENT_MI), 0))
            .onRows(rows);
    LatentCodes copy = c.rows(rows);
    double[][] cov = LatentCovariance.of(copy.latents());
    double[][] mi =
        dev.candela.metrics.stats.DiscreteMutualInfo.latentLatentMatrix(copy.latents(), 20);
    for (int j = 0; j < 4; j++) {
      assertArrayEquals(cov[j], sub.latentCovariance()[j], 0.0);
      assertArrayEquals(mi[j], sub.latentMutualInformation()[j], 0.0);
    }
  }

  @Property(tries = 30)
  void totalCorrelationAndNormalisedWcAreScaleFreeAndWcScalesWithTheVariance(
      @ForAll long seed,
      @ForAll @IntRange(min = 2, max = 6) int d,
      @ForAll @DoubleRange(min = 0.01, max = 100) double scale) {
    LatentCodes c = MetricPropertiesTest.randomCodes(seed, d, 2, 200);
    float[][] scaled = new float[d][];
    for (int j = 0; j < d; j++) {
      scaled[j] = new float[c.numSamples()];
      for (int i = 0; i < c.numSamples(); i++) {
        scaled[j][i] = (float) (c.latents()[j][i] * scale);
      }
    }
    double[][] a = LatentCovariance.of(c.latents());
    double[][] b = LatentCovariance.of(scaled);
    GaussianTcResult ta = GaussianTc.compute(a, c.latentNames());
    GaussianTcResult tb = GaussianTc.compute(b, c.latentNames());
    assertEquals(
        ta.score(), tb.score(), 1e-5 * (1 + ta.score()), "float32 rounding of the scaled values");
    GaussianWcResult wa = GaussianWc.compute(a);
    GaussianWcResult wb = GaussianWc.compute(b);
    assertEquals(wa.normalised(), wb.normalised(), 1e-5 * (1 + wa.normalised()));
    assertEquals(wa.score() * scale * scale, wb.score(), 1e-5 * (1 + wb.score()));
    assertTrue(ta.score() >= 0 && wa.score() >= 0 && wa.normalised() <= 2);
  }

  @Property(tries = 30)
  void scoresDoNotDependOnTheLatentsOrder(
      @ForAll long seed, @ForAll @IntRange(min = 2, max = 6) int d) {
    LatentCodes c = MetricPropertiesTest.randomCodes(seed, d, 2, 150);
    float[][] rev = new float[d][];
    for (int j = 0; j < d; j++) {
      rev[j] = c.latents()[d - 1 - j];
    }
    double[][] a = LatentCovariance.of(c.latents());
    double[][] b = LatentCovariance.of(rev);
    assertEquals(
        GaussianTc.compute(a, c.latentNames()).score(),
        GaussianTc.compute(b, c.latentNames()).score(),
        INVARIANT);
    assertEquals(GaussianWc.compute(a).score(), GaussianWc.compute(b).score(), INVARIANT);
    assertEquals(
        LatentMi.compute(c.latents(), 20).score(), LatentMi.compute(rev, 20).score(), INVARIANT);
  }

  @Test
  void registeredScoredAndGivenSubsampledIntervalsNotClippedAtOne() {
    // correlated latents with a TC well above 1: the interval must not be cut at 1
    Random r = new Random(11);
    int n = 2000;
    float[][] z = new float[3][n];
    int[][] f = new int[1][n];
    for (int i = 0; i < n; i++) {
      double a = r.nextGaussian();
      z[0][i] = (float) a;
      z[1][i] = (float) (a + 0.1 * r.nextGaussian());
      z[2][i] = (float) (a + 0.1 * r.nextGaussian());
      f[0][i] = a > 0 ? 1 : 0;
    }
    LatentCodes codes = LatentCodes.of(z, f);
    CodeScorer.Options o =
        CodeScorer.Options.defaults(
            EnumSet.of(Metric.GAUSSIAN_TC, Metric.GAUSSIAN_WC, Metric.LATENT_MI), 0);
    Map<String, Double> s = CodeScorer.score(codes, null, o).scores();
    assertEquals(
        List.of("gaussian_tc", "gaussian_wc", "gaussian_wc_norm", "latent_mi"),
        List.copyOf(s.keySet()));
    assertTrue(s.get("gaussian_tc") > 2, s.toString());
    Map<String, Uncertainty> u =
        CodeScorer.uncertainty(
            codes, null, o, s, CodeScorer.IntervalOptions.of(20, 0), Progress.NONE);
    assertEquals(s.keySet(), u.keySet());
    for (String k : s.keySet()) {
      Uncertainty x = u.get(k);
      assertEquals(Uncertainty.SUBSAMPLING, x.method(), k);
      assertTrue(x.ci95().get(0) <= s.get(k) && s.get(k) <= x.ci95().get(1), k + " " + x);
      assertTrue(x.se() > 0, k + " " + x);
    }
    assertTrue(u.get("gaussian_tc").ci95().get(1) > s.get("gaussian_tc"), u.toString());
  }
}
