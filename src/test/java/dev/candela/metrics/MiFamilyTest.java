package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Progress;
import dev.candela.metrics.stats.Uncertainty;
import java.util.EnumSet;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * MIG-sup, JEMMIG, DCIMIG and SAP continuous on codes whose values are known by construction, their
 * invariants, and bad input.
 */
class MiFamilyTest {

  /** Exact arithmetic up to the rounding of a few logarithms. */
  static final double EXACT = 1e-12;

  /** Rows of every (f0, f1) combination of two binary factors, {@code reps} times each. */
  static int[][] grid(int reps) {
    int n = 4 * reps;
    int[][] f = new int[2][n];
    for (int i = 0; i < n; i++) {
      f[0][i] = (i / reps) % 2;
      f[1][i] = (i / reps) / 2;
    }
    return f;
  }

  static float[] of(int[] a) {
    float[] z = new float[a.length];
    for (int i = 0; i < a.length; i++) {
      z[i] = a[i];
    }
    return z;
  }

  /**
   * The MI family as score-codes computes it, and SAP continuous on all rows (its score on the
   * split's test rows is a random subset's, whose value is not known by construction).
   */
  static Map<String, Double> scores(LatentCodes codes) {
    Map<String, Double> s =
        new java.util.LinkedHashMap<>(
            CodeScorer.score(
                    codes,
                    null,
                    CodeScorer.Options.defaults(
                        EnumSet.of(Metric.MIG_SUP, Metric.JEMMIG, Metric.DCIMIG), 0))
                .scores());
    s.put("sap_continuous", SapContinuous.compute(codes, codes, 0).score());
    return s;
  }

  @Test
  void aPerfectlyDisentangledCodeScoresOneOnEveryMetric() {
    int[][] f = grid(30);
    Map<String, Double> s = scores(LatentCodes.of(new float[][] {of(f[0]), of(f[1])}, f));
    assertEquals(1, s.get("mig_sup"), EXACT);
    assertEquals(1, s.get("dcimig"), EXACT);
    // H(z*, v) = I(z*; v) = ln 2 and I(z°; v) = 0: JEMMIG(v) = 0
    assertEquals(1, s.get("jemmig"), EXACT);
    assertEquals(1, s.get("sap_continuous"), EXACT);
  }

  @Test
  void aLatentCarryingTwoFactorsEquallyHasNoGap() {
    int[][] f = grid(30);
    int[] both = new int[f[0].length];
    for (int i = 0; i < both.length; i++) {
      both[i] = 2 * f[0][i] + f[1][i];
    }
    float[] constant = new float[both.length];
    Map<String, Double> s = scores(LatentCodes.of(new float[][] {of(both), constant}, f));
    // I(z0; f0) = I(z0; f1) = ln 2: the latent's gap is 0, the constant latent's too
    assertEquals(0, s.get("mig_sup"), EXACT);
    assertEquals(0, s.get("dcimig"), EXACT);
    // per factor: H(z0) = ln 4, H(z0, v) = ln 4, JEMMIG(v) = ln 4 − ln 2 + 0 = ln 2, over ln 2 + ln
    // 20
    assertEquals(1 - Math.log(2) / Math.log(40), s.get("jemmig"), EXACT);
    // R²(z0, f_k) = Var f_k / (Var f0 + Var f1) = 1/2, a single non-constant latent
    assertEquals(0.5, s.get("sap_continuous"), EXACT);
  }

  @Test
  void aFactorCopiedIntoTwoLatentsHalvesDcimigButNotMigSup() {
    int[][] f = grid(30);
    float[] copy = of(f[0]);
    Map<String, Double> s = scores(LatentCodes.of(new float[][] {of(f[0]), copy}, f));
    // each latent's gap ln 2 goes to f0: S_0 = ln 2, S_1 = 0, over H(f0) + H(f1) = 2 ln 2
    assertEquals(0.5, s.get("dcimig"), EXACT);
    assertEquals(1, s.get("mig_sup"), EXACT);
    // f0: JEMMIG = ln 2 − ln 2 + ln 2; f1 (no MI, z* = z0): JEMMIG = H(z0, f1) = ln 4
    double expected = ((1 - Math.log(2) / Math.log(40)) + (1 - Math.log(4) / Math.log(40))) / 2;
    assertEquals(expected, s.get("jemmig"), EXACT);
    // f0: R² 1 and 1, gap 0; f1: 0 and 0
    assertEquals(0, s.get("sap_continuous"), EXACT);
  }

  @Test
  void sapContinuousIsTheOneLatentRSquaredOnTheTestRows() {
    int[][] f = grid(10);
    int[] sum = new int[f[0].length];
    for (int i = 0; i < sum.length; i++) {
      sum[i] = f[0][i] + f[1][i];
    }
    LatentCodes codes = LatentCodes.of(new float[][] {of(sum), of(f[0])}, f);
    SapContinuousResult r = SapContinuous.compute(codes, codes, 0);
    double[][] m = r.scoreMatrix().toArray();
    assertEquals(0.5, m[0][0], EXACT);
    assertEquals(0.5, m[0][1], EXACT);
    assertEquals(1, m[1][0], EXACT);
    assertEquals(0, m[1][1], EXACT);
    // f0: 1 − 0.5; f1: 0.5 − 0
    assertEquals(0.5, r.score(), EXACT);
    assertEquals(r.score(), r.trainRowsScore(), EXACT);
  }

