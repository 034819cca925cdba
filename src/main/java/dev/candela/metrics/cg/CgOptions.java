package dev.candela.metrics.cg;

import dev.candela.RecordText;
import dev.candela.metrics.UcResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What the counterfactual metric ({@link Cg}) evaluates and how. Build with {@link #builder()}:
 * {@code setSets} is required, the rest optional. Accessors return copies.
 *
 * @param sets per factor i, the latents {@code Z_I} that capture it (original latent indices, for
 *     example {@link UcResult#sets()}); one entry per classifier factor
 * @param factorNames one name per factor (defaults {@code f0, f1, …})
 * @param factors the factor indices to evaluate, increasing, without repeats (default all)
 * @param baseline the value intervened latents are set to (default {@link
 *     CgBaseline#MAX_DEVIATION}, the authors')
 * @param maxBatch the most images per decoder and classifier call (default 1024)
 * @param readout how the classifier's output is read (default {@link CgReadout#DEFAULT}, tolerant)
 * @param neighbourhoods the neighbourhoods {@code N(y)} of the tolerant read-out (default {@link
 *     CgNeighbourhoods#SINGLETONS}: the metric alone knows no factor's geometry, so without the
 *     dataset's neighbourhoods, which the pipeline passes, tolerant reads as exact)
 */
public record CgOptions(
    int[][] sets,
    List<String> factorNames,
    int[] factors,
    CgBaseline baseline,
    int maxBatch,
    CgReadout readout,
    CgNeighbourhoods neighbourhoods) {

  /** The default largest batch. */
  public static final int DEFAULT_MAX_BATCH = 1024;

  /** Validates and copies. */
  public CgOptions {
    Objects.requireNonNull(sets, "sets");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(readout, "readout");
    Objects.requireNonNull(neighbourhoods, "neighbourhoods");
    if (sets.length == 0) {
      throw new IllegalArgumentException("need at least one factor set, got none");
    }
    sets = deepCopy(sets);
    for (int f = 0; f < sets.length; f++) {
      for (int j : sets[f]) {
        if (j < 0) {
          throw new IllegalArgumentException(
              "set of factor " + f + " references latent " + j + ", which is negative");
        }
      }
    }
    factorNames = List.copyOf(factorNames);
    if (factorNames.size() != sets.length) {
      throw new IllegalArgumentException(
          factorNames.size() + " factor names for " + sets.length + " factor sets");
    }
    factors = factors.clone();
    if (factors.length == 0) {
      throw new IllegalArgumentException("no factors to evaluate");
    }
    for (int k = 0; k < factors.length; k++) {
      if (factors[k] < 0 || factors[k] >= sets.length) {
        throw new IllegalArgumentException(
            "factor index " + factors[k] + " is outside 0.." + (sets.length - 1));
      }
      if (k > 0 && factors[k] <= factors[k - 1]) {
        throw new IllegalArgumentException(
            "factor indices must increase without repeats, got " + Arrays.toString(factors));
      }
    }
    if (maxBatch < 1) {
      throw new IllegalArgumentException("maxBatch must be at least 1, got " + maxBatch);
    }
  }

  /**
   * Options with the default read-out and neighbourhoods.
   *
   * @param sets per factor, the latents that capture it
   * @param factorNames one name per factor
   * @param factors the factor indices to evaluate
   * @param baseline the baseline
   * @param maxBatch the most images per call
   */
  public CgOptions(
      int[][] sets, List<String> factorNames, int[] factors, CgBaseline baseline, int maxBatch) {
    this(
        sets,
        factorNames,
        factors,
        baseline,
        maxBatch,
        CgReadout.DEFAULT,
        CgNeighbourhoods.SINGLETONS);
  }

  /**
   * A builder.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public int[][] sets() {
    return deepCopy(sets);
  }

  @Override
  public int[] factors() {
    return factors.clone();
  }

  /**
   * The number of factors (of the classifier and the sets).
   *
   * @return F
   */
  public int numFactors() {
    return sets.length;
  }

  /**
   * The set of factor f without copying the whole matrix.
   *
   * @param f the factor
   * @return a copy of its set
   */
  public int[] set(int f) {
    return sets[f].clone();
  }

  /**
   * The same options with another baseline.
   *
   * @param b the baseline
   * @return a copy
   */
  public CgOptions withBaseline(CgBaseline b) {
    return new CgOptions(sets, factorNames, factors, b, maxBatch, readout, neighbourhoods);
  }

  /**
   * The same options with another largest batch.
   *
   * @param m images per call
   * @return a copy
   */
  public CgOptions withMaxBatch(int m) {
    return new CgOptions(sets, factorNames, factors, baseline, m, readout, neighbourhoods);
  }

  /**
   * The same options with another read-out.
   *
   * @param r the read-out
   * @return a copy
   */
  public CgOptions withReadout(CgReadout r) {
    return new CgOptions(sets, factorNames, factors, baseline, maxBatch, r, neighbourhoods);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CgOptions c
        && Arrays.deepEquals(sets, c.sets)
        && factorNames.equals(c.factorNames)
        && Arrays.equals(factors, c.factors)
        && baseline == c.baseline
        && maxBatch == c.maxBatch
        && readout == c.readout
        && neighbourhoods.equals(c.neighbourhoods);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        Arrays.deepHashCode(sets), factorNames, Arrays.hashCode(factors), baseline, readout);
  }

  @Override
  public String toString() {
    return RecordText.of(
        "CgOptions",
        "sets",
        sets,
        "factorNames",
        factorNames,
        "factors",
        factors,
        "baseline",
        baseline,
        "maxBatch",
        maxBatch,
        "readout",
        readout);
  }

  /** Builds {@link CgOptions}: {@code setSets} is required. */
  public static final class Builder {
    private int[][] sets;
    private List<String> factorNames;
    private int[] factors;
    private CgBaseline baseline = CgBaseline.MAX_DEVIATION;
    private int maxBatch = DEFAULT_MAX_BATCH;
    private CgReadout readout = CgReadout.DEFAULT;
    private CgNeighbourhoods neighbourhoods = CgNeighbourhoods.SINGLETONS;

    private Builder() {}

    /**
     * The read-out (default {@link CgReadout#DEFAULT}).
     *
     * @param r the read-out
     * @return this builder
     */
    public Builder optReadout(CgReadout r) {
      this.readout = r;
      return this;
    }

    /**
     * The neighbourhoods of the tolerant read-out (default {@link CgNeighbourhoods#SINGLETONS}).
     *
     * @param n the neighbourhoods
     * @return this builder
     */
    public Builder optNeighbourhoods(CgNeighbourhoods n) {
      this.neighbourhoods = n;
      return this;
    }

    /**
     * The latent set of every factor (required).
     *
     * @param s per factor, the latents that capture it
     * @return this builder
     */
    public Builder setSets(int[][] s) {
      this.sets = s;
      return this;
    }

    /**
     * Factor names.
     *
     * @param names one per factor
     * @return this builder
     */
    public Builder optFactorNames(List<String> names) {
      this.factorNames = names;
      return this;
    }

    /**
     * Restricts the evaluation to some factors.
     *
     * @param f increasing factor indices
     * @return this builder
     */
    public Builder optFactors(int[] f) {
      this.factors = f;
      return this;
    }

    /**
     * The baseline.
     *
     * @param b the baseline
     * @return this builder
     */
    public Builder optBaseline(CgBaseline b) {
      this.baseline = b;
      return this;
    }

    /**
     * The most images per decoder and classifier call.
     *
     * @param m at least 1
     * @return this builder
     */
    public Builder optMaxBatch(int m) {
      this.maxBatch = m;
      return this;
    }

    /**
     * Builds the options.
     *
     * @return the options
     */
    public CgOptions build() {
      if (sets == null) {
        throw new IllegalArgumentException("the factor sets are required (setSets)");
      }
      List<String> names = factorNames;
      if (names == null) {
        names = new ArrayList<>();
        for (int f = 0; f < sets.length; f++) {
          names.add("f" + f);
        }
      }
      int[] fs = factors;
      if (fs == null) {
        fs = new int[sets.length];
        for (int f = 0; f < fs.length; f++) {
          fs[f] = f;
        }
      }
      return new CgOptions(sets, names, fs, baseline, maxBatch, readout, neighbourhoods);
    }
  }

  private static int[][] deepCopy(int[][] m) {
    int[][] c = new int[m.length][];
    for (int i = 0; i < m.length; i++) {
      c[i] = m[i].clone();
    }
    return c;
  }
}
