package dev.candela.metrics;

import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;

/**
 * SAP for continuous factors (Kumar, Sattigeri &amp; Balakrishnan, "Variational inference of
 * disentangled latent concepts from unlabeled observations", ICLR 2018, Section 3): the score
 * matrix entry of latent {@code z_j} and factor {@code v_k} is the R² of a least-squares line
 * (slope and intercept) fitted to predict the factor from that latent alone,
 *
 * <pre>S_jk = Cov(z_j, v_k)² / (Var z_j · Var v_k)</pre>
 *
 * (0 when {@code Var z_j ≤ 1e-12} or {@code Var v_k = 0}, sample variances with N − 1 as
 * disentanglement_lib's {@code np.cov}); per factor the gap between the two largest entries over
 * latents (the second 0 with a single latent), and SAP = the mean gap over factors, in [0, 1],
 * higher is better. The factor's codes are the regression target, as disentanglement_lib's factor
 * indices are. The R² is Apache Commons Math 3.6's {@code SimpleRegression} (with intercept) to the
 * last bit: its running centring ({@code addData}: each point's deviation from the running mean,
 * weighted by i / (i + 1)) and its {@code getRSquare}, with the centring of each latent and each
 * factor done once (not once per pair) and the cross sums of four latents accumulated in one pass,
 * each sum in SimpleRegression's order ({@code SapContinuousTest} checks the bits against
 * SimpleRegression itself).
 *
 * <p>The paper fits the line on the test examples; disentanglement_lib's {@code sap_score.py} with
 * {@code continuous_factors=True} computes the matrix on its train rows and ignores the test rows.
 * Candela follows the paper ({@link #compute}'s test rows); the peer's number, the same formula on
 * the train rows, is kept in {@link SapContinuousResult#trainRowsScore()}.
 */
public final class SapContinuous {
  /** disentanglement_lib's threshold on a latent's variance below which its entries are 0. */
  public static final double MIN_LATENT_VARIANCE = 1e-12;

  private SapContinuous() {}

  /**
   * SAP continuous on the test rows, and the peer's value on the train rows.
   *
   * @param train the training rows (for the peer's value)
   * @param test the rows the score is computed on
   * @param seed unused (nothing is random); kept for the shape of a refitted metric
   * @return the score and its details
   */
  public static SapContinuousResult compute(LatentCodes train, LatentCodes test, long seed) {
    ScoreMatrix onTest = scoreMatrix(test);
    ScoreMatrix onTrain = scoreMatrix(train);
    return new SapContinuousResult(
        onTest.score,
        Matrix.of(onTest.matrix),
        Vector.of(onTest.gap),
        onTrain.score,
        test.numSamples());
  }

  /**
   * The score matrix and SAP on one set of rows.
   *
   * @param codes the rows
   * @return {@code [latent][factor]} R², per-factor gaps and their mean
   * @throws IllegalArgumentException with fewer than 2 rows
   */
  public static ScoreMatrix scoreMatrix(LatentCodes codes) {
    int n = codes.numSamples();
    if (n < 2) {
      throw new IllegalArgumentException("SAP continuous needs at least 2 rows, got " + n);
    }
    int d = codes.numLatents();
    int nf = codes.numFactors();
    // SimpleRegression.addData's weight of the i-th point (i ≥ 1), n / (1.0 + n) before the count
    double[] weight = weights(n);
    double[][] dz = new double[d][];
    for (int j = 0; j < d; j++) {
      dz[j] = widened(codes.latents()[j]);
    }
    double[] szz = deviations(dz, weight);
    double[][] dv = new double[nf][];
    for (int k = 0; k < nf; k++) {
      dv[k] = widened(codes.factors()[k]);
    }
    double[] svv = deviations(dv, weight);
    double[][] s = new double[d][nf];
    double[] szv = new double[d];
    for (int k = 0; k < nf; k++) {
      crossSums(dz, dv[k], weight, szv);
      for (int j = 0; j < d; j++) {
        double varZ = szz[j] / (n - 1);
        double ssY = svv[k];
        if (varZ > MIN_LATENT_VARIANCE && ssY > 0) {
          // getRSquare: (SST − SSE) / SST, SSE = max(0, Syy − Sxy² / Sxx) (FastMath.max's
          // semantics are Math.max's)
          double sse = Math.max(0d, ssY - szv[j] * szv[j] / szz[j]);
          s[j][k] = (ssY - sse) / ssY;
        }
      }
    }
    double[] gap = new double[nf];
    double sum = 0;
    for (int k = 0; k < nf; k++) {
      MiFamily.Top2 t = MiFamily.column(s, k);
      gap[k] = t.first() - t.second();
      sum += gap[k];
    }
    return new ScoreMatrix(s, gap, sum / nf);
  }

