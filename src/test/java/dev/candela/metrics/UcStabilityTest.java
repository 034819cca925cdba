package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Progress;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link UcStability}: how often each factor's UC set held across the half samples of UC's interval
 * ({@link CodeScorer#intervals}).
 */
class UcStabilityTest {

  /** A set picked among noise latents holds in well under this share of the half samples. */
  private static final double UNSTABLE = 0.9;

  /**
   * 4 factors of 5 values, 6 latents: latent f carries factor f (f = 0, 1, 2) with little noise;
   * factor 3 moves no latent, so its top latent is a draw among noise; latents 3–5 are noise.
   */
  private static LatentCodes codes(int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int[][] factors = new int[4][n];
    double[][] latents = new double[6][n];
    for (int i = 0; i < n; i++) {
      for (int f = 0; f < 4; f++) {
        factors[f][i] = rng.nextInt(5);
      }
      for (int j = 0; j < 6; j++) {
        double signal = j < 3 ? factors[j][i] / 4.0 : 0;
        latents[j][i] = signal + 0.05 * (rng.nextDouble() - 0.5);
      }
    }
    return LatentCodes.of(latents, factors);
  }

  private static CodeScorer.Intervals intervals(LatentCodes c, int replicates) {
    CodeScorer.Options o = CodeScorer.Options.defaults(EnumSet.of(Metric.UC), 5);
    CodeContext context = new CodeContext(c, null, o);
    Map<String, Double> scores = CodeScorer.score(context, false).scores();
    return CodeScorer.intervals(
        context, scores, CodeScorer.IntervalOptions.of(replicates, 0), Progress.NONE);
  }

  @Test
  void carriedFactorsHoldAndTheUncarriedOneDoesNot() {
    CodeScorer.Intervals in = intervals(codes(2000, 11), CodeScorer.IntervalOptions.DEFAULT_SPLITS);
    Map<?, ?> byKey = (Map<?, ?>) in.details().get("ucStability");
    UcStability st = (UcStability) byKey.get("uc@1");
    // every split's two halves
    assertEquals(2 * CodeScorer.IntervalOptions.DEFAULT_SPLITS, st.halfSamples());
    assertEquals(List.of("f0", "f1", "f2", "f3"), List.copyOf(st.sameSet().keySet()));
    for (String f : List.of("f0", "f1", "f2")) {
      assertEquals(1.0, st.sameSet().get(f), 0, f);
    }
    assertTrue(st.sameSet().get("f3") < UNSTABLE, "f3 held in " + st.sameSet().get("f3"));
    // a fraction of 2S half samples
    double k = st.sameSet().get("f3") * st.halfSamples();
    assertEquals(Math.rint(k), k, 1e-9);
  }

  @Test
  void noReplicatesNoStability() {
    assertFalse(intervals(codes(400, 3), 0).details().containsKey("ucStability"));
  }

  @Test
  void badValuesNameTheFactor() {
    Map<String, Double> bad = new LinkedHashMap<>();
    bad.put("shape", 1.0);
    bad.put("posX", 1.5);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new UcStability(40, bad));
    assertEquals("UC stability of factor 'posX' must be in [0, 1], got 1.5", e.getMessage());
    IllegalArgumentException none =
        assertThrows(IllegalArgumentException.class, () -> new UcStability(0, Map.of()));
    assertEquals("UC stability needs half samples, got 0", none.getMessage());
  }
}
