package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.metrics.stats.Arrays2;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/** Invariances and ranges of IRS, UC, MIG and modularity on random codes. */
class MetricPropertiesTest {

  /** Reordering sums changes only the last bits. */
  private static final double REORDER = 1e-12;

  /** Scaling and shifting round every value once; the ratios move by a few ulps of the range. */
  private static final double AFFINE = 1e-9;

  /**
   * The float32 rounding of the latents: each mapped value moves by at most 2⁻²⁴ of its magnitude.
   */
  private static final double FLOAT32_ROUNDING = Math.scalb(1.0, -24);

  /** MI can exceed H(f) by an ulp (numpy does the same), so MIG can exceed 1 by rounding. */
  private static final double RANGE = 1e-12;

  /**
   * Random codes: every factor value appears at least twice, latents mix factors with Gaussian
   * noise (continuous values, so IRS columns have no ties).
   */
  static LatentCodes randomCodes(long seed, int numLatents, int numFactors, int n) {
    Random r = new Random(seed);
    int[][] f = new int[numFactors][n];
    for (int k = 0; k < numFactors; k++) {
      int values = 2 + r.nextInt(4);
      for (int i = 0; i < n; i++) {
        f[k][i] = i % values;
      }
      for (int i = n - 1; i > 0; i--) {
        int j = r.nextInt(i + 1);
        int t = f[k][i];
        f[k][i] = f[k][j];
        f[k][j] = t;
      }
    }
    double[][] z = new double[numLatents][n];
    for (int j = 0; j < numLatents; j++) {
      double[] w = new double[numFactors];
      for (int k = 0; k < numFactors; k++) {
        w[k] = r.nextDouble() < 0.5 ? 0 : r.nextGaussian() * 2;
      }
      double noise = 0.05 + r.nextDouble();
      for (int i = 0; i < n; i++) {
        double v = noise * r.nextGaussian();
        for (int k = 0; k < numFactors; k++) {
          v += w[k] * f[k][i];
        }
        z[j][i] = v;
      }
    }
    return LatentCodes.of(z, f);
  }

  private static LatentCodes permuteLatents(LatentCodes c, int[] perm) {
    float[][] z = new float[perm.length][];
    for (int p = 0; p < perm.length; p++) {
      z[p] = c.latents()[perm[p]];
    }
    return LatentCodes.of(z, c.factors());
  }

