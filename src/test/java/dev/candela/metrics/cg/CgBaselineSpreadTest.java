package dev.candela.metrics.cg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.metrics.LatentStats;
import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/** CG's baseline-aware interval: the tail model, the redraws and the variance decomposition. */
class CgBaselineSpreadTest {
  /** Relative error allowed for moments estimated from 200,000 draws. */
  private static final double MOMENT = 0.02;

  /** Round-off of sums of a few hundred doubles. */
  private static final double ROUND_OFF = 1e-12;

  private static final List<String> NAMES = List.of("a", "b");

  /** Statistics of one latent over [-1, 1] with mean 0 at n samples. */
  private static LatentStats unitStats(int n) {
    return new LatentStats(new double[] {-1}, new double[] {1}, new double[] {0}, n);
  }

  /** CG's intervals over {@link #NAMES} with the max-deviation baseline. */
  private static Map<String, Uncertainty> maxDeviation(
      double[][] terms,
      LatentStats stats,
      CgBaselineSpread.Spread spread,
      CgBaselineSpread.Terms again,
      int redraws,
      long seed)
      throws Exception {
    return CgBaselineSpread.of(
        NAMES, terms, stats, CgBaseline.MAX_DEVIATION, spread, again, redraws, seed);
  }

  @Test
  void exponentialExceedancesFitAShapeNearZeroAndTheirMean() {
    SplittableRandom rng = new SplittableRandom(1);
    double[] y = new double[200_000];
    for (int i = 0; i < y.length; i++) {
      y[i] = -2.0 * Math.log(1 - rng.nextDouble()); // exponential, mean 2
    }
    CgBaselineSpread.Tail t = CgBaselineSpread.Tail.fit(y);
    assertEquals(0, t.shape(), 0.02, t.toString());
    assertEquals(2.0, t.scale(), 2.0 * MOMENT, t.toString());
  }

  @Test
  void theRedrawOfAnExtremeIsCentredWithTheGumbelSpreadForAnExponentialTail() {
    // the max of k = 1,000 exponentials of scale 1 is about Gumbel(ln k, 1): SD π/√6
    CgBaselineSpread.Tail t = new CgBaselineSpread.Tail(1.0, 0.0, 1000);
    SplittableRandom rng = new SplittableRandom(2);
    int m = 200_000;
    double sum = 0;
    double sq = 0;
    for (int i = 0; i < m; i++) {
      double d = t.centredDraw(rng.nextDouble());
      sum += d;
      sq += d * d;
    }
    double mean = sum / m;
    double sd = Math.sqrt(sq / m - mean * mean);
    assertEquals(0, mean, 0.01);
    assertEquals(Math.PI / Math.sqrt(6), sd, Math.PI / Math.sqrt(6) * MOMENT);
  }

  @Test
  void termsThatIgnoreTheBaselineKeepThePerSampleInterval() throws Exception {
    double[][] terms = terms(200, 3);
    LatentStats stats = unitStats(200);
    CgBaselineSpread.Spread spread = CgBaselineSpread.Spread.of(rows(200, 4));
    Map<String, Uncertainty> plain = CgUncertainty.of(NAMES, terms);
    Map<String, Uncertainty> u =
        maxDeviation(terms, stats, spread, (samples, st) -> pick(terms, samples), 20, 5);
    for (String k : plain.keySet()) {
      assertEquals(plain.get(k).se(), u.get(k).se(), 0.0, k);
      assertEquals(plain.get(k).ci95().get(0), u.get(k).ci95().get(0), ROUND_OFF, k);
      assertEquals(plain.get(k).ci95().get(1), u.get(k).ci95().get(1), ROUND_OFF, k);
      assertEquals(CgBaselineSpread.METHOD, u.get(k).method());
    }
  }

