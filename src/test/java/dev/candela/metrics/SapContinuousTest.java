package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.junit.jupiter.api.Test;

/**
 * {@link SapContinuous#scoreMatrix}'s R² is Apache Commons Math's {@link SimpleRegression} to the
 * last bit: a line fitted per (latent, factor) pair, as SAP continuous computed it before its one
 * centring per column, on latents of every kind the threshold and the blocking of four touch.
 */
class SapContinuousTest {

  /** The R² of one SimpleRegression per pair, 0 below the variance thresholds. */
  private static double[][] perPairRegressions(LatentCodes codes) {
    int n = codes.numSamples();
    double[][] s = new double[codes.numLatents()][codes.numFactors()];
    for (int j = 0; j < codes.numLatents(); j++) {
      float[] z = codes.latents()[j];
      for (int k = 0; k < codes.numFactors(); k++) {
        int[] v = codes.factors()[k];
        SimpleRegression line = new SimpleRegression(true);
        for (int i = 0; i < n; i++) {
          line.addData(z[i], v[i]);
        }
        double varZ = line.getXSumSquares() / (n - 1);
        s[j][k] =
            varZ > SapContinuous.MIN_LATENT_VARIANCE && line.getTotalSumSquares() > 0
                ? line.getRSquare()
                : 0;
      }
    }
    return s;
  }

  /**
   * Latents that follow a factor with noise, pure noise, a constant, a latent of tiny variance
   * (below 10⁻¹² and above it), large offsets (where the running mean's rounding shows); 1 to 9
   * latents so that the blocks of four and the remainder both run; a constant factor.
   */
  private static LatentCodes codes(int n, int latents, long seed) {
    Random r = new Random(seed);
    int[][] f = new int[4][n];
    for (int i = 0; i < n; i++) {
      f[0][i] = r.nextInt(3);
      f[1][i] = r.nextInt(40);
      f[2][i] = 7; // constant: its entries are 0
      f[3][i] = 100_000 + r.nextInt(2) * 1000;
    }
    float[][] z = new float[latents][n];
    for (int j = 0; j < latents; j++) {
      for (int i = 0; i < n; i++) {
        z[j][i] =
            switch (j % 6) {
              case 0 -> (float) (f[0][i] + 0.3 * r.nextGaussian());
              case 1 -> (float) (1e4 + f[1][i] * 0.01 + r.nextGaussian());
              case 2 -> 3.5f;
              case 3 -> (float) (1e-7 * r.nextGaussian()); // variance about 1e-14: entries 0
              case 4 -> (float) (1e-5 * r.nextGaussian() + f[3][i] * 1e-9);
              default -> (float) r.nextGaussian();
            };
      }
    }
    return LatentCodes.of(z, f);
  }

  @Test
  void scoreMatrixIsSimpleRegressionsRSquareBitForBit() {
    for (int latents = 1; latents <= 9; latents++) {
      for (int n : new int[] {2, 3, 17, 5000}) {
        LatentCodes codes = codes(n, latents, 31L * latents + n);
        double[][] expected = perPairRegressions(codes);
        double[][] actual = SapContinuous.scoreMatrix(codes).matrix();
        for (int j = 0; j < latents; j++) {
          for (int k = 0; k < expected[j].length; k++) {
            assertEquals(
                Double.doubleToLongBits(expected[j][k]),
                Double.doubleToLongBits(actual[j][k]),
                "latents "
                    + latents
                    + ", n "
                    + n
                    + ", entry ["
                    + j
                    + "]["
                    + k
                    + "]: "
                    + expected[j][k]
                    + " and "
                    + actual[j][k]);
          }
        }
      }
    }
  }

  @Test
  void theThresholdsZeroTheConstantFactorAndTheTinyLatent() {
    double[][] s = SapContinuous.scoreMatrix(codes(5000, 6, 5)).matrix();
    for (int j = 0; j < 6; j++) {
      assertEquals(0.0, s[j][2], "constant factor, latent " + j);
    }
    for (int k = 0; k < 4; k++) {
      assertEquals(0.0, s[2][k], "constant latent, factor " + k);
      assertEquals(0.0, s[3][k], "latent of variance 1e-14, factor " + k);
    }
    assertEquals(true, s[0][0] > 0.5, "latent 0 follows factor 0: " + s[0][0]);
  }
}
