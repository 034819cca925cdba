package dev.candela.metrics.stats;

import java.util.Arrays;

/**
 * Plug-in mutual information and entropy of discrete labels, in nats, with the semantics of
 * scikit-learn's {@code mutual_info_score} (which disentanglement_lib's {@code
 * discrete_mutual_info} and {@code discrete_entropy} call).
 *
 * <p>From the contingency counts {@code n_ab} of the two labelings (N samples, row sums {@code
 * n_a}, column sums {@code n_b}): {@code MI = Σ_{n_ab > 0} (n_ab/N) · (ln n_ab − ln N) + (n_ab/N) ·
 * (ln N + ln N − ln(n_a · n_b))}, each term with {@code |term| < 2^-52} set to 0, the sum clipped
 * at 0; MI is 0 when either labeling has a single distinct value. The entropy {@code H(y)} is
 * {@code MI(y, y)}. Labels are categorical: only equality matters, empty codes do not count.
 * Everything runs in time linear in N (one counting pass per pair) plus the table size.
 */
public final class DiscreteMutualInfo {

  /** numpy's {@code np.finfo(float64).eps}: per-cell terms below it are set to 0 (sklearn). */
  private static final double EPS = Math.ulp(1.0);

  /** Tables above this many cells use sorting instead of a dense counting table. */
  private static final long MAX_DENSE_CELLS = 1L << 24;

  private DiscreteMutualInfo() {}

  /**
   * Mutual information between two labelings, sklearn {@code mutual_info_score(labelsTrue,
   * labelsPred)}.
   *
   * @param labelsTrue first labeling (any ints)
   * @param labelsPred second labeling, same length
   * @return MI in nats, {@code >= 0}
   */
  public static double mutualInformation(int[] labelsTrue, int[] labelsPred) {
    if (labelsTrue.length != labelsPred.length) {
      throw new IllegalArgumentException(
          "labelings differ in length: " + labelsTrue.length + " and " + labelsPred.length);
    }
    if (labelsTrue.length == 0) {
      throw new IllegalArgumentException("labelings are empty");
    }
    Dense a = Dense.of(labelsTrue);
    Dense b = Dense.of(labelsPred);
    return fromDense(a, b);
  }

  /**
   * Discrete entropy in nats, {@code MI(y, y)} as disentanglement_lib computes it.
   *
   * @param labels a labeling (any ints, at least one)
   * @return {@code H(labels) >= 0}
   */
  public static double entropy(int[] labels) {
    if (labels.length == 0) {
      throw new IllegalArgumentException("labeling is empty");
    }
    Dense a = Dense.of(labels);
    long[] counts = new long[a.size];
    for (int id : a.ids) {
      counts[id]++;
    }
    if (a.size == 1) {
      return 0.0;
    }
    double n = labels.length;
    double logN = Math.log(n);
    double sum = 0;
    for (long c : counts) {
      sum += term(c, c, c, n, logN);
    }
    return Math.max(sum, 0.0);
  }

