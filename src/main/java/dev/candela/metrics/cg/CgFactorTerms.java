package dev.candela.metrics.cg;

import dev.candela.RecordText;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The per-sample terms of the counterfactual metric for one factor i ({@link Cg}). For sample s
 * with true value y of factor i, {@code p̂ = p_i(y | g(z))}, {@code p_I = p_i(y | g(z with Z_I at
 * the baseline))}, {@code p_\I = p_i(y | g(z with the complement of Z_I at the baseline))}; the
 * individual causal effects are {@code ICE_I = |p̂ − p_I|} and {@code ICE_\I = |p̂ − p_\I|}, and
 * the sample's CG term is {@code |ICE_I − ICE_\I|}. Accessors of arrays return copies; the indexed
 * methods read one sample.
 *
 * @param factor the factor index
 * @param name the factor name
 * @param set the latents {@code Z_I} of the factor
 * @param trueValues per sample, the true code y of the factor
 * @param pReconstruction per sample, {@code p̂}
 * @param pIntervened per sample, {@code p_I}
 * @param pComplement per sample, {@code p_\I}
 */
public record CgFactorTerms(
    int factor,
    String name,
    int[] set,
    int[] trueValues,
    double[] pReconstruction,
    double[] pIntervened,
    double[] pComplement) {

  /** Validates lengths and that probabilities are in [0, 1]; copies the arrays. */
  public CgFactorTerms {
    Objects.requireNonNull(name, "name");
    set = set.clone();
    trueValues = trueValues.clone();
    pReconstruction = pReconstruction.clone();
    pIntervened = pIntervened.clone();
    pComplement = pComplement.clone();
    int n = trueValues.length;
    if (pReconstruction.length != n || pIntervened.length != n || pComplement.length != n) {
      throw new IllegalArgumentException(
          "factor "
              + name
              + ": "
              + n
              + " true values but "
              + pReconstruction.length
              + ", "
              + pIntervened.length
              + " and "
              + pComplement.length
              + " probabilities");
    }
    checkProbabilities(name, "reconstruction", pReconstruction);
    checkProbabilities(name, "intervened", pIntervened);
    checkProbabilities(name, "complement", pComplement);
  }

  private static void checkProbabilities(String name, String what, double[] p) {
    for (int s = 0; s < p.length; s++) {
      if (!(p[s] >= 0 && p[s] <= 1)) {
        throw new IllegalArgumentException(
            "factor "
                + name
                + ", sample "
                + s
                + ": "
                + what
                + " probability "
                + p[s]
                + " is not in [0, 1]");
      }
    }
  }

  /**
   * Concatenates the terms of consecutive chunks of one factor.
   *
   * @param parts chunks in sample order, all of the same factor and set
   * @return the joined terms
   */
  public static CgFactorTerms concat(List<CgFactorTerms> parts) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("nothing to concatenate");
    }
    CgFactorTerms first = parts.get(0);
    int n = 0;
    for (CgFactorTerms t : parts) {
      if (t.factor != first.factor || !Arrays.equals(t.set, first.set)) {
        throw new IllegalArgumentException(
            "cannot join terms of factor " + t.factor + " to terms of factor " + first.factor);
      }
      n += t.numSamples();
    }
    int[] y = new int[n];
    double[] a = new double[n];
    double[] b = new double[n];
    double[] c = new double[n];
    int off = 0;
    for (CgFactorTerms t : parts) {
      int m = t.numSamples();
      System.arraycopy(t.trueValues, 0, y, off, m);
      System.arraycopy(t.pReconstruction, 0, a, off, m);
      System.arraycopy(t.pIntervened, 0, b, off, m);
      System.arraycopy(t.pComplement, 0, c, off, m);
      off += m;
    }
    return new CgFactorTerms(first.factor, first.name, first.set, y, a, b, c);
  }

  /**
   * The number of samples.
   *
   * @return n
   */
  public int numSamples() {
    return trueValues.length;
  }

  /**
   * {@code ICE_I} of sample s.
   *
   * @param s the sample
   * @return {@code |p̂ − p_I|}
   */
  public double iceIntervened(int s) {
    return Math.abs(pReconstruction[s] - pIntervened[s]);
  }

  /**
   * {@code ICE_\I} of sample s.
   *
   * @param s the sample
   * @return {@code |p̂ − p_\I|}
   */
  public double iceComplement(int s) {
    return Math.abs(pReconstruction[s] - pComplement[s]);
  }

  /**
   * The CG term of sample s.
   *
   * @param s the sample
   * @return {@code |ICE_I − ICE_\I|}
   */
  public double term(int s) {
    return Math.abs(iceIntervened(s) - iceComplement(s));
  }

  /**
   * {@code ICE_I} per sample.
   *
   * @return a new array
   */
  public double[] iceIntervened() {
    double[] r = new double[numSamples()];
    for (int s = 0; s < r.length; s++) {
      r[s] = iceIntervened(s);
    }
    return r;
  }

  /**
   * {@code ICE_\I} per sample.
   *
   * @return a new array
   */
  public double[] iceComplement() {
    double[] r = new double[numSamples()];
    for (int s = 0; s < r.length; s++) {
      r[s] = iceComplement(s);
    }
    return r;
  }

  /**
   * The CG term per sample.
   *
   * @return a new array
   */
  public double[] terms() {
    double[] r = new double[numSamples()];
    for (int s = 0; s < r.length; s++) {
      r[s] = term(s);
    }
    return r;
  }

  /**
   * The factor's CG: the mean of the terms (summed in sample order).
   *
   * @return {@code CG_i}
   */
  public double cg() {
    double sum = 0;
    for (int s = 0; s < numSamples(); s++) {
      sum += term(s);
    }
    return sum / numSamples();
  }

  @Override
  public int[] set() {
    return set.clone();
  }

  @Override
  public int[] trueValues() {
    return trueValues.clone();
  }

  @Override
  public double[] pReconstruction() {
    return pReconstruction.clone();
  }

  @Override
  public double[] pIntervened() {
    return pIntervened.clone();
  }

  @Override
  public double[] pComplement() {
    return pComplement.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CgFactorTerms t
        && factor == t.factor
        && name.equals(t.name)
        && Arrays.equals(set, t.set)
        && Arrays.equals(trueValues, t.trueValues)
        && Arrays.equals(pReconstruction, t.pReconstruction)
        && Arrays.equals(pIntervened, t.pIntervened)
        && Arrays.equals(pComplement, t.pComplement);
  }

  @Override
  public int hashCode() {
    return Objects.hash(factor, name, Arrays.hashCode(pReconstruction));
  }

  @Override
  public String toString() {
    return RecordText.of(
        "CgFactorTerms", "factor", factor, "name", name, "set", set, "samples", numSamples());
  }
}
