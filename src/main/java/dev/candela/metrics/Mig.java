package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.DiscreteMutualInfo;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
import java.util.Arrays;

/**
 * Mutual Information Gap (MIG) of Chen, Li, Grosse &amp; Duvenaud, "Isolating Sources of
 * Disentanglement in Variational Autoencoders", NeurIPS 2018, as computed by disentanglement_lib.
 *
 * <p>Each latent is discretised into {@code bins} equal-width histogram bins ({@link
 * HistogramDiscretizer}, 20 by default); {@code I(z_j; f)} is the plug-in MI in nats ({@link
 * DiscreteMutualInfo}). Per factor, {@code gap_f = (I_(1) − I_(2)) / H(f)} with {@code I_(1) >=
 * I_(2)} the two largest MI values over latents ({@code I_(2) = 0} with a single latent); {@code
 * MIG = mean_f gap_f}. Deviation from disentanglement_lib, which returns NaN: a factor with {@code
 * H(f) = 0} (one value) is excluded from the mean and reported in {@link
 * MigResult#constantFactors()}; if every factor is constant MIG is undefined and an {@link
 * IllegalArgumentException} is thrown.
 */
public final class Mig {

  private Mig() {}

  /**
   * MIG with 20 bins.
   *
   * @param codes latents and factors
   * @return the score and its details
   */
  public static MigResult compute(LatentCodes codes) {
    return compute(codes, HistogramDiscretizer.DEFAULT_BINS);
  }

  /**
   * MIG with the given number of latent bins.
   *
   * @param codes latents and factors
   * @param bins histogram bins per latent
   * @return the score and its details
   */
  public static MigResult compute(LatentCodes codes, int bins) {
    return fromMutualInformation(
        DiscreteMutualInfo.latentFactorMatrix(codes.latents(), codes.factors(), bins),
        DiscreteMutualInfo.factorEntropies(codes.factors()),
        bins);
  }

  /**
   * MIG from a precomputed MI matrix (for example the one {@link Modularity} also uses).
   *
   * @param mi {@code [latent][factor]} MI in nats
   * @param factorEntropy per factor {@code H(f)} in nats
   * @param bins the bins the matrix was computed with (recorded in the result)
   * @return the score and its details
   */
  public static MigResult fromMutualInformation(double[][] mi, double[] factorEntropy, int bins) {
    int numFactors = factorEntropy.length;
    if (mi.length == 0) {
      throw new IllegalArgumentException("MI matrix has no latents");
    }
    for (double[] row : mi) {
      if (row.length != numFactors) {
        throw new IllegalArgumentException(
            "MI matrix row has " + row.length + " entries for " + numFactors + " factor entropies");
      }
    }
    double[] gap = new double[numFactors];
    int[] best = new int[numFactors];
    int[] constant = new int[numFactors];
    int numConstant = 0;
    double sum = 0;
    for (int f = 0; f < numFactors; f++) {
      double top1 = Double.NEGATIVE_INFINITY;
      double top2 = 0;
      for (int j = 0; j < mi.length; j++) {
        double v = mi[j][f];
        if (v > top1) {
          if (j > 0) {
            top2 = top1;
          }
          top1 = v;
          best[f] = j;
        } else if (v > top2) {
          top2 = v;
        }
      }
      if (factorEntropy[f] == 0) {
        constant[numConstant++] = f;
        continue;
      }
      gap[f] = (top1 - top2) / factorEntropy[f];
      sum += gap[f];
    }
    int informative = numFactors - numConstant;
    if (informative == 0) {
      throw new IllegalArgumentException(
          "MIG is undefined: all "
              + numFactors
              + " factors are constant (entropy 0), factors "
              + Arrays.toString(Arrays.copyOf(constant, numConstant)));
    }
    return new MigResult(
        sum / informative,
        Vector.of(gap),
        Arrays2.list(best),
        Matrix.of(mi),
        Vector.of(factorEntropy),
        Arrays2.list(Arrays.copyOf(constant, numConstant)),
        bins);
  }
}
