package dev.candela.data.validate;

import dev.candela.data.FactorSpace;
import java.util.ArrayList;
import java.util.List;

/**
 * Factor coverage (how often each value occurs) and the co-occurrence counts of every factor pair.
 * Observed confounding shows as zero cells in a co-occurrence matrix.
 *
 * @param samples the number of samples counted
 * @param coverage one entry per factor, in space order
 * @param cooccurrence one entry per factor pair (a before b in space order)
 */
public record FactorStatistics(
    long samples, List<Coverage> coverage, List<CoOccurrence> cooccurrence) {

  /** Copies the lists. */
  public FactorStatistics {
    coverage = List.copyOf(coverage);
    cooccurrence = List.copyOf(cooccurrence);
  }

  /**
   * Counts of the values of one factor.
   *
   * @param factor the factor name
   * @param values the vocabulary
   * @param counts count per value
   */
  public record Coverage(String factor, List<Object> values, long[] counts) {
    /** Copies. */
    public Coverage {
      values = List.copyOf(values);
      counts = counts.clone();
    }
  }

  /**
   * Joint counts of two factors.
   *
   * @param factorA the row factor
   * @param factorB the column factor
   * @param counts {@code counts[a][b]}
   */
  public record CoOccurrence(String factorA, String factorB, long[][] counts) {
    /** Copies. */
    public CoOccurrence {
      long[][] c = new long[counts.length][];
      for (int i = 0; i < counts.length; i++) {
        c[i] = counts[i].clone();
      }
      counts = c;
    }

    /**
     * The number of value pairs never observed together.
     *
     * @return the count of zero cells
     */
    public int zeroCells() {
      int z = 0;
      for (long[] row : counts) {
        for (long v : row) {
          if (v == 0) {
            z++;
          }
        }
      }
      return z;
    }
  }

  /** Accumulates statistics one sample at a time. */
  public static final class Accumulator {
    private final FactorSpace space;
    private final long[][] cov;
    private final long[][][][] co;
    private long n;

    /**
     * An empty accumulator.
     *
     * @param space the factor space
     */
    public Accumulator(FactorSpace space) {
      this.space = space;
      int k = space.numFactors();
      int[] sizes = space.sizes();
      cov = new long[k][];
      co = new long[k][k][][];
      for (int i = 0; i < k; i++) {
        cov[i] = new long[sizes[i]];
        for (int j = i + 1; j < k; j++) {
          co[i][j] = new long[sizes[i]][sizes[j]];
        }
      }
    }

    /**
     * Adds one sample.
     *
     * @param codes its factor codes
     */
    public void add(int[] codes) {
      if (codes.length != cov.length) {
        throw new IllegalArgumentException(
            "expected " + cov.length + " codes, got " + codes.length);
      }
      n++;
      for (int i = 0; i < codes.length; i++) {
        cov[i][codes[i]]++;
        for (int j = i + 1; j < codes.length; j++) {
          co[i][j][codes[i]][codes[j]]++;
        }
      }
    }

    /**
     * The statistics so far.
     *
     * @return the statistics
     */
    public FactorStatistics result() {
      List<Coverage> c = new ArrayList<>();
      List<CoOccurrence> p = new ArrayList<>();
      List<FactorSpace.Factor> f = space.factors();
      for (int i = 0; i < f.size(); i++) {
        c.add(new Coverage(f.get(i).name(), f.get(i).values(), cov[i]));
        for (int j = i + 1; j < f.size(); j++) {
          p.add(new CoOccurrence(f.get(i).name(), f.get(j).name(), co[i][j]));
        }
      }
      return new FactorStatistics(n, c, p);
    }
  }
}
