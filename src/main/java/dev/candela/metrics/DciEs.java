package dev.candela.metrics;

import dev.candela.metrics.gbt.RandomForestRegressor;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * DCI-ES: explicitness and size, with D, C and I of the best probe (Eastwood, Nicolicioiu, von
 * Kügelgen, Kekić, Träuble, Dittadi and Schölkopf, "DCI-ES: An Extended Disentanglement Framework
 * with Connections to Identifiability", ICLR 2023), with the probes and the curve arithmetic of the
 * authors' code (github.com/andreinicolicioiu/DCI-ES: {@code train_model_random_forest.py}, {@code
 * metrics/explitcitness.py}, {@code simple_gather.py}).
 *
 * <p><b>Probes.</b> For every factor k and every capacity κ of the grid (the authors' random-forest
 * grid, {@link #DEFAULT_DEPTHS}: maximum depths 1 … 32) a random forest of {@link #DEFAULT_TREES}
 * regression trees of depth at most κ ({@link RandomForestRegressor}, scikit-learn's {@code
 * RandomForestRegressor(n_estimators=100, max_depth=κ, random_state=seed)}) is fitted on the
 * training rows' raw latents to predict the factor's code, and its loss is ℓ_k(κ) = 1 − R² on the
 * test rows (sklearn's {@code score}: R² = 1 − Σ(y − ŷ)²/Σ(y − ȳ)², 1 when both sums are 0 and 0
 * when only the second is). Every factor is regressed (the authors classify the factors they mark
 * categorical; a code table has no such mark).
 *
 * <p><b>Explicitness.</b> The loss-capacity curve of factor k is the running minimum m_i = min_{i'
 * ≤ i} ℓ_k(κ_{i'}) over the ascending capacities, ℓ*_k = m_last its lowest loss, and
 *
 * <pre>
 *   AULCC_k = Σ_i ½ (m_i + m_{i+1} − 2ℓ*_k)(κ_{i+1} − κ_i)      (the area above ℓ*_k)
 *   E_k     = 1 − AULCC_k / (½ (κ_max − κ_min) ℓ_b)
 * </pre>
 *
 * with the baseline loss ℓ_b = 1 (the loss of predicting the mean, R² = 0), the normaliser being
 * the authors' {@code max_area / 2} with ℓ* taken as 0 there ("we assume l* = 0", as in the paper's
 * experiments). E = mean over factors of E_k. A curve that falls linearly from ℓ_b to 0 scores 0; a
 * flat one (at whatever level) scores 1; one that stays near ℓ_b up to the largest capacity and
 * only then drops to 0 approaches −1. E measures how soon the probes reach their lowest loss, not
 * how low it is (that is I's part).
 *
 * <p><b>Size.</b> S = K / L, the factors' dimension over the representation's (one dimension per
 * factor and per latent): 1 for a representation of the factors' size, smaller for a larger one.
 *
 * <p><b>D, C and I.</b> As the authors' {@code simple_gather.py}: at the capacity whose probes have
 * the largest mean test R² (the first such), I = that mean R², and D and C are Eastwood and
 * Williams' ({@link Dci#scores(double[][])}) on the forests' {@code feature_importances_} at that
 * capacity.
 */
public final class DciEs {

  /** The authors' random-forest capacities ({@code configs/random_forest/config.yaml}). */
  static final int[] DEFAULT_DEPTHS = {1, 2, 3, 4, 8, 10, 12, 14, 16, 18, 20, 32};

  /** Trees per forest, the authors' {@code num_trees: 100}. */
  public static final int DEFAULT_TREES = 100;

  /** The baseline loss ℓ_b of a regression probe: 1 − R² of the mean prediction. */
  public static final double BASELINE_LOSS = 1.0;

  private DciEs() {}

  /**
   * The authors' capacity grid.
   *
   * @return a copy of the maximum depths, ascending
   */
  public static int[] defaultDepths() {
    return DEFAULT_DEPTHS.clone();
  }

  /**
   * DCI-ES with the authors' probes ({@link #DEFAULT_DEPTHS}, {@link #DEFAULT_TREES} trees).
   *
   * @param train training rows
   * @param test test rows, with the same latents and factors
   * @param seed the forests' {@code random_state} (taken mod 2³²), the same for every probe
   * @return the scores with the loss-capacity curves
   * @throws IllegalArgumentException if train and test differ in latents or factors, or a factor
   *     has a single value in the training rows
   */
  public static DciEsResult compute(LatentCodes train, LatentCodes test, long seed) {
    return compute(train, test, DEFAULT_DEPTHS, DEFAULT_TREES, seed);
  }

  /**
   * DCI-ES with a given capacity grid.
   *
   * @param train training rows
   * @param test test rows, with the same latents and factors
   * @param depths the capacities, strictly ascending maximum depths ≥ 1, at least two
   * @param trees trees per forest, ≥ 1
   * @param seed the forests' {@code random_state} (taken mod 2³²)
   * @return the scores with the loss-capacity curves
   * @throws IllegalArgumentException naming the bad grid, tree count or inputs
   */
  public static DciEsResult compute(
      LatentCodes train, LatentCodes test, int[] depths, int trees, long seed) {
    LearnedMetricInputs.check(train, test);
    checkDepths(depths);
    if (trees < 1) {
      throw new IllegalArgumentException("a forest needs at least 1 tree, got " + trees);
    }
    int numLatents = train.numLatents();
    int numFactors = train.numFactors();
    long randomState = Math.floorMod(seed, 1L << 32);
    double[] capacities = new double[depths.length];
    for (int i = 0; i < depths.length; i++) {
      capacities[i] = depths[i];
    }
    double[][] losses = new double[numFactors][depths.length];
    double[][][] importances = new double[depths.length][numLatents][numFactors];
    double[][] yTrain = new double[numFactors][];
    double[][] yTest = new double[numFactors][];
    for (int k = 0; k < numFactors; k++) {
      yTrain[k] = asDoubles(train.factors()[k]);
      yTest[k] = asDoubles(test.factors()[k]);
    }
    // every (factor, capacity) probe is an independent fit: run them in parallel
    IntStream.range(0, numFactors * depths.length)
        .parallel()
        .forEach(
            t -> {
              int k = t / depths.length;
              int i = t % depths.length;
              RandomForestRegressor forest =
                  RandomForestRegressor.fit(
                      train.latents(), yTrain[k], trees, depths[i], randomState);
              losses[k][i] = 1.0 - rSquared(forest.predict(test.latents()), yTest[k]);
              double[] imp = forest.featureImportances();
              for (int j = 0; j < numLatents; j++) {
                importances[i][j][k] = imp[j];
              }
            });
    double[] perFactor = new double[numFactors];
    for (int k = 0; k < numFactors; k++) {
      perFactor[k] = explicitness(capacities, losses[k], BASELINE_LOSS);
    }
    int best = 0;
    double bestInfo = Double.NEGATIVE_INFINITY;
    double[] meanR2 = new double[depths.length];
    for (int i = 0; i < depths.length; i++) {
      double s = 0;
      for (int k = 0; k < numFactors; k++) {
        s += 1.0 - losses[k][i];
      }
      meanR2[i] = s / numFactors;
      if (meanR2[i] > bestInfo) {
        bestInfo = meanR2[i];
        best = i;
      }
    }
    DciScores dc = Dci.scores(importances[best]);
    return new DciEsResult(
        LearnedMetricInputs.mean(perFactor),
        (double) numFactors / numLatents,
        dc.disentanglement(),
        dc.completeness(),
        bestInfo,
        Vector.of(perFactor),
        Vector.of(capacities),
        Matrix.of(losses),
        BASELINE_LOSS,
        depths[best],
        Matrix.of(importances[best]),
        trees,
        SplitProvenance.of(train, test, seed));
  }

  /**
   * Explicitness of one loss-capacity curve, the authors' {@code Explitcitness.add_curve} and
   * {@code compute_explitcitness} for a single curve: E = 1 − Σ_i (m_i − ℓ* + m_{i+1} − ℓ*)(κ_{i+1}
   * − κ_i) / ((κ_max − κ_min) ℓ_b), m the running minimum of the losses, ℓ* its last value.
   *
   * @param capacities κ, strictly ascending, at least two
   * @param losses the loss at each capacity, finite
   * @param baselineLoss ℓ_b &gt; 0
   * @return E_k, at most 1
   * @throws IllegalArgumentException naming mismatched lengths, unsorted capacities, a non-finite
   *     loss or a baseline ≤ 0
   */
  public static double explicitness(double[] capacities, double[] losses, double baselineLoss) {
    int n = capacities.length;
    if (n < 2 || losses.length != n) {
      throw new IllegalArgumentException(
          "a loss-capacity curve needs at least 2 points and one loss per capacity, got "
              + n
              + " capacities and "
              + losses.length
              + " losses");
    }
    for (int i = 0; i < n; i++) {
      if (!Double.isFinite(capacities[i]) || (i > 0 && capacities[i] <= capacities[i - 1])) {
        throw new IllegalArgumentException(
            "capacities must be finite and strictly ascending, got " + Arrays.toString(capacities));
      }
      if (!Double.isFinite(losses[i])) {
        throw new IllegalArgumentException(
            "loss at capacity " + capacities[i] + " is not finite: " + losses[i]);
      }
    }
    if (!(baselineLoss > 0) || !Double.isFinite(baselineLoss)) {
      throw new IllegalArgumentException(
          "baseline loss must be finite and > 0, got " + baselineLoss);
    }
    double[] m = losses.clone();
    for (int i = 1; i < n; i++) {
      m[i] = Math.min(m[i], m[i - 1]);
    }
    double lowest = m[n - 1];
    double maxArea = (capacities[n - 1] - capacities[0]) * baselineLoss;
    double sum = 0;
    for (int i = 0; i + 1 < n; i++) {
      double dy = 0.5 * (m[i] - lowest) + 0.5 * (m[i + 1] - lowest);
      double dx = capacities[i + 1] - capacities[i];
      sum += 2 * (dy * dx) / maxArea;
    }
    return 1.0 - sum;
  }

  /**
   * sklearn's {@code r2_score} (uniform weights, {@code force_finite=True}).
   *
   * @param predicted ŷ
   * @param target y
   * @return R²
   */
  static double rSquared(double[] predicted, double[] target) {
    double mean = 0;
    for (double y : target) {
      mean += y;
    }
    mean /= target.length;
    double res = 0;
    double tot = 0;
    for (int i = 0; i < target.length; i++) {
      double d = target[i] - predicted[i];
      res += d * d;
      double c = target[i] - mean;
      tot += c * c;
    }
    if (tot == 0) {
      return res == 0 ? 1.0 : 0.0;
    }
    return 1.0 - res / tot;
  }

  private static void checkDepths(int[] depths) {
    boolean ok = depths.length >= 2 && depths[0] >= 1;
    for (int i = 1; ok && i < depths.length; i++) {
      ok = depths[i] > depths[i - 1];
    }
    if (!ok) {
      throw new IllegalArgumentException(
          "probe depths must be at least two, ≥ 1 and strictly ascending, got "
              + Arrays.toString(depths));
    }
  }

  private static double[] asDoubles(int[] codes) {
    double[] out = new double[codes.length];
    for (int i = 0; i < codes.length; i++) {
      out[i] = codes[i];
    }
    return out;
  }
}