  private static int[] permutation(long seed, int size) {
    Random r = new Random(seed ^ 0x9E3779B97F4A7C15L);
    int[] p = new int[size];
    for (int i = 0; i < size; i++) {
      p[i] = i;
    }
    for (int i = size - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  @Property(tries = 40)
  void metricsAreInvariantToPermutingLatents(
      @ForAll long seed,
      @ForAll @IntRange(min = 2, max = 6) int numLatents,
      @ForAll @IntRange(min = 2, max = 4) int numFactors,
      @ForAll @IntRange(min = 20, max = 150) int n) {
    LatentCodes c = randomCodes(seed, numLatents, numFactors, n);
    int[] perm = permutation(seed, numLatents);
    LatentCodes p = permuteLatents(c, perm);

    IrsResult a = Irs.compute(c);
    IrsResult b = Irs.compute(p);
    assertEquals(a.score(), b.score(), REORDER);
    for (int q = 0; q < numLatents; q++) {
      assertArrayEquals(a.matrix().row(perm[q]).toArray(), b.matrix().row(q).toArray(), REORDER);
    }
    for (int rho = 1; rho <= Math.min(2, numLatents); rho++) {
      UcResult ua = Uc.compute(a, rho, UcSelection.TOPK);
      UcResult ub = Uc.compute(b, rho, UcSelection.TOPK);
      assertEquals(ua.score(), ub.score(), REORDER, "UC rho " + rho);
      for (int f = 0; f < numFactors; f++) {
        int[] mapped = Arrays2.ints(ub.sets().get(f)).clone();
        for (int k = 0; k < mapped.length; k++) {
          mapped[k] = perm[mapped[k]];
        }
        java.util.Arrays.sort(mapped);
        assertArrayEquals(Arrays2.ints(ua.sets().get(f)), mapped, "set of factor " + f);
      }
    }
    assertEquals(Mig.compute(c).score(), Mig.compute(p).score(), REORDER);
    assertEquals(Modularity.compute(c).score(), Modularity.compute(p).score(), REORDER);
  }

  @Property(tries = 40)
  void irsAndUcAreInvariantToAffineMapsOfALatent(
      @ForAll long seed,
      @ForAll @IntRange(min = 2, max = 5) int numLatents,
      @ForAll @IntRange(min = 2, max = 3) int numFactors,
      @ForAll @DoubleRange(min = 0.01, max = 100) double scale,
      @ForAll @DoubleRange(min = -10, max = 10) double shift) {
    LatentCodes c = randomCodes(seed, numLatents, numFactors, 80);
    int target = (int) Math.floorMod(seed, (long) numLatents);
    double[][] z = new double[numLatents][];
    double[][] shifted = new double[numLatents][];
    double[][] allScaled = new double[numLatents][];
    for (int j = 0; j < numLatents; j++) {
      z[j] = c.latentAsDoubles(j);
      shifted[j] = c.latentAsDoubles(j);
      allScaled[j] = c.latentAsDoubles(j);
      for (int i = 0; i < z[j].length; i++) {
        allScaled[j][i] *= scale;
        shifted[j][i] += shift;
      }
    }
    for (int i = 0; i < z[target].length; i++) {
      z[target][i] = z[target][i] * scale + shift;
    }
    IrsResult base = Irs.compute(c);
    // the codes hold float32: the mapped latents are rounded once more, which moves each IRS entry
    // by at most 6ε/(max_dev − 2ε) for a rounding ε of the latent's values (a group mean and
    // max_dev by ≤ 2ε each, the quantile of the deviations by ≤ 4ε)
    LatentCodes mapped = LatentCodes.of(z, c.factors());
    IrsResult one = Irs.compute(mapped);
    double[] rowTolerance = rowTolerances(mapped, one);
    for (int j = 0; j < numLatents; j++) {
      assertArrayEquals(
          base.matrix().row(j).toArray(),
          one.matrix().row(j).toArray(),
          rowTolerance[j],
          "IRS row " + j);
      assertEquals(base.perLatent().get(j), one.perLatent().get(j), rowTolerance[j]);
    }
    // The weighted average uses max_dev as weights: invariant to shifts and to a common scale.
    for (double[][] all : List.of(shifted, allScaled)) {
      LatentCodes m = LatentCodes.of(all, c.factors());
      IrsResult r = Irs.compute(m);
      assertEquals(base.score(), r.score(), scoreTolerance(m, r));
    }
    for (UcSelection s : UcSelection.values()) {
      UcResult ub = Uc.compute(base, 1, s);
      UcResult uo = Uc.compute(one, 1, s);
      if (columnsSeparated(base, 2 * java.util.Arrays.stream(rowTolerance).max().orElse(0))) {
        assertEquals(ub.score(), uo.score(), 0.0, s.name());
        assertArrayEquals(Arrays2.ints2(ub.sets()), Arrays2.ints2(uo.sets()), s.name());
      }
    }
  }

  /** Per latent, the float32 rounding bound of its IRS entries (see the affine property). */
  private static double[] rowTolerances(LatentCodes mapped, IrsResult r) {
    double[] tol = new double[mapped.numLatents()];
    for (int j = 0; j < tol.length; j++) {
      double eps = FLOAT32_ROUNDING * maxAbs(mapped.latents()[j]);
      tol[j] = 6 * eps / (r.maxDeviation().get(j) - 2 * eps) + AFFINE;
    }
    return tol;
  }

  /** The rounding bound of the weighted IRS: the entries' bound plus the weights' (2ε each). */
  private static double scoreTolerance(LatentCodes mapped, IrsResult r) {
    double[] rows = rowTolerances(mapped, r);
    double eps = 0;
    double weights = 0;
    for (int j = 0; j < rows.length; j++) {
      eps += 2 * FLOAT32_ROUNDING * maxAbs(mapped.latents()[j]);
      weights += r.maxDeviation().get(j);
    }
    return java.util.Arrays.stream(rows).max().orElse(0) + 4 * eps / weights + AFFINE;
  }

  private static double maxAbs(float[] z) {
    double m = 0;
    for (float v : z) {
      m = Math.max(m, Math.abs(v));
    }
    return m;
  }

  /** Whether every factor column's largest IRS entry leads the next one by more than a margin. */
  private static boolean columnsSeparated(IrsResult r, double margin) {
    double[][] m = r.matrix().toArray();
    for (int f = 0; f < m[0].length; f++) {
      double first = Double.NEGATIVE_INFINITY;
      double second = Double.NEGATIVE_INFINITY;
      for (double[] row : m) {
        if (row[f] > first) {
          second = first;
          first = row[f];
        } else if (row[f] > second) {
          second = row[f];
        }
      }
      if (first - second <= margin) {
        return false;
      }
    }
    return true;
  }

  @Property(tries = 40)
  void scoresStayInTheirRanges(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 6) int numLatents,
      @ForAll @IntRange(min = 2, max = 4) int numFactors,
      @ForAll @IntRange(min = 10, max = 120) int n,
      @ForAll @IntRange(min = 1, max = 3) int rho) {
    LatentCodes c = randomCodes(seed, numLatents, numFactors, n);
    MigResult mig = Mig.compute(c);
    assertTrue(mig.score() >= 0 && mig.score() <= 1 + RANGE, "MIG " + mig.score());
    for (double g : mig.gap().toArray()) {
      assertTrue(g >= 0 && g <= 1 + RANGE, "gap " + g);
    }
    ModularityResult mod = Modularity.compute(c);
    assertTrue(mod.score() >= 0 && mod.score() <= 1 + RANGE, "modularity " + mod.score());
    IrsResult irs = Irs.compute(c);
    for (double s : irs.perLatent().toArray()) {
      assertTrue(s <= 1 + RANGE, "IRS per-latent " + s);
    }
    if (rho <= irs.activeLatents().size()) {
      for (UcSelection s : UcSelection.values()) {
        double uc = Uc.compute(irs, rho, s).score();
        assertTrue(uc >= 0 && uc <= 1, "UC " + uc);
      }
    }
  }
}