  /**
   * The MI matrix between equal-width-discretised latents and factor codes, as
   * disentanglement_lib's MIG and modularity compute it: {@code m[j][f] = MI(factor f, bin of
   * latent j)} with {@code bins} histogram bins per latent ({@link HistogramDiscretizer}).
   *
   * <p>One pass over the rows per latent: its bins are computed a chunk of rows at a time and
   * counted into every factor's contingency table at once (the same counts, and the same sums in
   * the same order, as one table per pair). Memory: besides the inputs, the tables and a chunk per
   * worker thread ({@link Workers}; an int per row per thread when a table would be too large to be
   * dense); non-negative factor codes are counted in place, not copied.
   *
   * @param latents {@code latents[j][i]} = latent j of sample i
   * @param factorCodes {@code factorCodes[f][i]} = code of factor f of sample i
   * @param bins histogram bins per latent (disentanglement_lib: 20)
   * @return {@code [latent][factor]} MI in nats
   */
  public static double[][] latentFactorMatrix(float[][] latents, int[][] factorCodes, int bins) {
    if (bins < 1) {
      throw new IllegalArgumentException("number of bins must be at least 1, got " + bins);
    }
    int numLatents = latents.length;
    int n = numLatents == 0 ? 0 : latents[0].length;
    Dense[] factors = new Dense[factorCodes.length];
    for (int f = 0; f < factors.length; f++) {
      factors[f] = Dense.counted(factorCodes[f]);
    }
    double[][] m = new double[numLatents][factors.length];
    boolean dense = true;
    long[][] factorCounts = new long[factors.length][];
    for (int f = 0; f < factors.length; f++) {
      dense &= (long) factors[f].size * bins <= MAX_DENSE_CELLS;
      factorCounts[f] = new long[factors[f].size];
      for (int id : factors[f].ids) {
        factorCounts[f][id]++;
      }
    }
    boolean allDense = dense;
    int threads = Workers.count(numLatents, 4L * n);
    Workers.run(
        threads,
        t -> {
          if (!allDense) {
            int[] binCodes = new int[n];
            for (int j = t; j < numLatents; j += threads) {
              float[] z = latents[j];
              HistogramDiscretizer.assign(z, HistogramDiscretizer.edges(z, bins), bins, binCodes);
              Dense latent = new Dense(binCodes, bins);
              for (int f = 0; f < factors.length; f++) {
                m[j][f] = fromDense(factors[f], latent);
              }
            }
            return;
          }
          // one pass per latent: its bins a chunk at a time, counted into every factor's table
          int[][] tables = new int[factors.length][];
          for (int f = 0; f < factors.length; f++) {
            tables[f] = new int[factors[f].size * bins];
          }
          int[] chunk = new int[CHUNK];
          long[] binCounts = new long[bins];
          for (int j = t; j < numLatents; j += threads) {
            float[] z = latents[j];
            double[] e = HistogramDiscretizer.edges(z, bins);
            for (int[] table : tables) {
              Arrays.fill(table, 0);
            }
            Arrays.fill(binCounts, 0);
            for (int from = 0; from < n; from += CHUNK) {
              int len = Math.min(CHUNK, n - from);
              HistogramDiscretizer.assign(z, from, from + len, e, bins, chunk);
              for (int k = 0; k < len; k++) {
                binCounts[chunk[k]]++;
              }
              for (int f = 0; f < factors.length; f++) {
                int[] table = tables[f];
                int[] ids = factors[f].ids;
                for (int k = 0; k < len; k++) {
                  table[ids[from + k] * bins + chunk[k]]++;
                }
              }
            }
            for (int f = 0; f < factors.length; f++) {
              m[j][f] = fromTable(tables[f], factorCounts[f], binCounts, n);
            }
          }
        });
    return m;
  }

  /**
   * The MI matrix between equal-width-discretised latents, as disentanglement_lib's unsupervised
   * {@code mutual_info_score} computes it: {@code m[j][k] = MI(bin of latent j, bin of latent k)}
   * with {@code bins} histogram bins per latent ({@link HistogramDiscretizer}); the diagonal holds
   * each latent's binned entropy {@code MI(j, j)}.
   *
   * <p>Memory: besides the inputs, two ints per row per worker thread ({@link Workers}; {@link
   * #latentLatentMatrix(float[][], int[], int)} also a float per row); each pair re-bins its second
   * latent, so the cost is about N·D²/2 bin look-ups and table counts.
   *
   * @param latents {@code latents[j][i]} = latent j of sample i
   * @param bins histogram bins per latent (disentanglement_lib: 20)
   * @return {@code [latent][latent]} MI in nats, symmetric
   */
  public static double[][] latentLatentMatrix(float[][] latents, int bins) {
    return latentLatentMatrix(latents, null, bins);
  }

