package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Quantiles;
import dev.candela.metrics.stats.Vector;
import dev.candela.metrics.stats.Workers;
import java.util.stream.IntStream;

/**
 * Interventional Robustness Score (IRS), as computed by disentanglement_lib and the CANDLE authors'
 * fork. Origin: Suter, Miladinović, Schölkopf &amp; Bauer, "Robustly Disentangled Causal
 * Mechanisms: Validating Deep Representations for Interventional Robustness", ICML 2019; used for
 * causal disentanglement by Reddy, Godfrey &amp; Balasubramanian, "On Causally Disentangled
 * Representations", AAAI 2022.
 *
 * <p>Constant latents ({@code min == max}) are dropped. For each kept latent j, {@code max_dev_j =
 * max_i |z_ij − mean(z_j)|}. Factors are re-binned into {@code factorBins} equal-width histogram
 * bins ({@link HistogramDiscretizer}; 0 = raw codes). For factor f and each of its values v, with
 * {@code S_v} the rows where f = v: {@code MPIDA_jv = Q_q(|z_ij − mean_{S_v}(z_j)| : i ∈ S_v)} with
 * numpy's linear quantile at {@code q = diffQuantile}; {@code EMPIDA_jf = mean_v MPIDA_jv} (plain
 * mean over the values present). Then {@code IRS_jf = 1 − EMPIDA_jf / max_dev_j}, {@code score_j =
 * max_f IRS_jf}, {@code IRS = Σ_j max_dev_j · score_j / Σ_j max_dev_j}.
 *
 * <p>Cost: linear in N per (latent, factor): each group gathered into a scratch buffer as long as
 * the largest group, then its mean and the quantile by one filtering pass ({@link
 * Quantiles#linearOfAbsDeviations}); the latents of a factor are processed in parallel ({@link
 * Workers}). Memory beyond the codes: one row order of the factor being processed (an int per row)
 * and one scratch buffer per thread (counted by {@link CodeMemory}).
 */
public final class Irs {

  private Irs() {}

  /**
   * IRS with disentanglement_lib's defaults ({@link IrsOptions#DEFAULTS}).
   *
   * @param codes latents and factor codes
   * @return the score with its matrix
   */
  public static IrsResult compute(LatentCodes codes) {
    return compute(codes, IrsOptions.DEFAULTS);
  }

  /**
   * IRS with the given options.
   *
   * @param codes latents and factor codes
   * @param options quantile and factor re-binning
   * @return the score with its matrix
   */
  public static IrsResult compute(LatentCodes codes, IrsOptions options) {
    int[][] labels = new int[codes.numFactors()][];
    if (options.factorBins() > 0) {
      for (int f = 0; f < labels.length; f++) {
        labels[f] = binsOfCodes(codes.factors()[f], options.factorBins(), null);
      }
    }
    return compute(codes, labels, options, null);
  }

  /**
   * IRS of some rows of the codes, the factors grouped by labels of their codes, without a copy of
   * the rows: the statistic of the codes at {@code rows} ({@link LatentCodes#rows}).
   *
   * @param codes latents and factor codes
   * @param labels per factor, {@code labels[f][code]} = the group label of a code ({@code 0 ≤
   *     label}), or {@code null} to group by the codes; any labels, {@code options.factorBins()} is
   *     not applied again (it is recorded in the result)
   * @param options the quantile
   * @param rows sorted row indices, or {@code null} for all rows
   * @return the score with its matrix
   */
  static IrsResult compute(LatentCodes codes, int[][] labels, IrsOptions options, int[] rows) {
    int n = rows == null ? codes.numSamples() : rows.length;
    int numLatents = codes.numLatents();
    int numFactors = codes.numFactors();
    // numpy: np.percentile(diffs, q=diff_quantile * 100) divides q by 100 again.
    double q = (options.diffQuantile() * 100) / 100;

    float[][] latents = codes.latents();
    int[] active = activeLatents(latents, rows);
    int[] dropped = complement(active, numLatents);
    int[] groups = new int[numFactors];
    double[][] matrix = new double[active.length][numFactors];
    double[] maxDev = new double[active.length];
    int devThreads = Workers.count(active.length, 0);
    Workers.run(
        devThreads,
        t -> {
          for (int a = t; a < active.length; a += devThreads) {
            maxDev[a] = maxDeviation(latents[active[a]], rows);
          }
        });
    // one factor's grouping at a time: its row order is the only N-long array besides the scratch
    for (int f = 0; f < numFactors; f++) {
      Grouping g = grouping(codes.factors()[f], labels[f], rows);
      groups[f] = g.numGroups();
      if (active.length == 0) {
        continue;
      }
      int largest = g.largest();
      int threads = Workers.count(active.length, 8L * largest);
      int factor = f;
      Workers.run(
          threads,
          t -> {
            double[] scratch = new double[largest];
            Quantiles.Scratch select = new Quantiles.Scratch();
            for (int a = t; a < active.length; a += threads) {
              double empida = empida(latents[active[a]], g, q, scratch, select);
              matrix[a][factor] = 1.0 - empida / maxDev[a];
            }
          });
    }
    if (active.length == 0) {
      return new IrsResult(
          0.0,
          Matrix.of(new double[0][]),
          Vector.of(),
          Vector.of(),
          Arrays2.list(active),
          Arrays2.list(dropped),
          Arrays2.list(groups),
          n,
          options);
    }

    double[] perLatent = new double[active.length];
    double num = 0;
    double den = 0;
    for (int a = 0; a < active.length; a++) {
      double best = matrix[a][0];
      for (int f = 1; f < numFactors; f++) {
        best = Math.max(best, matrix[a][f]);
      }
      perLatent[a] = best;
      num += best * maxDev[a];
      den += maxDev[a];
    }
    return new IrsResult(
        num / den,
        Matrix.of(matrix),
        Vector.of(perLatent),
        Vector.of(maxDev),
        Arrays2.list(active),
        Arrays2.list(dropped),
        Arrays2.list(groups),
        n,
        options);
  }

