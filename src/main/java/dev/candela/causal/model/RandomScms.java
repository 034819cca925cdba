package dev.candela.causal.model;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Random structural causal models for benchmarks. */
public final class RandomScms {
  private RandomScms() {}

  /**
   * A random linear-Gaussian SCM over {@code X0..X(p-1)} in that order: each earlier variable is a
   * parent with probability 1/2, weights uniform on (-1, 1), noise sd uniform on (0.5, 1.5).
   *
   * @param p the number of variables
   * @param r the random source
   * @return the model
   */
  public static CausalModel linearGaussian(int p, SplittableRandom r) {
    List<Variable> vars = new ArrayList<>();
    for (int j = 0; j < p; j++) {
      List<String> ps = new ArrayList<>();
      List<Double> w = new ArrayList<>();
      for (int i = 0; i < j; i++) {
        if (r.nextDouble() < 0.5) {
          ps.add("X" + i);
          w.add(r.nextDouble() * 2 - 1);
        }
      }
      double[] wa = w.stream().mapToDouble(Double::doubleValue).toArray();
      vars.add(
          new Variable(
              "X" + j, ps, false, AdditiveNoise.linearGaussian(wa, 0, 0.5 + r.nextDouble())));
    }
    return new CausalModel(vars);
  }
}
