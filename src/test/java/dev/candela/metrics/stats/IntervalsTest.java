package dev.candela.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Progress;
import dev.candela.metrics.CodeIntervals;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.LearnedCodes;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgUncertainty;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The interval methods of issue 24, on hand-computed cases and properties. */
class IntervalsTest {

  /** Sums of a few doubles computed two ways. */
  private static final double EXACT = 1e-12;

  /** Student's t quantiles against scipy.stats.t.ppf(0.975, df) (Commons Math agrees to ~1e-10). */
  private static final double T_QUANTILE = 1e-9;

  @Test
  void tQuantilesMatchScipy() {
    // scipy.stats.t.ppf(0.975, [1, 3, 99]) = 12.706204736174694, 3.1824463052837078, 1.984216951582
    assertEquals(12.706204736174694, Uncertainty.t95(1), T_QUANTILE);
    assertEquals(3.1824463052837078, Uncertainty.t95(3), T_QUANTILE);
    assertEquals(1.9842169515864174, Uncertainty.t95(99), T_QUANTILE);
    assertEquals(Uncertainty.Z95, Uncertainty.t95(Double.POSITIVE_INFINITY), 0);
  }

  @Test
  void jackknifeSummaryByHand() {
    // θ(g) = 1, 2, 3, 4, score 2: mean 2.5, Σ(θ−θ̄)² = 5, SE² = 3/4·5 = 3.75, bias = 3·0.5
    Uncertainty u = MiJackknife.summarise(2, new double[] {1, 2, 3, 4}, 40);
    assertNotNull(u);
    assertEquals(Math.sqrt(3.75), u.se(), EXACT);
    assertEquals(1.5, u.bias(), EXACT);
    assertEquals(2 - 3.1824463052837078 * Math.sqrt(3.75), u.ci95().get(0), T_QUANTILE);
    assertEquals(Uncertainty.JACKKNIFE, u.method());
    assertEquals(4, u.replicates());
    assertEquals(40, u.n());
  }

