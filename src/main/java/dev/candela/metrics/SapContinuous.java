package dev.candela.metrics;

import org.apache.commons.math3.stat.regression.SimpleRegression;

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
 * indices are. The line is fitted by Apache Commons Math's {@link SimpleRegression}.
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
        onTest.score, onTest.matrix, onTest.gap, onTrain.score, test.numSamples());
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
    double[][] s = new double[d][nf];
    for (int j = 0; j < d; j++) {
      float[] z = codes.latents()[j];
      for (int k = 0; k < nf; k++) {
        int[] v = codes.factors()[k];
        SimpleRegression line = new SimpleRegression(true);
        for (int i = 0; i < n; i++) {
          line.addData(z[i], v[i]);
        }
        double varZ = line.getXSumSquares() / (n - 1);
        double ssY = line.getTotalSumSquares();
        s[j][k] = varZ > MIN_LATENT_VARIANCE && ssY > 0 ? line.getRSquare() : 0;
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

  /**
   * The R² matrix of one set of rows.
   *
   * @param matrix {@code [latent][factor]} R²
   * @param gap per factor, top1 − top2 over latents
   * @param score the mean gap
   */
  public record ScoreMatrix(double[][] matrix, double[] gap, double score) {}
}