  @Test
  void aShiftOfEveryTermByTheMovedMaximumAddsTheMeanSquaredShift() throws Exception {
    int n = 300;
    double[][] terms = terms(n, 6);
    LatentStats stats = unitStats(n);
    CgBaselineSpread.Spread spread = CgBaselineSpread.Spread.of(rows(n, 7));
    List<Double> shifts = new ArrayList<>();
    CgBaselineSpread.Terms again =
        (samples, st) -> {
          double shift = st.max(0) - stats.max(0);
          shifts.add(shift);
          double[][] moved = pick(terms, samples);
          for (double[] f : moved) {
            for (int k = 0; k < f.length; k++) {
              f[k] += shift;
            }
          }
          return moved;
        };
    int redraws = 25;
    Map<String, Uncertainty> u = maxDeviation(terms, stats, spread, again, redraws, 9);
    assertEquals(redraws, shifts.size());
    double vb = 0;
    for (double s : shifts) {
      vb += s * s / redraws;
    }
    assertTrue(vb > 0, "the redraws moved the maximum");
    Map<String, Uncertainty> plain = CgUncertainty.of(NAMES, terms);
    for (String k : plain.keySet()) {
      double se = plain.get(k).se();
      assertEquals(Math.sqrt(se * se + vb), u.get(k).se(), ROUND_OFF, k);
      double half = (u.get(k).ci95().get(1) - u.get(k).ci95().get(0)) / 2;
      assertTrue(half >= Uncertainty.Z95 * u.get(k).se(), k + ": t quantile ≥ z");
    }
  }

  @Test
  void intervalsStayInsideTheRangeOfCg() throws Exception {
    int n = 100;
    double[][] terms = new double[NAMES.size()][n];
    for (double[] f : terms) {
      java.util.Arrays.fill(f, 0.01);
    }
    LatentStats stats = unitStats(n);
    // every redraw moves every term by ±0.5: V_b = 0.25, far wider than CG = 0.01
    int[] calls = {0};
    Map<String, Uncertainty> u =
        maxDeviation(
            terms,
            stats,
            CgBaselineSpread.Spread.of(rows(n, 2)),
            (samples, st) -> {
              double[][] moved = pick(terms, samples);
              double shift = calls[0]++ % 2 == 0 ? 0.5 : -0.5;
              for (double[] f : moved) {
                for (int k = 0; k < f.length; k++) {
                  f[k] += shift;
                }
              }
              return moved;
            },
            10,
            3);
    for (Uncertainty v : u.values()) {
      assertEquals(0.5, v.se(), ROUND_OFF);
      assertEquals(0.0, v.ci95().get(0), 0.0);
      assertTrue(v.ci95().get(1) <= 1, v.toString());
    }
  }

  @Test
  void theZeroBaselineHasNothingToRedraw() throws Exception {
    double[][] terms = terms(100, 8);
    LatentStats stats = unitStats(100);
    Map<String, Uncertainty> u =
        CgBaselineSpread.of(
            NAMES,
            terms,
            stats,
            CgBaseline.ZERO,
            CgBaselineSpread.Spread.of(rows(100, 1)),
            (samples, st) -> {
              throw new AssertionError("no redraw for the zero baseline");
            },
            20,
            1);
    assertEquals(Uncertainty.MEAN, u.get("cg").method());
  }

  @Test
  void redrawsKeepTheMinimumBelowTheMaximum() {
    CgBaselineSpread.Spread spread = CgBaselineSpread.Spread.of(rows(50, 3));
    LatentStats stats = new LatentStats(new double[] {0}, new double[] {0}, new double[] {0}, 50);
    Well19937c rng = new Well19937c(4);
    for (int i = 0; i < 1000; i++) {
      LatentStats r = spread.redraw(stats, CgBaseline.MAX_DEVIATION, rng);
      assertTrue(r.min(0) <= r.max(0));
      assertEquals(0, r.mean(0), 0.0, "the max-deviation redraw leaves the mean");
    }
    LatentStats m = spread.redraw(stats, CgBaseline.MEAN, rng);
    assertEquals(0, m.min(0), 0.0, "the mean redraw leaves the extremes");
    assertTrue(m.mean(0) != 0, "the mean redraw moves the mean");
  }

  private static double[][] terms(int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    double[][] t = new double[NAMES.size()][n];
    for (double[] f : t) {
      for (int i = 0; i < n; i++) {
        f[i] = rng.nextDouble();
      }
    }
    return t;
  }

  private static float[][] rows(int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    float[][] r = new float[n][1];
    for (float[] row : r) {
      row[0] = (float) (rng.nextDouble() * 2 - 1);
    }
    return r;
  }

  private static double[][] pick(double[][] terms, int[] samples) {
    double[][] out = new double[terms.length][samples.length];
    for (int f = 0; f < terms.length; f++) {
      for (int k = 0; k < samples.length; k++) {
        out[f][k] = terms[f][samples[k]];
      }
    }
    return out;
  }
}