  /**
   * {@link #latentLatentMatrix(float[][], int)} of some rows, read in place: with row indices each
   * thread gathers one latent at a time into a float per row (no copy of the table).
   *
   * @param latents {@code latents[j][i]} = latent j of sample i
   * @param rows the row indices, or {@code null} for all rows
   * @param bins histogram bins per latent
   * @return {@code [latent][latent]} MI in nats, symmetric
   */
  public static double[][] latentLatentMatrix(float[][] latents, int[] rows, int bins) {
    if (bins < 1) {
      throw new IllegalArgumentException("number of bins must be at least 1, got " + bins);
    }
    int d = latents.length;
    int n = d == 0 ? 0 : rows == null ? latents[0].length : rows.length;
    double[][] m = new double[d][d];
    int threads = Workers.count(d, (rows == null ? 8L : 12L) * n);
    Workers.run(
        threads,
        t -> {
          int[] a = new int[n];
          int[] b = new int[n];
          float[] gathered = rows == null ? null : new float[n];
          for (int j = t; j < d; j += threads) {
            float[] zj = column(latents[j], rows, gathered);
            HistogramDiscretizer.assign(zj, HistogramDiscretizer.edges(zj, bins), bins, a);
            Dense first = new Dense(a, bins);
            m[j][j] = fromDense(first, first);
            for (int k = j + 1; k < d; k++) {
              float[] zk = column(latents[k], rows, gathered);
              HistogramDiscretizer.assign(zk, HistogramDiscretizer.edges(zk, bins), bins, b);
              m[j][k] = fromDense(first, new Dense(b, bins));
              m[k][j] = m[j][k];
            }
          }
        });
    return m;
  }

  /** A latent's values at the rows: the column itself, or gathered into {@code into}. */
  private static float[] column(float[] z, int[] rows, float[] into) {
    if (rows == null) {
      return z;
    }
    for (int i = 0; i < rows.length; i++) {
      into[i] = z[rows[i]];
    }
    return into;
  }

  /**
   * The entropy of every factor, {@code H(f)} in nats.
   *
   * @param factorCodes {@code factorCodes[f][i]} = code of factor f of sample i
   * @return one entropy per factor
   */
  public static double[] factorEntropies(int[][] factorCodes) {
    double[] h = new double[factorCodes.length];
    for (int f = 0; f < h.length; f++) {
      h[f] = entropy(factorCodes[f]);
    }
    return h;
  }

  /**
   * The entropy of every latent after the equal-width discretisation of {@link
   * #latentFactorMatrix}, {@code H(bin of z_j)} in nats ({@link #entropy}); latents in parallel,
   * one int per row per worker thread ({@link Workers}).
   *
   * @param latents {@code latents[j][i]} = latent j of sample i
   * @param bins histogram bins per latent
   * @return one entropy per latent
   */
  public static double[] latentEntropies(float[][] latents, int bins) {
    if (bins < 1) {
      throw new IllegalArgumentException("number of bins must be at least 1, got " + bins);
    }
    int numLatents = latents.length;
    int n = numLatents == 0 ? 0 : latents[0].length;
    double[] h = new double[numLatents];
    HistogramDiscretizer.forEachLatent(latents, n, bins, (j, codes) -> h[j] = entropy(codes));
    return h;
  }

  /** One MI term of sklearn's sum, in its evaluation order. */
  private static double term(long nab, long na, long nb, double n, double logN) {
    double p = nab / n;
    double logOuter = -Math.log((double) (na * nb)) + logN + logN;
    double t = p * (Math.log((double) nab) - logN) + p * logOuter;
    return Math.abs(t) < EPS ? 0.0 : t;
  }

  /** The rows of the latent × factor pass that are binned at a time. */
  private static final int CHUNK = 4096;

  /**
   * The MI of a dense contingency table {@code table[r·cols + c]} with its row and column sums, as
   * {@link #fromDense} sums it.
   */
  private static double fromTable(int[] table, long[] rowSums, long[] colSums, int n) {
    if (nonZero(rowSums) <= 1 || nonZero(colSums) <= 1) {
      return 0.0;
    }
    double nn = n;
    double logN = Math.log(nn);
    int cols = colSums.length;
    double sum = 0;
    for (int r = 0; r < rowSums.length; r++) {
      for (int c = 0; c < cols; c++) {
        int nab = table[r * cols + c];
        if (nab > 0) {
          sum += term(nab, rowSums[r], colSums[c], nn, logN);
        }
      }
    }
    return Math.max(sum, 0.0);
  }

