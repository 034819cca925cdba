package dev.candela.metrics;

/**
 * Shared small data sets for the metric tests. The expected numbers quoted in the tests were
 * computed once with numpy 2.4.6 by a line-for-line re-implementation of disentanglement_lib's
 * {@code scalable_disentanglement_score}, {@code _histogram_discretize}, {@code mig}, {@code
 * modularity} and sklearn's {@code mutual_info_score} formula.
 */
public final class Fixtures {

  private Fixtures() {}

  /** Factor 0 of the 8-sample two-factor grid: 0,0,0,0,1,1,1,1. */
  static final int[] GRID_F0 = {0, 0, 0, 0, 1, 1, 1, 1};

  /** Factor 1 of the 8-sample two-factor grid: 0,1,0,1,0,1,0,1. */
  static final int[] GRID_F1 = {0, 1, 0, 1, 0, 1, 0, 1};

  /** Latent j = factor j exactly: a perfectly disentangled code. */
  static LatentCodes disentangled() {
    return LatentCodes.of(
        new double[][] {toDouble(GRID_F0), toDouble(GRID_F1)}, new int[][] {GRID_F0, GRID_F1});
  }

  /**
   * Latent 0 = f0 + 2·f1 carries both factors; latent 1 = 0,0,1,1,0,0,1,1 is balanced inside every
   * group of both factors (IRS entries exactly 0); latent 2 is constant 7 (dropped by IRS).
   */
  static LatentCodes entangled() {
    double[] z0 = new double[8];
    for (int i = 0; i < 8; i++) {
      z0[i] = GRID_F0[i] + 2.0 * GRID_F1[i];
    }
    return LatentCodes.of(
        new double[][] {z0, {0, 0, 1, 1, 0, 0, 1, 1}, {7, 7, 7, 7, 7, 7, 7, 7}},
        new int[][] {GRID_F0, GRID_F1});
  }

  /**
   * 60 samples, 4 latents, 3 factors with 3, 4 and 24 distinct values (codes 0..24, merged into 19
   * bins by 20-bin re-binning). Generated with numpy (default_rng(20240601)), values rounded to 4
   * decimals.
   */
  public static LatentCodes random60() {
    return LatentCodes.of(RANDOM_LATENTS, RANDOM_FACTORS);
  }

  private static final double[][] RANDOM_LATENTS = {
    {
      -0.8324, 0.0891, 1.2675, 1.1955, 0.3695, -0.7174, 0.7512, 1.912, 0.9683, -0.6862, 2.9984,
      2.4394, -0.1696, 0.6955, 0.5997, 1.1356, 3.74, 1.9525, 2.6506, 0.5175, -1.3277, 1.1606,
      1.9013, 1.2191, -1.3334, 2.4161, -0.7534, 3.7579, 1.7607, 1.0229, 0.7297, 2.891, 1.1179,
      1.5439, 2.9743, -0.0789, 1.5652, 1.7352, 0.3898, -2.6228, -0.3697, 0.2601, 2.0165, 1.1052,
      2.5855, 1.1731, 1.9669, -0.0173, 0.4473, 2.3887, -0.2086, -0.4167, 2.1282, 1.7555, 0.7781,
      0.7201, 2.8337, 2.0486, 1.3577, -1.7099
    },
    {
      0.9368, 2.2603, 0.8812, 1.9396, 1.3429, 0.9189, 0.8464, 1.5121, 2.4429, 0.7644, 1.6493,
      1.7518, 1.67, 0.1235, -0.3378, 2.7434, -0.4937, 1.7977, 2.2448, 1.2224, -1.404, 1.5593,
      1.5283, 1.9933, 2.6332, -0.2325, 2.4308, 3.2193, 0.9724, 3.1289, 0.9396, 2.5262, -0.559,
      3.101, 1.4058, 1.51, -0.1661, 1.2299, 0.021, 1.4348, 1.8899, 0.4141, 1.068, 0.6557, 1.2446,
      -0.6655, 2.8811, 1.5048, -0.9651, 1.7542, 2.1619, 1.0056, -0.3039, 2.4991, -0.6005, -0.3693,
      2.7603, -0.4911, 0.9097, 3.1455
    },
    {
      0.3049, 0.826, -1.9118, -0.5507, -0.79, -1.121, -0.1962, -0.2187, 0.6534, -0.8008, 0.0066,
      -0.6193, 0.3857, 0.6199, -0.0785, -0.713, -1.9439, 0.4694, -1.2857, 0.9312, 0.2002, -1.6476,
      0.4619, -0.4093, 0.4465, 0.7926, 0.2875, 0.4407, 0.332, -0.6574, -0.6818, -0.06, -0.0157,
      1.1858, -1.1258, -1.0504, 0.6903, -0.1282, 0.7943, 0.1255, -0.7385, -1.5043, -0.8727, 1.0413,
      -0.8158, 0.5959, 0.823, -0.3832, 1.6036, -0.4469, -1.3091, 0.1453, -0.007, 0.5708, -1.6677,
      -0.4057, -1.8855, 0.5723, -0.4831, 2.0424
    },
    {
      2.9963, 3.101, 2.298, 2.5762, 1.806, 0.2599, 1.339, 0.141, 1.9136, -0.215, 1.3506, 2.9,
      2.6851, 0.6181, 2.3284, -0.363, -0.086, 1.7765, -0.0085, 2.7896, 0.1348, 3.1691, 1.2942,
      1.2149, 2.4723, 0.5074, -0.3124, 1.224, 1.7907, 1.3285, 1.1941, 0.7646, 2.2494, 2.9092,
      1.5243, -0.1495, 1.9265, 3.3737, 1.224, 1.1757, 2.0231, 0.3679, 2.5051, 2.4867, 2.2719,
      2.1598, 2.5299, -0.3866, 2.8473, 1.0171, 2.9718, 0.0699, 0.1189, 1.7868, 0.3187, 0.7248,
      0.354, 2.5425, 0.8757, 1.9226
    },
  };

  private static final int[][] RANDOM_FACTORS = {
    {
      0, 2, 0, 1, 0, 1, 0, 2, 0, 0, 2, 1, 0, 1, 1, 1, 1, 2, 2, 2, 1, 1, 2, 0, 1, 2, 1, 2, 1, 2, 0,
      2, 1, 0, 2, 0, 2, 1, 1, 0, 0, 2, 1, 1, 2, 0, 2, 0, 0, 0, 0, 0, 2, 1, 1, 1, 2, 0, 0, 0
    },
    {
      3, 3, 2, 2, 2, 0, 1, 0, 2, 0, 1, 3, 3, 1, 2, 0, 0, 2, 0, 3, 0, 3, 1, 1, 3, 0, 0, 2, 2, 1, 1,
      1, 2, 3, 2, 0, 2, 3, 1, 1, 2, 1, 3, 2, 2, 2, 2, 0, 3, 1, 3, 0, 0, 2, 0, 1, 0, 3, 1, 2
    },
    {
      10, 9, 19, 17, 6, 20, 22, 23, 11, 9, 14, 24, 17, 21, 1, 24, 11, 18, 24, 4, 12, 17, 12, 21, 23,
      10, 6, 22, 6, 19, 13, 15, 5, 15, 4, 24, 7, 6, 0, 3, 19, 2, 11, 6, 20, 5, 23, 12, 6, 22, 11,
      10, 8, 22, 3, 0, 15, 12, 6, 17
    },
  };

  static double[] toDouble(int[] x) {
    double[] d = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      d[i] = x[i];
    }
    return d;
  }
}
