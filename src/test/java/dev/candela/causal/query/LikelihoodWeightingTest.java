package dev.candela.causal.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.Models;
import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.FunctionForm;
import dev.candela.causal.model.Noise;
import dev.candela.causal.model.Variable;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LikelihoodWeightingTest {
  private static final double EXACT = 1e-12;

  /**
   * Tolerance on a counterfactual mean from 40k particles with an ESS above 5k for unit-scale
   * quantities: a standard error of at most 1/sqrt(5000) ≈ 0.014, so about 4 standard errors.
   */
  private static final double MC_MEAN = 0.05;

  /**
   * Tolerance on a counterfactual variance near 1 with an ESS above 5k (about 4 standard errors).
   */
  private static final double MC_VAR = 0.08;

  /** Tolerance on a probability estimated from an ESS above 5k (about 5 standard errors). */
  private static final double MC_PROB = 0.035;

  private static final int PARTICLES = 40_000;

  private static Variable root(String name, boolean hidden, Noise noise) {
    return new Variable(
        name, List.of(), hidden, new AdditiveNoise(FunctionForm.LINEAR, new double[0], 0, noise));
  }

  private static Variable child(
      String name,
      List<String> parents,
      boolean hidden,
      FunctionForm f,
      double[] w,
      double b,
      Noise noise) {
    return new Variable(name, parents, hidden, new AdditiveNoise(f, w, b, noise));
  }

  /** An observed {@code name = w · parent + noise}. */
  private static Variable linear(String name, String parent, double w, Noise noise) {
    return child(name, List.of(parent), false, FunctionForm.LINEAR, new double[] {w}, 0, noise);
  }

  private static double mean(double[][] rows, int c) {
    double s = 0;
    for (double[] r : rows) {
      s += r[c];
    }
    return s / rows.length;
  }

  private static double var(double[][] rows, int c) {
    double mu = mean(rows, c);
    double s = 0;
    for (double[] r : rows) {
      s += (r[c] - mu) * (r[c] - mu);
    }
    return s / (rows.length - 1);
  }

  @Test
  void forcedSamplerMatchesExactLinearGaussianCounterfactual() {
    // H hidden -> X -> Y, H -> Y; evidence Y = 1.2 only, do(X = -0.5).
    CausalModel m =
        new CausalModel(
            List.of(
                root("H", true, Noise.gaussian(1)),
                linear("X", "H", 0.8, Noise.gaussian(0.6)),
                child(
                    "Y",
                    List.of("X", "H"),
                    false,
                    FunctionForm.LINEAR,
                    new double[] {1.5, -1},
                    0.2,
                    Noise.gaussian(0.5))));
    int[] ev = {2};
    double[] vals = {1.2};
    Intervention iv = Intervention.of(1, -0.5);
    LinearGaussian.Gaussian exact = LinearGaussian.counterfactual(m, ev, vals, iv);
    Counterfactuals.Result r =
        Counterfactuals.query(
            m,
            ev,
            vals,
            iv,
            PARTICLES,
            PARTICLES,
            Counterfactuals.Method.LIKELIHOOD_WEIGHTING,
            new SplittableRandom(3));
    assertEquals("likelihood-weighting", r.method());
    assertTrue(r.ess() > 5000, "ess " + r.ess());
    for (int c : new int[] {0, 2}) {
      assertEquals(exact.mean()[c], mean(r.rows(), c), MC_MEAN, "mean of column " + c);
      assertEquals(exact.cov()[c][c], var(r.rows(), c), MC_VAR, "variance of column " + c);
    }
    assertEquals(-0.5, r.rows()[0][1], EXACT);
    // The automatic choice keeps the exact path.
    Counterfactuals.Result auto =
        Counterfactuals.query(
            m, ev, vals, iv, 10, PARTICLES, Counterfactuals.Method.AUTO, new SplittableRandom(3));
    assertEquals("exact-gaussian", auto.method());
  }

  /**
   * H hidden ~ N(0,1); X = H + N(0, 0.5²); Q = tanh(2X) hidden with zero noise; Y = Q + H + N(0,
   * 0.3²). X is linear in H, so the posterior of H given X (and Y) is Gaussian in closed form.
   */
  private static CausalModel confounded() {
    return new CausalModel(
        List.of(
            root("H", true, Noise.gaussian(1)),
            linear("X", "H", 1, Noise.gaussian(0.5)),
            child(
                "Q", List.of("X"), true, FunctionForm.TANH, new double[] {2}, 0, Noise.gaussian(0)),
            child(
                "Y",
                List.of("Q", "H"),
                false,
                FunctionForm.LINEAR,
                new double[] {1, 1},
                0,
                Noise.gaussian(0.3))));
  }

  @Test
  void nonlinearHiddenConfounderGivenTheCauseOnly() {
    CausalModel m = confounded();
    // H | X = 0.7: precision 1 + 1/0.25 = 5, mean 0.7 * 4 / 5 = 0.56, variance 0.2.
    // do(X = -0.4): Y' = tanh(-0.8) + H + U_Y with U_Y from its prior N(0, 0.09).
    Counterfactuals.Result r =
        Counterfactuals.query(
            m,
            new int[] {1},
            new double[] {0.7},
            Intervention.of(1, -0.4),
            PARTICLES,
            PARTICLES,
            Counterfactuals.Method.AUTO,
            new SplittableRandom(5));
    assertEquals("likelihood-weighting", r.method());
    assertEquals(0.56, mean(r.rows(), 0), MC_MEAN);
    assertEquals(0.2, var(r.rows(), 0), MC_VAR);
    assertEquals(Math.tanh(-0.8) + 0.56, mean(r.rows(), 3), MC_MEAN);
    assertEquals(0.29, var(r.rows(), 3), MC_VAR);
    assertEquals(Math.tanh(-0.8), r.rows()[0][2], EXACT);
  }

  @Test
  void nonlinearHiddenConfounderGivenCauseAndEffect() {
    CausalModel m = confounded();
    double x = 0.7;
    double y = 1.1;
    // Y - tanh(2x) = H + U_Y: H | x, y has precision 1 + 4 + 1/0.09.
    double prec = 1 + 4 + 1 / 0.09;
    double postMean = (x * 4 + (y - Math.tanh(2 * x)) / 0.09) / prec;
    Counterfactuals.Result r =
        Counterfactuals.query(
            m,
            new int[] {1, 3},
            new double[] {x, y},
            Intervention.of(1, -0.4),
            PARTICLES,
            PARTICLES,
            Counterfactuals.Method.AUTO,
            new SplittableRandom(7));
    assertEquals("likelihood-weighting", r.method());
    assertEquals(postMean, mean(r.rows(), 0), MC_MEAN);
    assertEquals(1 / prec, var(r.rows(), 0), MC_VAR);
    // H + U_Y is known exactly, so the counterfactual Y is a point.
    double yCf = Math.tanh(-0.8) + y - Math.tanh(2 * x);
    for (double[] row : r.rows()) {
      assertEquals(yCf, row[3], 1e-9);
    }
  }

  @Test
  void mixedModelMatchesEnumeration() {
    // A hidden binary, P(A=1) = 0.3; B | A binary; Y = 2A + N(0, 1). Evidence B = 1, Y = 1.3.
    CausalModel m =
        new CausalModel(
            List.of(
                new Variable("A", List.of(), true, Models.cpt(new double[][] {{0.7, 0.3}})),
                new Variable(
                    "B", List.of("A"), false, Models.cpt(new double[][] {{0.8, 0.2}, {0.3, 0.7}})),
                linear("Y", "A", 2, Noise.gaussian(1))));
    double y = 1.3;
    // Enumerate A: w_a = P(A=a) P(B=1 | a) phi(y - 2a).
    double w0 = 0.7 * 0.2 * Math.exp(-0.5 * y * y);
    double w1 = 0.3 * 0.7 * Math.exp(-0.5 * (y - 2) * (y - 2));
    double p1 = w1 / (w0 + w1);
    // do(A = 0): world A=0 keeps B=1 and Y=y; world A=1 has U_B in [0.3, 1), so B'=1 iff
    // U_B >= 0.8 (probability 0.2/0.7), and Y' = y - 2.
    double pB = (1 - p1) + p1 * 0.2 / 0.7;
    Counterfactuals.Result r =
        Counterfactuals.query(
            m,
            new int[] {1, 2},
            new double[] {1, y},
            Intervention.of(0, 0),
            PARTICLES,
            PARTICLES,
            Counterfactuals.Method.AUTO,
            new SplittableRandom(9));
    assertEquals("likelihood-weighting", r.method());
    double shifted = 0;
    double b1 = 0;
    for (double[] row : r.rows()) {
      assertEquals(0, row[0], EXACT);
      boolean moved = Math.abs(row[2] - (y - 2)) < 1e-12;
      assertTrue(moved || Math.abs(row[2] - y) < 1e-12, "Y' = " + row[2]);
      shifted += moved ? 1 : 0;
      b1 += row[1];
    }
    assertEquals(p1, shifted / r.rows().length, MC_PROB);
    assertEquals(pB, b1 / r.rows().length, MC_PROB);
  }

  @Test
  void evidenceOutsideUniformSupportIsNamed() {
    CausalModel m =
        new CausalModel(
            List.of(root("X", false, Noise.uniform(1)), linear("Y", "X", 1, Noise.uniform(0.5))));
    String msg =
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    Counterfactuals.sample(
                        m,
                        new int[] {1},
                        new double[] {5},
                        Intervention.of(0, 0),
                        10,
                        new SplittableRandom(1)))
            .getMessage();
    assertEquals(
        "evidence Y=5.0 has weight 0 in all 10000 particles (ESS 0): the value is outside the"
            + " support of its uniform noise (scale 0.5) given its sampled parents in 10000 of them",
        msg);
  }

  @Test
  void zeroNoiseEvidenceNotReachedIsNamed() {
    CausalModel m = confounded();
    // Q = tanh(2X) exactly, but the evidence puts Q at 2 (outside tanh's range).
    String msg =
        assertThrows(
                LikelihoodWeighting.DegenerateWeightsException.class,
                () ->
                    Counterfactuals.sample(
                        m,
                        new int[] {2},
                        new double[] {2},
                        Intervention.none(),
                        10,
                        new SplittableRandom(1)))
            .getMessage();
    assertTrue(
        msg.startsWith(
            "evidence Q=2.0 has weight 0 in all 10000 particles (ESS 0): 'Q' has zero noise and"
                + " its value is not reached from its sampled parents"),
        msg);
  }

  @Test
  void tinyEffectiveSampleSizeIsRefused() {
    // Y = H + N(0, 0.002²) with H uniform: a few of 1000 particles land near the evidence.
    CausalModel m =
        new CausalModel(
            List.of(root("H", true, Noise.uniform(1)), linear("Y", "H", 1, Noise.gaussian(0.002))));
    LikelihoodWeighting.DegenerateWeightsException e =
        assertThrows(
            LikelihoodWeighting.DegenerateWeightsException.class,
            () ->
                Counterfactuals.query(
                    m,
                    new int[] {1},
                    new double[] {0.3},
                    Intervention.none(),
                    10,
                    1000,
                    Counterfactuals.Method.AUTO,
                    new SplittableRandom(2)));
    assertTrue(e.ess() > 0 && e.ess() < Counterfactuals.MIN_ESS, "ess " + e.ess());
    assertTrue(e.getMessage().contains("is below the floor 10"), e.getMessage());
  }

  @Test
  void weightsAreTheClampedLogDensities() {
    CausalModel m = confounded();
    LikelihoodWeighting lw = LikelihoodWeighting.of(m, new int[] {1, 3}, Intervention.none());
    LikelihoodWeighting.Particles p = lw.run(new double[] {0.3, -0.2}, 50, new SplittableRandom(4));
    for (int j = 0; j < p.size(); j++) {
      double[] row = p.values()[j];
      double h = row[0];
      double q = Math.tanh(2 * 0.3);
      double expected = logNormal(0.3 - h, 0.5) + logNormal(-0.2 - q - h, 0.3);
      assertEquals(expected, p.logWeights()[j], 1e-10);
      assertEquals(0.3 - h, p.noise()[j][1], EXACT);
      assertEquals(-0.2 - q - h, p.noise()[j][3], 1e-12);
    }
    assertFalse(lw.deterministic());
  }

  private static double logNormal(double r, double s) {
    return -0.5 * r * r / (s * s) - Math.log(s) - 0.5 * Math.log(2 * Math.PI);
  }

  @Test
  void clampedCptNoiseLiesInItsCdfInterval() {
    CausalModel m = Models.chain2(0.5, 0.2, 0.7);
    LikelihoodWeighting lw = LikelihoodWeighting.of(m, new int[] {1}, Intervention.none());
    LikelihoodWeighting.Particles p = lw.run(new double[] {1}, 200, new SplittableRandom(8));
    for (int j = 0; j < p.size(); j++) {
      double a = p.values()[j][0];
      double u = p.noise()[j][1];
      double lo = a == 0 ? 0.8 : 0.3;
      assertTrue(u >= lo && u < 1, "U_B " + u + " for A=" + a);
      assertEquals(Math.log(a == 0 ? 0.2 : 0.7), p.logWeights()[j], EXACT);
    }
  }
}
