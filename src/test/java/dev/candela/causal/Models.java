package dev.candela.causal;

import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.model.Variable;
import java.util.List;

/** Small models shared by the causal tests. */
public final class Models {
  private Models() {}

  /**
   * A → B binary: P(A=1)=pa, P(B=1|A=0)=b0, P(B=1|A=1)=b1.
   *
   * @param pa P(A=1)
   * @param b0 P(B=1|A=0)
   * @param b1 P(B=1|A=1)
   * @return the model
   */
  public static CausalModel chain2(double pa, double b0, double b1) {
    return new CausalModel(
        List.of(
            new Variable("A", List.of(), false, cpt(new double[][] {{1 - pa, pa}})),
            new Variable(
                "B", List.of("A"), false, cpt(new double[][] {{1 - b0, b0}, {1 - b1, b1}}))));
  }

  /**
   * B → A binary (the reversed edge): P(B=1)=pb, P(A=1|B=0)=a0, P(A=1|B=1)=a1.
   *
   * @param pb P(B=1)
   * @param a0 P(A=1|B=0)
   * @param a1 P(A=1|B=1)
   * @return the model with columns A, B
   */
  public static CausalModel reversed2(double pb, double a0, double a1) {
    return new CausalModel(
        List.of(
            new Variable(
                "A", List.of("B"), false, cpt(new double[][] {{1 - a0, a0}, {1 - a1, a1}})),
            new Variable("B", List.of(), false, cpt(new double[][] {{1 - pb, pb}}))));
  }

  /**
   * A binary CPT with values 0, 1.
   *
   * @param t the table
   * @return the CPT
   */
  public static Cpt cpt(double[][] t) {
    return new Cpt(List.of("0", "1"), t);
  }

  /**
   * X → Y linear-Gaussian: X ~ N(0, sx²), Y = w X + N(0, sy²).
   *
   * @param w the weight
   * @param sx sd of X
   * @param sy sd of the noise of Y
   * @return the model
   */
  public static CausalModel lg2(double w, double sx, double sy) {
    return new CausalModel(
        List.of(
            new Variable("X", List.of(), false, AdditiveNoise.linearGaussian(new double[0], 0, sx)),
            new Variable(
                "Y", List.of("X"), false, AdditiveNoise.linearGaussian(new double[] {w}, 0, sy))));
  }
}