  /** SimpleRegression.addData's weights {@code i / (1.0 + i)} of the points i ≥ 1 (index 0: 0). */
  private static double[] weights(int n) {
    double[] w = new double[n];
    for (int i = 1; i < n; i++) {
      w[i] = i / (1.0 + i);
    }
    return w;
  }

  /**
   * A column as doubles. (The loops are small methods of their own, here and below, so that the JIT
   * compiles each quickly on a first, cold call.)
   */
  private static double[] widened(float[] z) {
    double[] v = new double[z.length];
    for (int i = 0; i < z.length; i++) {
      v[i] = z[i];
    }
    return v;
  }

  /** A column as doubles. */
  private static double[] widened(int[] f) {
    double[] v = new double[f.length];
    for (int i = 0; i < f.length; i++) {
      v[i] = f[i];
    }
    return v;
  }

  /**
   * SimpleRegression.addData's running centring of each column, in place: {@code c[i]} becomes the
   * deviation of the i-th value from the running mean of the values before it ({@code c[0]} 0), the
   * running mean is updated by the deviation over {@code 1.0 + i}, and the weighted sum of squared
   * deviations ({@code dx * dx * weight[i]}, summed in row order) is returned per column:
   * SimpleRegression's {@code sumXX}, bit for bit. The columns are taken four at a time so that the
   * four chains of divisions overlap; each column keeps its own order of operations.
   */
  private static double[] deviations(double[][] c, double[] weight) {
    int n = weight.length;
    double[] ss = new double[c.length];
    int j = 0;
    for (; j + 4 <= c.length; j += 4) {
      double[] a = c[j];
      double[] b = c[j + 1];
      double[] e = c[j + 2];
      double[] g = c[j + 3];
      double ma = a[0];
      double mb = b[0];
      double me = e[0];
      double mg = g[0];
      double sa = 0.0;
      double sb = 0.0;
      double se = 0.0;
      double sg = 0.0;
      a[0] = 0.0;
      b[0] = 0.0;
      e[0] = 0.0;
      g[0] = 0.0;
      for (int i = 1; i < n; i++) {
        double fact1 = 1.0 + i;
        double w = weight[i];
        double da = a[i] - ma;
        double db = b[i] - mb;
        double de = e[i] - me;
        double dg = g[i] - mg;
        sa += da * da * w;
        sb += db * db * w;
        se += de * de * w;
        sg += dg * dg * w;
        ma += da / fact1;
        mb += db / fact1;
        me += de / fact1;
        mg += dg / fact1;
        a[i] = da;
        b[i] = db;
        e[i] = de;
        g[i] = dg;
      }
      ss[j] = sa;
      ss[j + 1] = sb;
      ss[j + 2] = se;
      ss[j + 3] = sg;
    }
    for (; j < c.length; j++) {
      double[] a = c[j];
      double ma = a[0];
      double sa = 0.0;
      a[0] = 0.0;
      for (int i = 1; i < n; i++) {
        double da = a[i] - ma;
        sa += da * da * weight[i];
        ma += da / (1.0 + i);
        a[i] = da;
      }
      ss[j] = sa;
    }
    return ss;
  }

  /**
   * SimpleRegression's {@code sumXY} of every latent with one factor from their deviations ({@link
   * #deviations}): {@code dx * dy * weight[i]} summed in row order, into {@code out[j]}, four
   * latents at a time (four independent sums, each in its own order).
   */
  private static void crossSums(double[][] dz, double[] dv, double[] weight, double[] out) {
    int n = weight.length;
    int j = 0;
    for (; j + 4 <= dz.length; j += 4) {
      double[] a = dz[j];
      double[] b = dz[j + 1];
      double[] e = dz[j + 2];
      double[] g = dz[j + 3];
      double sa = 0.0;
      double sb = 0.0;
      double se = 0.0;
      double sg = 0.0;
      for (int i = 1; i < n; i++) {
        double y = dv[i];
        double w = weight[i];
        sa += a[i] * y * w;
        sb += b[i] * y * w;
        se += e[i] * y * w;
        sg += g[i] * y * w;
      }
      out[j] = sa;
      out[j + 1] = sb;
      out[j + 2] = se;
      out[j + 3] = sg;
    }
    for (; j < dz.length; j++) {
      double[] a = dz[j];
      double sa = 0.0;
      for (int i = 1; i < n; i++) {
        sa += a[i] * dv[i] * weight[i];
      }
      out[j] = sa;
    }
  }

  /**
   * The R² matrix of one set of rows.
   *
   * @param matrix {@code [latent][factor]} R²
   * @param gap per factor, top1 − top2 over latents
   * @param score the mean gap
   */
  public record ScoreMatrix(double[][] matrix, double[] gap, double score) {}
}
