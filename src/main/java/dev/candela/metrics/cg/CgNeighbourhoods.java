package dev.candela.metrics.cg;

/**
 * The neighbourhoods {@code N(y)} of the tolerant read-out ({@link CgReadout#TOLERANT}): for a
 * sample and a factor, the values whose classifier probabilities are summed, {@code p_tol(y | x) =
 * min(1, Σ_{v ∈ N(y)} p(v | x))}. Plain data for the metric: the pipeline builds them from the
 * dataset's factor space (which factors are categorical, their value grids, their symmetries).
 * Without them the metric knows no factor's geometry and uses {@link #SINGLETONS} (the default of
 * {@link CgOptions}), with which the tolerant read-out equals the exact one.
 *
 * <p>Every neighbourhood must contain the true value {@code y} itself and only values {@code 0 ≤ v
 * < K} (K = the classifier's number of values of the factor); {@link CgAccumulator} refuses any
 * other.
 */
@FunctionalInterface
public interface CgNeighbourhoods {

  /**
   * Every factor ordinal on an even grid without symmetry: {@code N(y) = {v : |v − y| ≤ 1, 0 ≤ v <
   * K}}, one grid step either side of the true code.
   */
  CgNeighbourhoods ORDINAL =
      (factor, trueCodes, numValues) -> {
        int y = trueCodes[factor];
        int lo = Math.max(0, y - 1);
        int hi = Math.min(numValues - 1, y + 1);
        int[] out = new int[Math.max(0, hi - lo + 1)];
        for (int v = lo; v <= hi; v++) {
          out[v - lo] = v;
        }
        return out;
      };

  /** Every factor categorical: {@code N(y) = {y}} (the tolerant read-out then reads as exact). */
  CgNeighbourhoods SINGLETONS = (factor, trueCodes, numValues) -> new int[] {trueCodes[factor]};

  /**
   * The neighbourhood of one sample's true value of one factor.
   *
   * @param factor the factor (index into {@link CgOptions#sets()}, the classifier's factor order)
   * @param trueCodes the sample's true codes of every factor of the options, in the same order
   *     (symmetries depend on another factor's value, e.g. an orientation's period on the shape)
   * @param numValues K, the classifier's number of values of {@code factor}
   * @return the codes {@code v} in {@code N(trueCodes[factor])}, each once, including the true code
   */
  int[] of(int factor, int[] trueCodes, int numValues);
}
