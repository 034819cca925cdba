package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Progress;
import dev.candela.data.FactorSampler;
import dev.candela.data.FactorSpace;
import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * BetaVAE and FactorVAE on a code table ({@link TableSampledMetric}): known values by construction,
 * agreement with the encoder-sampled version when the table is the full factor grid encoded, the
 * registration and the interval, and the families score-codes still refuses.
 */
class TableSampledMetricsTest {
  /** The full grid of the agreement case. */
  static final int[] GRID = {3, 4, 5, 2};

  /** Seeds per version in the agreement case. */
  static final int SEEDS = 10;

  /** disentanglement_lib's sizes scaled by 0.1 (1,000 training and 500 evaluation points). */
  static final SampledMetricOptions SMALL = SampledMetricOptions.defaults().scaled(0.1);

  /**
   * A fixed "encoder" of the grid: latent 0 = code 0, latent 1 = code 1 + 0.5·code 0, latent 2 =
   * code 2 − code 3, latent 3 = noise, each plus noise of SD 0.6 drawn from the sample's own index
   * (the same representation every time a sample is drawn).
   */
  static double[] encode(long flat, int[] codes) {
    SplittableRandom r = new SplittableRandom(1000 + flat);
    return new double[] {
      codes[0] + 0.6 * r.nextGaussian(),
      codes[1] + 0.5 * codes[0] + 0.6 * r.nextGaussian(),
      codes[2] - codes[3] + 0.6 * r.nextGaussian(),
      r.nextGaussian()
    };
  }

  static FactorSpace gridSpace() {
    List<FactorSpace.Factor> fs = new ArrayList<>();
    for (int f = 0; f < GRID.length; f++) {
      List<Object> v = new ArrayList<>();
      for (int i = 0; i < GRID[f]; i++) {
        v.add(i);
      }
      fs.add(new FactorSpace.Factor("f" + f, v));
    }
    return new FactorSpace("grid", fs);
  }

  /** The codes of flat index i (first factor most significant). */
  static int[] codesOf(long i) {
    int[] c = new int[GRID.length];
    long rest = i;
    for (int f = GRID.length - 1; f >= 0; f--) {
      c[f] = (int) (rest % GRID[f]);
      rest /= GRID[f];
    }
    return c;
  }

  /** The full grid encoded, one row per flat index in order. */
  static LatentCodes encodedGrid() {
    int n = 1;
    for (int s : GRID) {
      n *= s;
    }
    double[][] z = new double[4][n];
    int[][] f = new int[GRID.length][n];
    for (int i = 0; i < n; i++) {
      int[] c = codesOf(i);
      double[] e = encode(i, c);
      for (int j = 0; j < 4; j++) {
        z[j][i] = e[j];
      }
      for (int k = 0; k < GRID.length; k++) {
        f[k][i] = c[k];
      }
    }
    return LatentCodes.of(z, f);
  }

  /** The representation of the sampled version: encode the sample behind a flat index. */
  static Representation gridEncoder() {
    return ix -> {
      double[][] r = new double[ix.length][];
      for (int i = 0; i < ix.length; i++) {
        // the same float32 rounding as the table's latents
        double[] e = encode(ix[i], codesOf(ix[i]));
        for (int j = 0; j < e.length; j++) {
          e[j] = (float) e[j];
        }
        r[i] = e;
      }
      return r;
    };
  }

  private static double[] meanSd(double[] v) {
    double m = org.apache.commons.math3.stat.StatUtils.mean(v);
    return new double[] {m, Math.sqrt(org.apache.commons.math3.stat.StatUtils.variance(v, m))};
  }

