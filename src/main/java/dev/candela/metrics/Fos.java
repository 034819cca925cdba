package dev.candela.metrics;

import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
import java.util.SplittableRandom;

/**
 * Factorization of support, FoS and randFoS (Roth, Ibrahim, Akata, Vincent and Bouchacourt 2023,
 * "Disentanglement of correlated factors via Hausdorff factorized support", ICLR): how far the
 * support of the representation is from the product of its marginal supports, measured pairwise by
 * the Hausdorff distance.
 *
 * <p>For a batch Z of B codes and a pair of latents (a, b), the joint support is the set of the
 * batch's points Z^(a,b) = {(z_a[r], z_b[r])} and the factorized support is the product of its
 * marginals Z^(a) × Z^(b) = {(z_a[p], z_b[q])}, B² points containing the joint ones, so the
 * Hausdorff distance between the two reduces to its directed part:
 *
 * <pre>
 *   d_H(a, b) = max_{p, q} min_r ‖(z_a[p], z_b[q]) − (z_a[r], z_b[r])‖₂
 *   FoS(Z)    = Σ_{a &lt; b} d_H(a, b)            (the paper's pairwise criterion, eq. 4)
 * </pre>
 *
 * and the score is the mean of FoS(Z) over the batches: {@code fos} over the batches of B
 * consecutive rows of a seeded random permutation of (at most {@link #DEFAULT_MAX_ROWS}) rows, so
 * every row is used once and the table's own row order (often sorted by factor) does not matter;
 * {@code rand_fos} over ⌈n/B⌉ batches of B rows drawn uniformly with replacement, as the authors'
 * {@code rand_fos.py}. 0 means a factorized support in every batch; the score is in the latents'
 * units (not scale invariant) and grows with the number of pairs.
 *
 * <p>How the authors' code ({@code dent/metrics/fos.py}, {@code rand_fos.py} of
 * facebookresearch/disentangling-correlated-factors) differs: it measures the squared Euclidean
 * distance (not a metric, so not the Hausdorff distance of the paper); the result records that
 * number too ({@link FosResult#squared()}). Its {@code fos} takes the batches in the dataset's
 * order; {@link #compute(float[][], int[], int)} with the identity order reproduces it. It uses all
 * pairs by default ({@code num_pairs = -1}), as here.
 *
 * <p>Cost: B³ per pair and batch at worst; the inner minimum stops as soon as it falls below the
 * batch's running maximum, which leaves the maximum unchanged.
 */
public final class Fos {
  private Fos() {}

  /** The authors' batch size ({@code fos.batch_size}). */
  public static final int DEFAULT_BATCH_SIZE = 128;

  /** The most rows the scores visit (a random subset of larger tables). */
  public static final int DEFAULT_MAX_ROWS = 10_000;

  /**
   * FoS over consecutive batches of rows taken in a given order (the last batch may be smaller, and
   * counts as one batch, as in the authors' code).
   *
   * @param latents latent-major codes {@code [latent][row]}
   * @param order the rows, in the order the batches take them
   * @param batchSize B (≥ 1)
   * @return the result
   * @throws IllegalArgumentException for fewer than 2 latents, an empty order, a row out of range
   *     or a batch size below 1
   */
  public static FosResult compute(float[][] latents, int[] order, int batchSize) {
    check(latents, order.length, batchSize);
    int n = latents[0].length;
    int batches = (order.length + batchSize - 1) / batchSize;
    int[][] rows = new int[batches][];
    for (int b = 0; b < batches; b++) {
      int from = b * batchSize;
      rows[b] = java.util.Arrays.copyOfRange(order, from, Math.min(order.length, from + batchSize));
      for (int r : rows[b]) {
        if (r < 0 || r >= n) {
          throw new IllegalArgumentException("row " + r + " is outside 0.." + (n - 1));
        }
      }
    }
    return of(latents, rows, batchSize);
  }

  /**
   * FoS over the batches of a seeded random permutation of at most {@code maxRows} rows (Candela's
   * {@code fos}).
   *
   * @param latents latent-major codes {@code [latent][row]}
   * @param batchSize B (≥ 1)
   * @param maxRows the most rows visited (≥ 1)
   * @param seed the seed of the permutation
   * @return the result
   * @throws IllegalArgumentException for fewer than 2 latents or no rows
   */
  public static FosResult shuffled(float[][] latents, int batchSize, int maxRows, long seed) {
    check(latents, maxRows, batchSize);
    int n = latents[0].length;
    int[] perm = dev.candela.metrics.stats.Arrays2.shuffled(n, new SplittableRandom(seed));
    return compute(latents, java.util.Arrays.copyOf(perm, Math.min(n, maxRows)), batchSize);
  }

  /**
   * randFoS: FoS over ⌈min(n, maxRows)/B⌉ batches of B rows each drawn uniformly with replacement.
   *
   * @param latents latent-major codes {@code [latent][row]}
   * @param batchSize B (≥ 1)
   * @param maxRows the most rows the batch count is based on (≥ 1)
   * @param seed the seed of the draws
   * @return the result
   * @throws IllegalArgumentException for fewer than 2 latents or no rows
   */
  public static FosResult random(float[][] latents, int batchSize, int maxRows, long seed) {
    check(latents, maxRows, batchSize);
    int n = latents[0].length;
    int m = Math.min(n, maxRows);
    int batches = (m + batchSize - 1) / batchSize;
    SplittableRandom rnd = new SplittableRandom(seed);
    int[][] rows = new int[batches][batchSize];
    for (int[] batch : rows) {
      for (int i = 0; i < batchSize; i++) {
        batch[i] = rnd.nextInt(n);
      }
    }
    return of(latents, rows, batchSize);
  }