  @Test
  void aLatentOfVarianceBelowTheThresholdScoresZero() {
    int[][] f = grid(10);
    float[] tiny = new float[f[0].length];
    for (int i = 0; i < tiny.length; i++) {
      tiny[i] = 1 + 1e-7f * f[0][i];
    }
    SapContinuousResult r =
        SapContinuous.compute(
            LatentCodes.of(new float[][] {tiny}, f), LatentCodes.of(new float[][] {tiny}, f), 0);
    assertEquals(0, r.scoreMatrix().get(0, 0), 0);
    assertEquals(0, r.score(), 0);
  }

  @Property(tries = 30)
  void scoresLieInTheUnitIntervalAndIgnoreTheLatentsOrder(
      @ForAll @IntRange(min = 1, max = 1000) int seed) {
    Random rng = new Random(seed);
    int n = 300;
    int[][] f = new int[3][n];
    float[][] z = new float[4][n];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < 3; k++) {
        f[k][i] = rng.nextInt(2 + k);
      }
      for (int j = 0; j < 4; j++) {
        z[j][i] = (float) (rng.nextDouble() * f[j % 3][i] + rng.nextGaussian());
      }
    }
    Map<String, Double> s = scores(LatentCodes.of(z, f));
    for (Map.Entry<String, Double> e : s.entrySet()) {
      assertTrue(e.getValue() >= -EXACT && e.getValue() <= 1 + EXACT, e.toString());
    }
    float[][] reversed = {z[3], z[2], z[1], z[0]};
    Map<String, Double> r = scores(LatentCodes.of(reversed, f));
    assertEquals(s.get("mig_sup"), r.get("mig_sup"), EXACT);
    assertEquals(s.get("dcimig"), r.get("dcimig"), EXACT);
  }

  @Test
  void jemmigGetsASubsamplingIntervalThatRecomputesTheBins() {
    Random rng = new Random(5);
    int n = 600;
    float[][] z = new float[3][n];
    int[][] f = new int[2][n];
    for (int i = 0; i < n; i++) {
      f[0][i] = rng.nextInt(4);
      f[1][i] = rng.nextInt(3);
      z[0][i] = (float) (f[0][i] + 0.5 * rng.nextGaussian());
      z[1][i] = (float) (f[1][i] + 0.5 * rng.nextGaussian());
      z[2][i] = (float) rng.nextGaussian();
    }
    LatentCodes codes = LatentCodes.of(z, f);
    CodeScorer.Options o = CodeScorer.Options.defaults(EnumSet.of(Metric.JEMMIG), 0);
    Map<String, Double> s = CodeScorer.score(codes, null, o).scores();
    Map<String, Uncertainty> u =
        CodeScorer.uncertainty(
            codes, null, o, s, CodeScorer.IntervalOptions.defaults(), Progress.NONE);
    assertEquals(Uncertainty.SUBSAMPLING, u.get("jemmig").method());
    assertTrue(u.get("jemmig").se() > 0 && u.get("jemmig").se() < 0.05, u.toString());
  }

  @Test
  void aFactorOfEntropyZeroIsRefusedWithItsValue() {
    double[][] mi = {{0.1, 0.0}};
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigSup.fromMutualInformation(mi, new double[] {0.5, 0.0}, null, 20));
    assertEquals(
        "MIG-sup is undefined for a factor of entropy 0.0 (index 1 of [0.5, 0.0])", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Dcimig.fromMutualInformation(mi, new double[] {0.0, 0.5}, 20));
    assertEquals(
        "DCIMIG is undefined for a factor of entropy 0.0 (index 0 of [0.0, 0.5])", e.getMessage());
  }

  @Test
  void shapesThatDisagreeAreRefusedWithTheirSizes() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Jemmig.fromMutualInformation(
                    new double[][] {{0.1, 0.2}}, new double[] {1, 1}, new double[] {1, 1}, 20));
    assertEquals("JEMMIG: 2 latent entropies for 1 latents", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Dcimig.fromMutualInformation(new double[][] {{0.1}}, new double[] {1, 1}, 20));
    assertEquals("DCIMIG: MI matrix row has 1 entries for 2 factor entropies", e.getMessage());
  }

  @Test
  void sapContinuousRefusesASingleRow() {
    LatentCodes one = LatentCodes.of(new float[][] {{1f}}, new int[][] {{0}});
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SapContinuous.scoreMatrix(one));
    assertEquals("SAP continuous needs at least 2 rows, got 1", e.getMessage());
  }

  @Test
  void metricIdsTakeHyphensAndUnknownOnesAreNamed() {
    assertEquals(Metric.MIG_SUP, Metric.parse("mig-sup"));
    assertEquals(Metric.SAP_CONTINUOUS, Metric.parse("SAP_continuous"));
    assertEquals("sap-continuous", Metric.SAP_CONTINUOUS.id());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Metric.parse("mig-sub"));
    assertTrue(
        e.getMessage().startsWith("unknown metric 'mig-sub'; choose among irs, uc, mig"),
        e.getMessage());
  }
}