  @Test
  void onTheFullGridEncodedTheTableAgreesWithTheSampledVersionWithinTheSeedSpread()
      throws Exception {
    TableSampledMetric.Table table = TableSampledMetric.Table.of(encodedGrid());
    FactorSampler grid = FactorSampler.forGrid(gridSpace());
    Representation enc = gridEncoder();
    double[][] beta = new double[2][SEEDS];
    double[][] fvae = new double[2][SEEDS];
    for (int s = 0; s < SEEDS; s++) {
      SampledMetricOptions o = SMALL.withSeed(s);
      beta[0][s] = BetaVae.compute(table.sampler(), table.representation(), o).score();
      beta[1][s] = BetaVae.compute(grid, enc, o).score();
      fvae[0][s] = FactorVae.compute(table.sampler(), table.representation(), o).score();
      fvae[1][s] = FactorVae.compute(grid, enc, o).score();
    }
    for (double[][] m : List.of(beta, fvae)) {
      double[] t = meanSd(m[0]);
      double[] g = meanSd(m[1]);
      System.out.printf(
          java.util.Locale.ROOT,
          "table %.4f ± %.4f, sampled %.4f ± %.4f (%d seeds)%n",
          t[0],
          t[1],
          g[0],
          g[1],
          SEEDS);
      assertTrue(
          Math.abs(t[0] - g[0]) <= Math.max(t[1], g[1]),
          () ->
              "table "
                  + java.util.Arrays.toString(t)
                  + " vs sampled "
                  + java.util.Arrays.toString(g));
      assertTrue(t[0] > 0.3 && t[0] < 0.99, () -> "neither chance nor perfect: " + t[0]);
    }
  }

  @Test
  void aLatentThatIsItsFactorScoresOneForBoth() throws Exception {
    // latent j = factor j exactly (a third latent of noise): within a batch with factor k fixed,
    // latent k does not vary, and every other latent does, so BetaVAE's feature and FactorVAE's
    // vote both single out latent k
    LatentCodes codes = LearnedCodes.disentangled(600, 3, new int[] {3, 4}, 0, 11);
    TableSampledMetric.Table t = TableSampledMetric.Table.of(codes);
    SampledMetricOptions o = SMALL.withSeed(3);
    assertEquals(1.0, BetaVae.compute(t.sampler(), t.representation(), o).score());
    assertEquals(1.0, FactorVae.compute(t.sampler(), t.representation(), o).score());
  }

  @Test
  void theScorerComputesThemFromTheTableWithTheRepeatsInterval() {
    LatentCodes codes = LearnedCodes.disentangled(300, 3, new int[] {3, 4}, 0.8, 5);
    CodeScorer.Options o =
        CodeScorer.Options.defaults(EnumSet.of(Metric.BETAVAE, Metric.FACTORVAE), 4);
    CodeScorer.Scores s = CodeScorer.score(codes, null, o);
    assertEquals(List.of("betavae", "factorvae"), List.copyOf(s.scores().keySet()));
    TableSampledMetric.Table t = TableSampledMetric.Table.of(codes);
    try {
      assertEquals(
          BetaVae.compute(
                  t.sampler(), t.representation(), SampledMetricOptions.defaults().withSeed(4))
              .score(),
          s.scores().get("betavae"));
    } catch (dev.candela.CandelaException e) {
      throw new AssertionError(e);
    }
    assertTrue(s.details().get("factorvae") instanceof FactorVaeResult);
    Map<String, Uncertainty> none =
        CodeScorer.uncertainty(
            codes, null, o, s.scores(), CodeScorer.IntervalOptions.none(), Progress.NONE);
    assertTrue(none.isEmpty(), "intervals off: " + none);
  }

  @Test
  void betaVaeAndFactorVaeAreOnCodeTablesAndCgAndScmAreNot() {
    assertTrue(Metric.BETAVAE.fromCodes() && Metric.FACTORVAE.fromCodes());
    assertTrue(Metric.MIG.fromCodes() && Metric.FOS.fromCodes());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> CodeScorer.Options.defaults(EnumSet.of(Metric.CG), 0));
    assertEquals(
        "cg is not computed from codes; choose among irs, uc, mig, dci, sap, modularity,"
            + " explicitness, mig-sup, jemmig, dcimig, sap-continuous, gaussian-tc, gaussian-wc,"
            + " latent-mi, fos, unified, downstream, downstream-gbt, dci-es, betavae, factorvae",
        e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> CodeScorer.Options.defaults(EnumSet.of(Metric.SCM), 0));
    assertTrue(!Metric.of(Metric.Kind.CODES).contains(Metric.BETAVAE), "not in the default set");
  }
}
