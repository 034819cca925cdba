package dev.candela.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.metrics.GaussianTc;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.stats.LatentCovariance;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code unsupervised} family of the coverage study draws from the covariance it claims, and
 * its closed-form TC is the TC of that covariance.
 */
class UnsupervisedCoverageTest {
  /** Sampling error of a covariance entry at 2·10⁵ rows (SD about 0.01 for variances up to 4). */
  private static final double SAMPLING = 0.05;

  /** Closed form against the same number by Cholesky. */
  private static final double SAME = 1e-12;

  @Test
  void closedFormTotalCorrelationIsThatOfTheKnownCovariance() {
    double[][] cov = CoverageStudy.unsupervisedCovariance();
    Map<String, Double> truth = CoverageStudy.unsupervisedTruth(0, false);
    assertEquals(
        GaussianTc.compute(cov, List.of("a", "b", "c", "d", "e")).score(),
        truth.get("gaussian_tc"),
        SAME);
    assertEquals(0.5754, truth.get("gaussian_tc"), 1e-4);
  }

  @Test
  void drawsFromTheKnownCovariance() {
    LatentCodes c = CoverageStudy.gaussianCodes(200_000, 5);
    double[][] est = LatentCovariance.of(c.latents());
    double[][] cov = CoverageStudy.unsupervisedCovariance();
    for (int j = 0; j < cov.length; j++) {
      for (int k = 0; k < cov.length; k++) {
        assertEquals(cov[j][k], est[j][k], SAMPLING, j + "," + k);
      }
    }
  }
}