  private static void check(float[][] latents, int rows, int batchSize) {
    if (latents.length < 2) {
      throw new IllegalArgumentException(
          "FoS needs at least 2 latents to pair, got " + latents.length);
    }
    if (latents[0].length < 1 || rows < 1) {
      throw new IllegalArgumentException(
          "FoS needs at least 1 row, got " + Math.min(latents[0].length, rows));
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("FoS batch size must be ≥ 1, got " + batchSize);
    }
  }

  private static FosResult of(float[][] latents, int[][] rows, int batchSize) {
    int d = latents.length;
    double[] terms = new double[rows.length];
    double[] squaredTerms = new double[rows.length];
    double[][] pairMean = new double[d][d];
    double[][][] perBatch = new double[rows.length][][];
    java.util.stream.IntStream.range(0, rows.length)
        .parallel()
        .forEach(b -> perBatch[b] = batch(latents, rows[b]));
    for (int b = 0; b < rows.length; b++) {
      double sum = 0;
      double sumSq = 0;
      for (int a = 0; a < d; a++) {
        for (int c = a + 1; c < d; c++) {
          double sq = perBatch[b][a][c];
          sum += Math.sqrt(sq);
          sumSq += sq;
          pairMean[a][c] += Math.sqrt(sq) / rows.length;
        }
      }
      terms[b] = sum;
      squaredTerms[b] = sumSq;
    }
    for (int a = 0; a < d; a++) {
      for (int c = a + 1; c < d; c++) {
        pairMean[c][a] = pairMean[a][c];
      }
    }
    return new FosResult(
        mean(terms),
        mean(squaredTerms),
        batchSize,
        Vector.of(terms),
        Vector.of(squaredTerms),
        Matrix.of(pairMean));
  }

  private static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  /**
   * The squared directed Hausdorff distance of one pair in one batch: max over the corners (p, q)
   * of the nearest joint point's squared distance. The nearest point is searched outwards from p in
   * the order of latent a ({@code ord}, {@code rank}): along either side the a-part of the distance
   * only grows, so a side ends once that part reaches the best distance so far, and a corner ends
   * as soon as its best distance falls to the running maximum, which it then cannot raise. Every
   * distance is the same expression as a full scan's, so the result is the full scan's to the bit.
   * {@code daAll[p][r]} = (z_a[p] − z_a[r])², shared by every pair of latent a.
   */
  private static double pair(double[] xa, double[] xc, int[] ord, int[] rank, double[][] daAll) {
    int m = xa.length;
    double max = 0;
    for (int p = 0; p < m; p++) {
      double[] da = daAll[p];
      for (int q = 0; q < m; q++) {
        double t0 = xc[q] - xc[p];
        double min = da[p] + t0 * t0;
        int lo = rank[p] - 1;
        int hi = rank[p] + 1;
        while (min > max) {
          double dl = lo >= 0 ? da[ord[lo]] : Double.POSITIVE_INFINITY;
          double dh = hi < m ? da[ord[hi]] : Double.POSITIVE_INFINITY;
          int r;
          if (dl <= dh) {
            if (dl >= min) {
              break;
            }
            r = ord[lo--];
          } else {
            if (dh >= min) {
              break;
            }
            r = ord[hi++];
          }
          double t = xc[q] - xc[r];
          double dist = da[r] + t * t;
          if (dist < min) {
            min = dist;
          }
        }
        if (min > max) {
          max = min;
        }
      }
    }
    return max;
  }

  /** Per pair a &lt; c, the squared directed Hausdorff distance of one batch ({@code [a][c]}). */
  static double[][] batch(float[][] latents, int[] rows) {
    int d = latents.length;
    int m = rows.length;
    double[][] x = new double[d][m];
    for (int j = 0; j < d; j++) {
      for (int i = 0; i < m; i++) {
        x[j][i] = latents[j][rows[i]];
      }
    }
    double[][] out = new double[d][d];
    double[][] da = new double[m][m];
    int[] ord = new int[m];
    int[] rank = new int[m];
    for (int a = 0; a < d; a++) {
      double[] xa = x[a];
      Integer[] boxed = new Integer[m];
      for (int i = 0; i < m; i++) {
        boxed[i] = i;
      }
      java.util.Arrays.sort(boxed, (u, v) -> Double.compare(xa[u], xa[v]));
      for (int i = 0; i < m; i++) {
        ord[i] = boxed[i];
        rank[ord[i]] = i;
      }
      for (int p = 0; p < m; p++) {
        for (int r = 0; r < m; r++) {
          double t = xa[p] - xa[r];
          da[p][r] = t * t;
        }
      }
      for (int c = a + 1; c < d; c++) {
        out[a][c] = pair(xa, x[c], ord, rank, da);
      }
    }
    return out;
  }
}