  private static double fromDense(Dense a, Dense b) {
    int n = a.ids.length;
    long[] rowSums = new long[a.size];
    long[] colSums = new long[b.size];
    for (int i = 0; i < n; i++) {
      rowSums[a.ids[i]]++;
      colSums[b.ids[i]]++;
    }
    if (nonZero(rowSums) <= 1 || nonZero(colSums) <= 1) {
      return 0.0;
    }
    double nn = n;
    double logN = Math.log(nn);
    double sum = 0;
    if ((long) a.size * b.size <= MAX_DENSE_CELLS) {
      int[] table = new int[a.size * b.size];
      for (int i = 0; i < n; i++) {
        table[a.ids[i] * b.size + b.ids[i]]++;
      }
      for (int r = 0; r < a.size; r++) {
        for (int c = 0; c < b.size; c++) {
          int nab = table[r * b.size + c];
          if (nab > 0) {
            sum += term(nab, rowSums[r], colSums[c], nn, logN);
          }
        }
      }
    } else {
      long[] keys = new long[n];
      for (int i = 0; i < n; i++) {
        keys[i] = (long) a.ids[i] * b.size + b.ids[i];
      }
      Arrays.sort(keys);
      int i = 0;
      while (i < n) {
        int k = i;
        while (k < n && keys[k] == keys[i]) {
          k++;
        }
        int r = (int) (keys[i] / b.size);
        int c = (int) (keys[i] % b.size);
        sum += term(k - i, rowSums[r], colSums[c], nn, logN);
        i = k;
      }
    }
    return Math.max(sum, 0.0);
  }

  private static int nonZero(long[] counts) {
    int k = 0;
    for (long c : counts) {
      if (c > 0) {
        k++;
      }
    }
    return k;
  }

  /** A labeling mapped to ids {@code 0..size-1} (sorted order of the distinct values). */
  public static final class Dense {
    /** {@code ids[i]} = the id of label i, in {@code 0..size-1}. */
    public final int[] ids;

    /** The number of distinct labels. */
    public final int size;

    Dense(int[] ids, int size) {
      this.ids = ids;
      this.size = size;
    }

    /**
     * A labeling for counting only: non-negative codes below {@code 4·N + 1024} are used as ids as
     * they are, without a copy (ids of absent codes simply have no rows, which changes no count of
     * the mutual information); other labelings as {@link #of}. {@link #size} is then the largest
     * code plus one, not the number of distinct labels.
     *
     * @param labels the labels
     * @return the labeling
     */
    static Dense counted(int[] labels) {
      int lo = Integer.MAX_VALUE;
      int hi = Integer.MIN_VALUE;
      for (int v : labels) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      if (labels.length > 0 && lo >= 0 && (long) hi < 4L * labels.length + 1024) {
        return new Dense(labels, hi + 1);
      }
      return of(labels);
    }

    /**
     * Maps a labeling to dense ids.
     *
     * @param labels the labels
     * @return the dense labeling
     */
    public static Dense of(int[] labels) {
      int lo = Integer.MAX_VALUE;
      int hi = Integer.MIN_VALUE;
      for (int v : labels) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      long range = (long) hi - lo + 1;
      int[] ids = new int[labels.length];
      if (range <= 4L * labels.length + 1024) {
        int[] map = new int[(int) range];
        for (int v : labels) {
          map[v - lo] = 1;
        }
        int next = 0;
        for (int k = 0; k < map.length; k++) {
          map[k] = map[k] == 0 ? -1 : next++;
        }
        for (int i = 0; i < labels.length; i++) {
          ids[i] = map[labels[i] - lo];
        }
        return new Dense(ids, next);
      }
      int[] sorted = labels.clone();
      Arrays.sort(sorted);
      int u = 0;
      for (int k = 0; k < sorted.length; k++) {
        if (k == 0 || sorted[k] != sorted[k - 1]) {
          sorted[u++] = sorted[k];
        }
      }
      for (int i = 0; i < labels.length; i++) {
        ids[i] = Arrays.binarySearch(sorted, 0, u, labels[i]);
      }
      return new Dense(ids, u);
    }
  }
}
