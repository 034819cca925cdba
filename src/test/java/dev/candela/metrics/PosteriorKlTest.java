package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@link PosteriorKl} and {@link ReconstructionLoss}: hand-computed cases and bad input. */
class PosteriorKlTest {

  static final double EXACT = 1e-12;

  @Test
  void klPerLatentAndTotalByHand() {
    // row 0: mu (1, 0), lv (0, ln 2): KL = 0.5, 0.5 (2 - 1 - ln 2) = 0.5 - 0.5 ln 2
    // row 1: mu (0, 2), lv (0, 0):    KL = 0,   2
    float ln2 = (float) Math.log(2);
    float[][] mu = {{1, 0}, {0, 2}};
    float[][] lv = {{0, ln2}, {0, 0}};
    PosteriorKlResult r = PosteriorKl.compute(mu, lv);
    double l = ln2; // ln 2 rounded to float: e^l is 2 up to that rounding
    double k01 = 0.5 * (Math.exp(l) - 1 - l);
    assertEquals(0.5 - 0.5 * Math.log(2), k01, 1e-7);
    assertArrayEquals(new double[] {0.25, (k01 + 2) / 2}, r.perLatent().toArray(), EXACT);
    assertEquals((0.5 + k01 + 0 + 2) / 2, r.total(), EXACT);
    assertEquals(2, r.samples());
    // the t interval of a mean of two terms: se = |a - b| / 2
    assertEquals(0.25, r.perLatentUncertainty().get(0).se(), EXACT);
  }

  @Test
  void thePriorItselfHasNoKl() {
    float[][] zero = {{0, 0}, {0, 0}, {0, 0}};
    PosteriorKlResult r = PosteriorKl.compute(zero, zero);
    assertEquals(0, r.total(), EXACT);
  }

  @Test
  void bernoulliLossByHand() {
    // one image of 2 pixels, x = (1, 0); logits (0, ln 3): p = (1/2, 3/4)
    // BCE = -ln(1/2) - ln(1/4) = ln 2 + ln 4 = 3 ln 2
    float[] logits = {0, (float) Math.log(3)};
    float[] x = {1, 0};
    double l3 = (double) (float) Math.log(3);
    double want = Math.log(2) + Math.log1p(Math.exp(l3));
    assertEquals(want, ReconstructionLoss.bernoulli(logits, true, x, 1)[0], EXACT);
    assertEquals(3 * Math.log(2), want, 1e-7);
    float[] probs = {0.5f, 0.75f};
    assertEquals(3 * Math.log(2), ReconstructionLoss.bernoulli(probs, false, x, 1)[0], EXACT);
    // a probability of exactly 0 for a pixel that is 1 costs the floor, 100 nats
    assertEquals(100, ReconstructionLoss.bernoulli(new float[] {0}, false, new float[] {1}, 1)[0]);
    ReconstructionResult r = ReconstructionLoss.of(new double[] {1, 3}, "bernoulli");
    assertEquals(2, r.score(), EXACT);
    assertEquals(1, r.uncertainty().se(), EXACT);
  }

  @Test
  void badInputNamesTheValue() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> PosteriorKl.compute(new float[][] {{0}, {1}}, new float[][] {{0}, {Float.NaN}}));
    assertEquals("row 1, latent 0: mean 1.0 and log-variance NaN, must be finite", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> PosteriorKl.compute(new float[][] {{0}}, new float[][] {{0}}));
    assertEquals("the KL needs at least 2 encoded samples, got 1", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ReconstructionLoss.bernoulli(new float[] {0, 0}, true, new float[] {0, 2}, 1));
    assertEquals("target pixel 1 of image 0 is 2.0, not in [0, 1]", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ReconstructionLoss.bernoulli(new float[] {0, 0, 0}, true, new float[] {0, 0}, 1));
    assertEquals("decoder output has 3 values and the targets 2, for 1 images", e.getMessage());
  }
}