  /**
   * The histogram bin of every code of a factor, as {@link HistogramDiscretizer#discretize(int[],
   * int)} bins the factor's values at some rows: equal-width bins over the range of the codes
   * present there.
   *
   * @param factor the codes (≥ 0)
   * @param bins the bins (≥ 1)
   * @param rows sorted row indices, or {@code null} for all rows
   * @return {@code bin[code]} for codes {@code 0..max}
   */
  static int[] binsOfCodes(int[] factor, int bins, int[] rows) {
    int m = rows == null ? factor.length : rows.length;
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    for (int k = 0; k < m; k++) {
      int c = factor[rows == null ? k : rows[k]];
      lo = Math.min(lo, c);
      hi = Math.max(hi, c);
    }
    double[] e = HistogramDiscretizer.edgesForRange(lo, hi, bins);
    double[] values = new double[hi - lo + 1];
    for (int c = lo; c <= hi; c++) {
      values[c - lo] = c;
    }
    int[] part = new int[values.length];
    HistogramDiscretizer.assign(values, e, bins, part);
    int[] out = new int[hi + 1];
    System.arraycopy(part, 0, out, lo, part.length);
    return out;
  }

  /** Indices of latents whose values (at the rows) are not all equal. */
  private static int[] activeLatents(float[][] latents, int[] rows) {
    return IntStream.range(0, latents.length)
        .filter(
            j -> {
              float[] z = latents[j];
              int m = rows == null ? z.length : rows.length;
              float first = z[rows == null ? 0 : rows[0]];
              for (int k = 1; k < m; k++) {
                if (z[rows == null ? k : rows[k]] != first) {
                  return true;
                }
              }
              return false;
            })
        .toArray();
  }

  private static int[] complement(int[] sortedSubset, int size) {
    int[] out = new int[size - sortedSubset.length];
    int k = 0;
    int s = 0;
    for (int j = 0; j < size; j++) {
      if (s < sortedSubset.length && sortedSubset[s] == j) {
        s++;
      } else {
        out[k++] = j;
      }
    }
    return out;
  }

  /**
   * {@code max |z − mean(z)|} over the rows, with the mean as a sequential sum divided by N (numpy
   * axis-0).
   */
  private static double maxDeviation(float[] z, int[] rows) {
    int m = rows == null ? z.length : rows.length;
    double sum = 0;
    for (int k = 0; k < m; k++) {
      sum += z[rows == null ? k : rows[k]];
    }
    double mean = sum / m;
    double d = 0;
    for (int k = 0; k < m; k++) {
      d = Math.max(d, Math.abs(z[rows == null ? k : rows[k]] - mean));
    }
    return d;
  }

  /**
   * Mean over the groups of the q-quantile of the absolute deviations from the group mean. Each
   * group is gathered into {@code scratch} (as long as the largest group); the quantile of its
   * deviations is selected by {@link Quantiles#linearOfAbsDeviations} (a filtering pass).
   */
  private static double empida(
      float[] z, Grouping g, double q, double[] scratch, Quantiles.Scratch select) {
    double cum = 0;
    for (int v = 0; v < g.numGroups(); v++) {
      int from = g.start[v];
      int to = g.start[v + 1];
      int size = to - from;
      double sum = 0;
      for (int k = 0; k < size; k++) {
        double x = z[g.order[from + k]];
        scratch[k] = x;
        sum += x;
      }
      double mean = sum / size;
      cum += Quantiles.linearOfAbsDeviations(scratch, 0, size, mean, q, select);
    }
    return cum / g.numGroups();
  }

  /**
   * Rows grouped by the factor's label: {@code order[start[v]..start[v+1])} are the (original) rows
   * of the v-th smallest label present, increasing.
   */
  private record Grouping(int[] order, int[] start) {
    int numGroups() {
      return start.length - 1;
    }

    int largest() {
      int m = 0;
      for (int v = 0; v < numGroups(); v++) {
        m = Math.max(m, start[v + 1] - start[v]);
      }
      return m;
    }
  }

  /**
   * The grouping of the rows by {@code labels[code]} (or the code), the groups in the order of the
   * labels present: one N-long row order, counting passes otherwise.
   */
  private static Grouping grouping(int[] factor, int[] labels, int[] rows) {
    int m = rows == null ? factor.length : rows.length;
    int range = 0;
    for (int k = 0; k < m; k++) {
      int c = factor[rows == null ? k : rows[k]];
      range = Math.max(range, 1 + (labels == null ? c : labels[c]));
    }
    int[] count = new int[range];
    for (int k = 0; k < m; k++) {
      int c = factor[rows == null ? k : rows[k]];
      count[labels == null ? c : labels[c]]++;
    }
    // dense ids in label order (the ranks of the labels present), and where each group starts
    int[] id = new int[range];
    int groups = 0;
    for (int l = 0; l < range; l++) {
      id[l] = count[l] > 0 ? groups++ : -1;
    }
    int[] start = new int[groups + 1];
    for (int l = 0; l < range; l++) {
      if (count[l] > 0) {
        start[id[l] + 1] = count[l];
      }
    }
    for (int v = 0; v < groups; v++) {
      start[v + 1] += start[v];
    }
    int[] next = java.util.Arrays.copyOf(start, groups);
    int[] order = new int[m];
    for (int k = 0; k < m; k++) {
      int i = rows == null ? k : rows[k];
      int c = factor[i];
      order[next[id[labels == null ? c : labels[c]]]++] = i;
    }
    return new Grouping(order, start);
  }
}