  @Test
  void jackknifeSecondOrderCorrectionByHand() {
    // G = 3, score 2, θ(g) = 1, 2, 3: v_J = 2/3·2 = 4/3. θ(gh) = 0.9, 1.9, 2.9 for (0,1), (0,2),
    // (1,2): D = 0.9 − 1 − 2 + 2, 1.9 − 1 − 3 + 2, 2.9 − 2 − 3 + 2 = −0.1 each, Σ D² = 0.03
    double[] one = {1, 2, 3};
    Uncertainty u = MiJackknife.summarise(2, one, new double[] {0.9, 1.9, 2.9}, 40);
    assertEquals(Math.sqrt(4.0 / 3 - 0.03), u.se(), EXACT);
    assertEquals(0, u.bias(), EXACT);
    assertEquals(3, u.replicates(), "the groups, as for the plain jackknife");
    assertEquals(2 - Uncertainty.t95(2) * u.se(), u.ci95().get(0), EXACT);
    // θ(gh) = 0.5, 1, 2: D = −0.5, −1, −1, Σ D² = 2.25 > v_J: the floor v_J/2
    Uncertainty floor = MiJackknife.summarise(2, one, new double[] {0.5, 1, 2}, 40);
    assertEquals(Math.sqrt(2.0 / 3), floor.se(), EXACT);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MiJackknife.summarise(2, one, new double[] {1, 2}, 40));
    assertEquals("leave-two-out values must number G(G−1)/2 = 3 for G = 3, got 2", e.getMessage());
  }

  @Test
  void jackknifeCorrectionLeavesAnAdditiveStatisticAlone() {
    // θ = Σ_g a_g (additive over groups): every D_gh is 0, so SE equals the plain jackknife's
    SplittableRandom r = new SplittableRandom(5);
    int groups = 7;
    double[] a = r.doubles(groups).toArray();
    double total = java.util.Arrays.stream(a).sum();
    double[] one = new double[groups];
    double[] two = new double[groups * (groups - 1) / 2];
    for (int g = 0; g < groups; g++) {
      one[g] = total - a[g];
      for (int h = g + 1; h < groups; h++) {
        two[MiJackknife.pairIndex(g, h, groups)] = total - a[g] - a[h];
      }
    }
    assertEquals(
        MiJackknife.summarise(total, one, 50).se(),
        MiJackknife.summarise(total, one, two, 50).se(),
        EXACT);
  }

  @Test
  void leaveGroupsOutMatricesEqualDirectRecomputation() {
    SplittableRandom r = new SplittableRandom(3);
    int n = 90;
    float[][] z = new float[2][n];
    int[][] f = new int[2][n];
    for (int i = 0; i < n; i++) {
      f[0][i] = r.nextInt(3);
      f[1][i] = r.nextInt(4);
      z[0][i] = (float) (f[0][i] + r.nextGaussian() * 0.4);
      z[1][i] = (float) r.nextGaussian();
    }
    int bins = 5;
    int groups = 6;
    int[] g = MiJackknife.randomGroups(n, groups, 11);
    MiJackknife.Replicates one = MiJackknife.leaveGroupOut(z, f, bins, g, groups);
    MiJackknife.OneAndTwo both = MiJackknife.leaveOneAndTwoGroupsOut(z, f, bins, g, groups);
    MiJackknife.Replicates two = both.two();
    for (int k = 0; k < groups; k++) {
      assertMatricesWithout(z, f, bins, g, Set.of(k), both.one(), k);
    }
    assertEquals(15, two.mutualInformation().length);
    for (int k = 0; k < groups; k++) {
      assertMatricesWithout(z, f, bins, g, Set.of(k), one, k);
      for (int l = k + 1; l < groups; l++) {
        assertMatricesWithout(
            z, f, bins, g, Set.of(k, l), two, MiJackknife.pairIndex(k, l, groups));
      }
    }
  }

  private static void assertMatricesWithout(
      float[][] z,
      int[][] f,
      int bins,
      int[] g,
      Set<Integer> without,
      MiJackknife.Replicates rep,
      int index) {
    int n = g.length;
    List<Integer> keep = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (!without.contains(g[i])) {
        keep.add(i);
      }
    }
    for (int f0 = 0; f0 < 2; f0++) {
      int[] fc = new int[keep.size()];
      for (int t = 0; t < fc.length; t++) {
        fc[t] = f[f0][keep.get(t)];
      }
      assertEquals(
          DiscreteMutualInfo.entropy(fc),
          rep.factorEntropy()[index][f0],
          EXACT,
          "H without " + without);
      for (int j = 0; j < 2; j++) {
        int[] all = new int[n];
        HistogramDiscretizer.assign(z[j], HistogramDiscretizer.edges(z[j], bins), bins, all);
        int[] bc = new int[fc.length];
        for (int t = 0; t < bc.length; t++) {
          bc[t] = all[keep.get(t)];
        }
        assertEquals(
            DiscreteMutualInfo.mutualInformation(fc, bc),
            rep.mutualInformation()[index][j][f0],
            EXACT,
            "MI without " + without);
      }
    }
  }

  @Test
  void groupsAreEqualSizedAndSeeded() {
    int[] g = MiJackknife.randomGroups(103, 10, 5);
    int[] count = new int[10];
    for (int x : g) {
      count[x]++;
    }
    for (int c : count) {
      assertTrue(c == 10 || c == 11, java.util.Arrays.toString(count));
    }
    assertEquals(
        java.util.Arrays.toString(g),
        java.util.Arrays.toString(MiJackknife.randomGroups(103, 10, 5)));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> MiJackknife.randomGroups(5, 6, 0));
    assertEquals("jackknife groups must be in 2..5 (the rows), got 6", e.getMessage());
  }

  @Test
  void subsamplingSummaryByHand() {
    // halves {1, 3}: v2 = 2; quarters {0, 2, 4, 6}: v4 = 20/3; 2^{2β} = (2/3)(20/3)/2 = 20/9;
    // SE² = 2·2/(20/9) = 1.8; bias = mean of halves 2 − score 1.5
    Uncertainty u =
        Subsampling.summarise(1.5, new double[] {1, 3}, new double[] {0, 2, 4, 6}, 1, 100);
    assertEquals(Math.sqrt(1.8), u.se(), EXACT);
    assertEquals(0.5, u.bias(), EXACT);
    assertEquals(1.5 + Uncertainty.Z95 * Math.sqrt(1.8), u.ci95().get(1), EXACT);
    assertEquals(Uncertainty.SUBSAMPLING, u.method());
    // the rate factor is clamped to [1, 4]: quarters no more spread than halves → β = 0, SE² = 2·v2
    Uncertainty flat = Subsampling.summarise(0, new double[] {1, 3}, new double[] {1, 3}, 1, 8);
    assertEquals(Math.sqrt(4), flat.se(), EXACT);
  }

  @Test
  void subsamplingDegreesOfFreedomComeFromTheSplitsAgreement() {
    // three identical splits: leaving any one out changes nothing, so SE² is exact (ν = ∞, 1.96)
    double[] h = {1, 3, 1, 3, 1, 3};
    double[] q = {0, 2, 4, 6, 0, 2, 4, 6, 0, 2, 4, 6};
    Uncertainty same = Subsampling.summarise(1.5, h, q, 3, 100);
    double half = (same.ci95().get(1) - same.ci95().get(0)) / 2;
    assertEquals(Uncertainty.Z95 * same.se(), half, EXACT);
    // splits that disagree: ν = 2·SE⁴/Var_jack(SE²), by hand from the three leave-one-out SE²
    double[] h2 = {1, 3, 2, 2, 0, 4};
    double[] q2 = {0, 2, 4, 6, 1, 1, 3, 3, 2, 2, 2, 2};
    Uncertainty u = Subsampling.summarise(1.5, h2, q2, 3, 100);
    double var = seSquared(h2, q2);
    double[] loo = {
      seSquared(new double[] {2, 2, 0, 4}, new double[] {1, 1, 3, 3, 2, 2, 2, 2}),
      seSquared(new double[] {1, 3, 0, 4}, new double[] {0, 2, 4, 6, 2, 2, 2, 2}),
      seSquared(new double[] {1, 3, 2, 2}, new double[] {0, 2, 4, 6, 1, 1, 3, 3})
    };
    double m = (loo[0] + loo[1] + loo[2]) / 3;
    double jack =
        2.0
            / 3
            * ((loo[0] - m) * (loo[0] - m)
                + (loo[1] - m) * (loo[1] - m)
                + (loo[2] - m) * (loo[2] - m));
    double df = Math.max(1, 2 * var * var / jack);
    assertEquals(Math.sqrt(var), u.se(), EXACT);
    assertEquals(1.5 + Uncertainty.t95(df) * Math.sqrt(var), u.ci95().get(1), EXACT);
    assertTrue(Uncertainty.t95(df) > Uncertainty.Z95, "a noisy SE widens the interval");
  }

  /** SE² = 2·v₂/clamp((2/3)·v₄/v₂, 1, 4), written out for the test. */
  private static double seSquared(double[] h, double[] q) {
    double v2 = org.apache.commons.math3.stat.StatUtils.variance(h);
    double v4 = org.apache.commons.math3.stat.StatUtils.variance(q);
    return 2 * v2 / Math.min(4, Math.max(1, 2.0 / 3.0 * v4 / v2));
  }

  @Test
  void subsamplingOfAMeanIsNearSigmaOverRootN() {
    // a √N-regular statistic: the estimate is the half-sampling variance, ≈ σ²/N
    int n = 4000;
    SplittableRandom r = new SplittableRandom(1);
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = r.nextGaussian();
    }
    Map<String, Uncertainty> u =
        Subsampling.run(
            Map.of("m", mean(x, null)), n, 200, 9, idx -> Map.of("m", mean(x, idx)), () -> {});
    double expected = 1 / Math.sqrt(n);
    // 200 splits: ~1,200 values; the clamped rate estimate adds noise; allow 25%
    assertEquals(expected, u.get("m").se(), 0.25 * expected);
  }

  @Test
  void halfSamplePairsByHand() {
    // pairs (1, 3) and (2, 2): Σ(a−b)² = 4, SE² = 4/(4·2) = 0.5; t with 2 df; bias = 2 − 1.8
    Uncertainty u =
        CodeIntervals.halfSamples(1.8, List.of(new double[] {1, 3}, new double[] {2, 2}), 50);
    assertEquals(Math.sqrt(0.5), u.se(), EXACT);
    assertEquals(0.2, u.bias(), EXACT);
    assertEquals(1.8 + 4.302652729749462 * Math.sqrt(0.5), u.ci95().get(1), T_QUANTILE);
    assertEquals(4, u.replicates());
  }

  @Test
  void cgIntervalsAreMeansOfTerms() {
    // factor a: 0, 1; factor b: 1, 1 → per-sample averages 0.5, 1 → cg 0.75, s = √0.125, SE = 0.25
    Map<String, Uncertainty> u =
        CgUncertainty.of(List.of("a", "b"), new double[][] {{0, 1}, {1, 1}});
    assertEquals(0.25, u.get("cg").se(), EXACT);
    assertEquals(0.75 - 12.706204736174694 * 0.25, u.get("cg").ci95().get(0), T_QUANTILE);
    assertEquals(0.5, u.get("cg.a").se(), EXACT);
    assertEquals(0, u.get("cg.b").se(), EXACT);
    assertEquals(2, u.get("cg").n());
  }

  @Property
  void aMeanIntervalContainsTheMean(@ForAll @IntRange(min = 2, max = 200) int n) {
    double[] t = new double[n];
    SplittableRandom r = new SplittableRandom(n);
    for (int i = 0; i < n; i++) {
      t[i] = r.nextDouble();
    }
    Uncertainty u = Uncertainty.ofMean(t);
    double m = mean(t, null);
    assertTrue(u.ci95().get(0) <= m && m <= u.ci95().get(1));
    assertEquals(m, (u.ci95().get(0) + u.ci95().get(1)) / 2, EXACT);
  }

  @Test
  void biasNoteIsOneLineNamingTheAffectedScores() {
    Optional<String> line = BiasNote.line(List.of("irs", "uc@1", "mig", "modularity"), 1000);
    assertTrue(line.isPresent());
    assertTrue(
        line.get().startsWith("irs, mig depend on the number of rows (N = 1000"), line.get());
    assertTrue(BiasNote.line(List.of("modularity", "dci.completeness"), 1000).isEmpty());
  }

  @Test
  void splitsShrinkToTheWorkBudgetAndVanishBelowTheMinimum() {
    CodeScorer.IntervalOptions d = CodeScorer.IntervalOptions.defaults();
    assertEquals(20, d.effectiveSplits(10_000, 10, 5));
    // 10^8 / (2·10^5·10·5) = 10
    assertEquals(10, d.effectiveSplits(100_000, 10, 5));
    assertEquals(0, d.effectiveSplits(1_000_000, 64, 6));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CodeScorer.IntervalOptions.of(20, 5));
    assertEquals("replicates must be ≥ 0 and refits even and ≥ 0, got 20 and 5", e.getMessage());
  }

  @Test
  void codeScorerIntervalsAreKeyedLikeScoresSeededAndRecordN() {
    LatentCodes codes = LearnedCodes.disentangled(300, 3, new int[] {3, 4}, 0.3, 5);
    CodeScorer.Options o = options(Metric.of(Metric.Kind.CODES));
    Map<String, Double> scores = CodeScorer.score(codes, null, o).scores();
    CodeScorer.IntervalOptions io = new CodeScorer.IntervalOptions(4, 10, 2, Long.MAX_VALUE);
    Map<String, Uncertainty> u = CodeScorer.uncertainty(codes, null, o, scores, io, Progress.NONE);
    assertEquals(scores.keySet(), u.keySet());
    assertEquals(Uncertainty.SUBSAMPLING, u.get("irs").method());
    assertEquals(Uncertainty.JACKKNIFE, u.get("mig").method());
    assertEquals(Uncertainty.HALF_SAMPLES, u.get("sap").method());
    assertEquals(300, u.get("mig").n());
    assertEquals(300, u.get("dci.disentanglement").n());
    assertEquals(
        u,
        CodeScorer.uncertainty(codes, null, o, scores, io, Progress.NONE),
        "same seed, same replicates");
  }

  @Test
  void fullSizePairsByHand() {
    // pairs (1, 3), (2, 2): Σ (a − b)² = 4, SE² = 4/(2·2) = 1, t with 2 df, no bias estimate
    Uncertainty u =
        CodeIntervals.fullSizePairs(0.5, List.of(new double[] {1, 3}, new double[] {2, 2}), 90);
    assertEquals(1, u.se(), EXACT);
    assertEquals(0, u.bias(), EXACT);
    assertEquals(0.5 - Uncertainty.t95(2), u.ci95().get(0), EXACT);
    assertEquals(Uncertainty.FULL_SIZE_PAIRS, u.method());
    assertEquals(4, u.replicates());
  }

  @Test
  void learnedRefitsUseFullSizeSetsWhenTheCapsLeaveRows() {
    // 600 rows, caps 100 train / 50 test: pools of 400 and 200 hold two disjoint sets each
    LatentCodes codes = LearnedCodes.disentangled(600, 3, new int[] {3, 4}, 0.3, 5);
    CodeScorer.Options o = sapWithCaps(100, 50);
    Map<String, Double> scores = CodeScorer.score(codes, null, o).scores();
    CodeScorer.IntervalOptions io = new CodeScorer.IntervalOptions(4, 10, 2, Long.MAX_VALUE);
    Uncertainty sap = CodeScorer.uncertainty(codes, null, o, scores, io, Progress.NONE).get("sap");
    assertEquals(Uncertainty.FULL_SIZE_PAIRS, sap.method());
    assertEquals(150, sap.n());
    assertEquals(0, sap.bias(), EXACT);
    assertTrue(sap.se() > 0, sap.toString());
    // caps that leave too few rows for a second set: complementary halves as before
    CodeScorer.Options tight = sapWithCaps(300, 150);
    Map<String, Double> s2 = CodeScorer.score(codes, null, tight).scores();
    assertEquals(
        Uncertainty.HALF_SAMPLES,
        CodeScorer.uncertainty(codes, null, tight, s2, io, Progress.NONE).get("sap").method());
  }

  @Test
  void ucWithZeroSpreadGetsTheRuleOfThreeFloor() {
    // UC's step for F = 5, ρ = 1: 2/(5·4·1) = 0.1; with 120 agreeing values p = 3/120 = 0.025,
    // SE = 0.1·√(0.025·0.975)
    assertEquals(0.1, dev.candela.metrics.Uc.step(5, 1), EXACT);
    assertEquals(2.0 / (3 * 2 * 3), dev.candela.metrics.Uc.step(3, 2), EXACT);
    Uncertainty zero = Uncertainty.symmetric(0.9, 0, 19, Uncertainty.SUBSAMPLING, 20, 0, 1000);
    Uncertainty u = Subsampling.zeroSpreadFloor(zero, 0.9, 0.1, 120);
    double se = 0.1 * Math.sqrt(0.025 * 0.975);
    assertEquals(se, u.se(), EXACT);
    assertEquals(0.9 - Uncertainty.Z95 * se, u.ci95().get(0), EXACT);
    assertEquals(Uncertainty.SUBSAMPLING, u.method());
    assertEquals(1000, u.n());
    // well-separated codes: every subsample selects the same latents, UC = 1 on all of them, yet
    // the interval has width (it was [1, 1])
    LatentCodes codes = LearnedCodes.disentangled(400, 3, new int[] {3, 4, 5}, 0.01, 5);
    CodeScorer.Options o = options(EnumSet.of(Metric.UC));
    Map<String, Double> scores = CodeScorer.score(codes, null, o).scores();
    assertEquals(1.0, scores.get("uc@1"), EXACT);
    Uncertainty uc =
        CodeScorer.uncertainty(
                codes,
                null,
                o,
                scores,
                new CodeScorer.IntervalOptions(4, 10, 2, Long.MAX_VALUE),
                Progress.NONE)
            .get("uc@1");
    // F = 3: step 1/3, 4 splits: 24 values, p = 1/8
    double floor = (1.0 / 3) * Math.sqrt(0.125 * 0.875);
    assertEquals(floor, uc.se(), EXACT);
    assertEquals(1 - Uncertainty.Z95 * floor, uc.ci95().get(0), EXACT);
    assertEquals(1.0, uc.ci95().get(1), EXACT);
  }

  @Test
  void codeScorerIntervalsStayInsideZeroOne() {
    // noisy codes on few rows: MIG near 0 and UC jumping between its few values, so a normal
    // interval (score ± t·SE) would reach below 0 or above 1
    LatentCodes codes = LearnedCodes.disentangled(60, 3, new int[] {3, 4}, 3.0, 11);
    CodeScorer.Options o =
        options(EnumSet.of(Metric.IRS, Metric.UC, Metric.MIG, Metric.MODULARITY));
    Map<String, Double> scores = CodeScorer.score(codes, null, o).scores();
    Map<String, Uncertainty> u =
        CodeScorer.uncertainty(
            codes,
            null,
            o,
            scores,
            new CodeScorer.IntervalOptions(8, 10, 0, Long.MAX_VALUE),
            Progress.NONE);
    int atBound = 0;
    for (Map.Entry<String, Uncertainty> e : u.entrySet()) {
      double lo = e.getValue().ci95().get(0);
      double hi = e.getValue().ci95().get(1);
      double score = scores.get(e.getKey());
      assertTrue(0 <= lo && lo <= score && score <= hi && hi <= 1, e.getKey() + ": " + e);
      atBound += lo == 0 || hi == 1 ? 1 : 0;
    }
    assertTrue(atBound > 0, "some interval was clipped: " + u);
  }

  /** Top-k UC at ρ = 1, 20 bins, 200 / 100 learned-metric rows, seed 0. */
  private static CodeScorer.Options sapWithCaps(int maxTrain, int maxTest) {
    return new CodeScorer.Options(
        EnumSet.of(Metric.SAP),
        List.of(1),
        EnumSet.of(UcSelection.TOPK),
        0,
        CodeScorer.Options.DEFAULT_TRAIN_FRACTION,
        maxTrain,
        maxTest,
        0);
  }

  private static CodeScorer.Options options(java.util.Set<Metric> metrics) {
    return new CodeScorer.Options(
        metrics,
        List.of(1),
        EnumSet.of(UcSelection.TOPK),
        0,
        CodeScorer.Options.DEFAULT_TRAIN_FRACTION,
        200,
        100,
        0);
  }

  private static double mean(double[] x, int[] idx) {
    double s = 0;
    if (idx == null) {
      for (double v : x) {
        s += v;
      }
      return s / x.length;
    }
    for (int i : idx) {
      s += x[i];
    }
    return s / idx.length;
  }
}
