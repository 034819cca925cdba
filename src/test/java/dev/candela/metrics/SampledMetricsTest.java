package dev.candela.metrics;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.data.FactorSampler;
import dev.candela.data.FactorSpace;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SampledMetricsTest {

  /** Accuracy counts as "≈ 1" above this. */
  private static final double NEAR_ONE = 0.97;

  /** Exact comparisons. */
  private static final double EXACT = 1e-12;

  /** Chance for 4 factors is 0.25; a random code must stay well below this. */
  private static final double CHANCE_BOUND = 0.45;

  private static final SampledMetricOptions SMALL = new SampledMetricOptions(64, 400, 200, 500, 3);

  /** color (1 value, excluded), then four factors with 5, 6, 7 and 8 values. */
  private static FactorSampler grid() {
    List<FactorSpace.Factor> fs = new ArrayList<>();
    fs.add(new FactorSpace.Factor("color", List.of(0)));
    int[] sizes = {5, 6, 7, 8};
    for (int k = 0; k < sizes.length; k++) {
      List<Object> v = new ArrayList<>();
      for (int i = 0; i < sizes[k]; i++) {
        v.add(i);
      }
      fs.add(new FactorSpace.Factor("f" + k, v));
    }
    return FactorSampler.forGrid(new FactorSpace("toy", fs));
  }

  /** Latent j = code of factor j+1 (scaled), plus one constant latent that must be pruned. */
  private static Representation disentangled(FactorSampler s) {
    return idx -> {
      double[][] r = new double[idx.length][5];
      for (int i = 0; i < idx.length; i++) {
        int[] c = s.codes(idx[i]);
        for (int j = 0; j < 4; j++) {
          r[i][j] = c[j + 1] * (j + 1.5);
        }
        r[i][4] = 0.01;
      }
      return r;
    };
  }

  /** Each sample gets a fixed random code that ignores its factors. */
  private static Representation random() {
    return idx -> {
      double[][] r = new double[idx.length][4];
      for (int i = 0; i < idx.length; i++) {
        SplittableRandom g = new SplittableRandom(idx[i] * 7919 + 17);
        for (int j = 0; j < 4; j++) {
          r[i][j] = g.nextDouble() * 2 - 1;
        }
      }
      return r;
    };
  }

  @Test
  void betaVaePerfectCodeIsNearOne() throws Exception {
    FactorSampler s = grid();
    BetaVaeResult r = BetaVae.compute(s, disentangled(s), SMALL);
    assertTrue(r.evalAccuracy() > NEAR_ONE, r.toString());
    assertTrue(r.trainAccuracy() > NEAR_ONE, r.toString());
    assertEquals(List.of("f0", "f1", "f2", "f3"), r.factorNames());
  }

  @Test
  void betaVaeRandomCodeIsNearChance() throws Exception {
    BetaVaeResult r = BetaVae.compute(grid(), random(), SMALL);
    assertTrue(r.evalAccuracy() < CHANCE_BOUND, r.toString());
  }

  @Test
  void factorVaePerfectCodeIsOneAndPrunesConstantLatent() throws Exception {
    FactorSampler s = grid();
    FactorVaeResult r = FactorVae.compute(s, disentangled(s), SMALL);
    // the fixed factor's latent has variance exactly 0 in its batch: every vote is right
    assertEquals(1.0, r.evalAccuracy(), EXACT);
    assertEquals(1.0, r.trainAccuracy(), EXACT);
    assertEquals(4, r.activeLatents().size());
    assertEquals(-1, r.classifier().get(4));
    assertEquals(List.of(0, 1, 2, 3), r.classifier().subList(0, 4));
  }

  @Test
  void factorVaeRandomCodeIsNearChance() throws Exception {
    FactorVaeResult r = FactorVae.compute(grid(), random(), SMALL);
    assertTrue(r.evalAccuracy() < CHANCE_BOUND, r.toString());
  }

  @Test
  void factorVaeAllLatentsConstantScoresZero() throws Exception {
    Representation flat = idx -> new double[idx.length][3];
    FactorVaeResult r = FactorVae.compute(grid(), flat, SMALL);
    assertEquals(0.0, r.evalAccuracy(), EXACT);
    assertEquals(0, r.activeLatents().size());
  }

  @Test
  void seededRunsRepeat() throws Exception {
    FactorSampler s = grid();
    assertEquals(BetaVae.compute(s, random(), SMALL), BetaVae.compute(s, random(), SMALL));
    assertEquals(FactorVae.compute(s, random(), SMALL), FactorVae.compute(s, random(), SMALL));
  }

  @Test
  void badOptionsNameTheValues() {
    IllegalArgumentException e =
        assertRejects(() -> new SampledMetricOptions(1, 10, 10, 10, 0), "batch 1");
    e = assertThrows(IllegalArgumentException.class, () -> SMALL.scaled(0));
    assertTrue(e.getMessage().contains("got 0.0"), e.getMessage());
  }
}
