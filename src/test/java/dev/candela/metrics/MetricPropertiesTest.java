package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    double[][] z = new double[perm.length][];
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
      assertArrayEquals(a.matrix()[perm[q]], b.matrix()[q], REORDER);
    }
    for (int rho = 1; rho <= Math.min(2, numLatents); rho++) {
      UcResult ua = Uc.compute(a, rho, UcSelection.TOPK);
      UcResult ub = Uc.compute(b, rho, UcSelection.TOPK);
      assertEquals(ua.score(), ub.score(), REORDER, "UC rho " + rho);
      for (int f = 0; f < numFactors; f++) {
        int[] mapped = ub.sets()[f].clone();
        for (int k = 0; k < mapped.length; k++) {
          mapped[k] = perm[mapped[k]];
        }
        java.util.Arrays.sort(mapped);
        assertArrayEquals(ua.sets()[f], mapped, "set of factor " + f);
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
      z[j] = c.latents()[j].clone();
      shifted[j] = c.latents()[j].clone();
      allScaled[j] = c.latents()[j].clone();
      for (int i = 0; i < z[j].length; i++) {
        allScaled[j][i] *= scale;
        shifted[j][i] += shift;
      }
    }
    for (int i = 0; i < z[target].length; i++) {
      z[target][i] = z[target][i] * scale + shift;
    }
    IrsResult base = Irs.compute(c);
    IrsResult one = Irs.compute(LatentCodes.of(z, c.factors()));
    for (int j = 0; j < numLatents; j++) {
      assertArrayEquals(base.matrix()[j], one.matrix()[j], AFFINE, "IRS row " + j);
      assertEquals(base.perLatent()[j], one.perLatent()[j], AFFINE);
    }
    // The weighted average uses max_dev as weights: invariant to shifts and to a common scale.
    assertEquals(base.score(), Irs.compute(LatentCodes.of(shifted, c.factors())).score(), AFFINE);
    assertEquals(base.score(), Irs.compute(LatentCodes.of(allScaled, c.factors())).score(), AFFINE);
    for (UcSelection s : UcSelection.values()) {
      UcResult ub = Uc.compute(base, 1, s);
      UcResult uo = Uc.compute(one, 1, s);
      assertEquals(ub.score(), uo.score(), 0.0, s.name());
      assertArrayEquals(ub.sets(), uo.sets(), s.name());
    }
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
    for (double g : mig.gap()) {
      assertTrue(g >= 0 && g <= 1 + RANGE, "gap " + g);
    }
    ModularityResult mod = Modularity.compute(c);
    assertTrue(mod.score() >= 0 && mod.score() <= 1 + RANGE, "modularity " + mod.score());
    IrsResult irs = Irs.compute(c);
    for (double s : irs.perLatent()) {
      assertTrue(s <= 1 + RANGE, "IRS per-latent " + s);
    }
    if (rho <= irs.activeLatents().length) {
      for (UcSelection s : UcSelection.values()) {
        double uc = Uc.compute(irs, rho, s).score();
        assertTrue(uc >= 0 && uc <= 1, "UC " + uc);
      }
    }
  }
}
