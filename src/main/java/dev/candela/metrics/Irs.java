package dev.candela.metrics;

import dev.candela.metrics.stats.DiscreteMutualInfo;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Quantiles;
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
 * <p>Cost: linear in N per (latent, factor): one gather into a single N-long scratch buffer per
 * worker thread, then group means and one selection per group in place; latents are processed in
 * parallel.
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
    int n = codes.numSamples();
    int numLatents = codes.numLatents();
    int numFactors = codes.numFactors();
    // numpy: np.percentile(diffs, q=diff_quantile * 100) divides q by 100 again.
    double q = (options.diffQuantile() * 100) / 100;

    int[] active = activeLatents(codes.latents());
    int[] dropped = complement(active, numLatents);
    int[] groups = new int[numFactors];
    if (active.length == 0) {
      for (int f = 0; f < numFactors; f++) {
        groups[f] = grouping(codes.factors()[f], options.factorBins()).numGroups();
      }
      return new IrsResult(
          0.0, new double[0][], new double[0], new double[0], active, dropped, groups, n, options);
    }

    Grouping[] grouping = new Grouping[numFactors];
    for (int f = 0; f < numFactors; f++) {
      grouping[f] = grouping(codes.factors()[f], options.factorBins());
      groups[f] = grouping[f].numGroups();
    }

    double[][] matrix = new double[active.length][numFactors];
    double[] maxDev = new double[active.length];
    int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), active.length));
    int scratchSize = n;
    IntStream.range(0, threads)
        .parallel()
        .forEach(
            t -> {
              double[] scratch = new double[scratchSize];
              for (int a = t; a < active.length; a += threads) {
                double[] z = codes.latents()[active[a]];
                maxDev[a] = maxDeviation(z);
                for (int f = 0; f < numFactors; f++) {
                  double empida = empida(z, grouping[f], q, scratch);
                  matrix[a][f] = 1.0 - empida / maxDev[a];
                }
              }
            });

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
    return new IrsResult(num / den, matrix, perLatent, maxDev, active, dropped, groups, n, options);
  }

  /** Indices of latents whose values are not all equal. */
  private static int[] activeLatents(double[][] latents) {
    return IntStream.range(0, latents.length)
        .filter(
            j -> {
              double[] z = latents[j];
              for (int i = 1; i < z.length; i++) {
                if (z[i] != z[0]) {
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

  /** {@code max |z − mean(z)|} with the mean as a sequential sum divided by N (numpy axis-0). */
  private static double maxDeviation(double[] z) {
    double sum = 0;
    for (double v : z) {
      sum += v;
    }
    double mean = sum / z.length;
    double m = 0;
    for (double v : z) {
      m = Math.max(m, Math.abs(v - mean));
    }
    return m;
  }

  /**
   * Mean over the groups of the q-quantile of the absolute deviations from the group mean. The
   * latent is first gathered into {@code scratch} in group order (one pass), so every group is a
   * contiguous slice that is then overwritten by its deviations and partially ordered in place.
   */
  private static double empida(double[] z, Grouping g, double q, double[] scratch) {
    int n = g.order.length;
    for (int k = 0; k < n; k++) {
      scratch[k] = z[g.order[k]];
    }
    double cum = 0;
    for (int v = 0; v < g.numGroups(); v++) {
      int from = g.start[v];
      int to = g.start[v + 1];
      double sum = 0;
      for (int k = from; k < to; k++) {
        sum += scratch[k];
      }
      double mean = sum / (to - from);
      for (int k = from; k < to; k++) {
        scratch[k] = Math.abs(scratch[k] - mean);
      }
      cum += Quantiles.linear(scratch, from, to, q);
    }
    return cum / g.numGroups();
  }

  /**
   * Rows grouped by the (re-binned) factor value: {@code order[start[v]..start[v+1])} are the rows
   * of the v-th smallest value, increasing.
   */
  private record Grouping(int[] order, int[] start) {
    int numGroups() {
      return start.length - 1;
    }
  }

  private static Grouping grouping(int[] factor, int bins) {
    int[] labels = bins > 0 ? HistogramDiscretizer.discretize(factor, bins) : factor;
    DiscreteMutualInfo.Dense dense = DiscreteMutualInfo.Dense.of(labels);
    int[] start = new int[dense.size + 1];
    for (int id : dense.ids) {
      start[id + 1]++;
    }
    for (int v = 0; v < dense.size; v++) {
      start[v + 1] += start[v];
    }
    int[] next = java.util.Arrays.copyOf(start, dense.size);
    int[] order = new int[factor.length];
    for (int i = 0; i < factor.length; i++) {
      order[next[dense.ids[i]]++] = i;
    }
    return new Grouping(order, start);
  }
}
