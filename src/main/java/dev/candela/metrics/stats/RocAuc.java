package dev.candela.metrics.stats;

/**
 * Area under the ROC curve of a binary scoring, computed exactly as the Mann–Whitney statistic with
 * mid-ranks for ties.
 *
 * <p>With n₊ positives and n₋ negatives, and R₊ the sum of the (mid-)ranks of the positives when
 * all scores are ranked in ascending order (tied scores share the mean of the ranks they occupy):
 *
 * <pre>AUC = (R₊ − n₊(n₊ + 1)/2) / (n₊ · n₋)</pre>
 *
 * which equals P(s⁺ &gt; s⁻) + ½ P(s⁺ = s⁻) for a random positive/negative pair, and equals the
 * trapezoidal area under the ROC curve with tied scores forming one ROC step, i.e. sklearn's {@code
 * roc_auc_score} for binary labels (Hanley &amp; McNeil 1982).
 */
public final class RocAuc {

  private RocAuc() {}

  /**
   * The ROC-AUC of the scores for the given binary labels.
   *
   * @param positive {@code positive[i]} true when sample i belongs to the positive class
   * @param score {@code score[i]} = the score of sample i (higher means more positive; finite)
   * @return the AUC in [0, 1]
   * @throws IllegalArgumentException if the lengths differ, a score is not finite, or there is no
   *     positive or no negative sample (the AUC is then undefined)
   */
  public static double auc(boolean[] positive, double[] score) {
    if (positive.length != score.length) {
      throw new IllegalArgumentException(
          "labels and scores differ in length: " + positive.length + " vs " + score.length);
    }
    int n = score.length;
    long nPos = 0;
    for (int i = 0; i < n; i++) {
      if (!Double.isFinite(score[i])) {
        throw new IllegalArgumentException(
            "score " + score[i] + " at index " + i + " is not finite");
      }
      if (positive[i]) {
        nPos++;
      }
    }
    long nNeg = n - nPos;
    if (nPos == 0 || nNeg == 0) {
      throw new IllegalArgumentException(
          "ROC-AUC undefined: " + nPos + " positives and " + nNeg + " negatives");
    }
    Integer[] order = MidRanks.order(score);
    double[] rank = MidRanks.ranks(score, order);
    double rankSumPos = 0.0;
    for (int k = 0; k < n; k++) {
      if (positive[order[k]]) {
        rankSumPos += rank[order[k]];
      }
    }
    double u = rankSumPos - nPos * (nPos + 1) / 2.0;
    return u / ((double) nPos * (double) nNeg);
  }
}
