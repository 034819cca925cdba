package dev.candela.metrics;

import dev.candela.CandelaException;
import dev.candela.data.FactorSampler;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Vector;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The FactorVAE disentanglement metric of Kim &amp; Mnih, "Disentangling by Factorising", ICML
 * 2018, with disentanglement_lib's semantics.
 *
 * <p>First the global standard deviation {@code s_j} of every latent is estimated on a random
 * sample (variance with ddof = 1); latents with {@code s_j < 0.05} are pruned. One vote: draw a
 * factor k uniformly among the factors with two or more values, draw a batch of B samples in which
 * k has one value (the others vary), and vote
 *
 * <pre>
 *   d = argmin_{active j} Var_batch(r_j) / s_j²      for the pair (d, k).
 * </pre>
 *
 * The majority-vote classifier maps each latent d to the factor with the most training votes; the
 * training accuracy is Σ_d max_k V[d][k] / #votes and the score is the share of evaluation votes
 * that agree with the classifier. With no active latent both accuracies are 0, as in the reference.
 * Ties go to the lower index (numpy's argmin/argmax).
 */
public final class FactorVae {

  /** Latents with a smaller global standard deviation are pruned. */
  public static final double PRUNE_STD = 0.05;

  private FactorVae() {}

  /**
   * Computes the metric.
   *
   * @param sampler draws the batches (the dataset's factor space and samples)
   * @param representation the representation of sample indices
   * @param options batch size, vote counts, variance-estimate size, seed
   * @return the accuracies and votes
   * @throws CandelaException when the representation cannot be computed
   * @throws IllegalArgumentException when no factor has two values
   */
  public static FactorVaeResult compute(
      FactorSampler sampler, Representation representation, SampledMetricOptions options)
      throws CandelaException {
    int[] factors = BetaVae.informativeFactors(sampler);
    List<String> names = new ArrayList<>();
    for (int f : factors) {
      names.add(sampler.space().names().get(f));
    }
    SplittableRandom rng = new SplittableRandom(options.seed());
    double[][] sample = representation.of(sampler.randomBatch(options.numVarianceEstimate(), rng));
    int d = sample[0].length;
    double[] var = variances(sample, d);
    double[] std = new double[d];
    List<Integer> active = new ArrayList<>();
    for (int j = 0; j < d; j++) {
      std[j] = Math.sqrt(var[j]);
      if (std[j] >= PRUNE_STD) {
        active.add(j);
      }
    }
    int[] act = active.stream().mapToInt(Integer::intValue).toArray();
    int k = factors.length;
    int[][] trainVotes = new int[d][k];
    int[] classifier = new int[d];
    java.util.Arrays.fill(classifier, -1);
    double trainAccuracy = 0;
    double evalAccuracy = 0;
    if (act.length > 0) {
      votes(
          sampler, representation, factors, act, var, options.numTrain(), options, rng, trainVotes);
      int[][] evalVotes = new int[d][k];
      votes(sampler, representation, factors, act, var, options.numEval(), options, rng, evalVotes);
      long trainOk = 0;
      long evalOk = 0;
      for (int j = 0; j < d; j++) {
        int best = 0;
        for (int f = 1; f < k; f++) {
          if (trainVotes[j][f] > trainVotes[j][best]) {
            best = f;
          }
        }
        if (active.contains(j)) {
          classifier[j] = best;
        }
        trainOk += trainVotes[j][best];
        evalOk += evalVotes[j][best];
      }
      trainAccuracy = (double) trainOk / options.numTrain();
      evalAccuracy = (double) evalOk / options.numEval();
    }
    return new FactorVaeResult(
        trainAccuracy,
        evalAccuracy,
        Vector.of(std),
        Arrays2.list(act),
        Arrays2.rows(trainVotes),
        Arrays2.list(classifier),
        names,
        options);
  }

  private static void votes(
      FactorSampler sampler,
      Representation representation,
      int[] factors,
      int[] active,
      double[] globalVar,
      int count,
      SampledMetricOptions options,
      SplittableRandom rng,
      int[][] out)
      throws CandelaException {
    for (int i = 0; i < count; i++) {
      int label = rng.nextInt(factors.length);
      long[] batch = sampler.fixedFactorBatch(factors[label], options.batchSize(), rng).indices();
      double[][] r = representation.of(batch);
      double[] v = variances(r, globalVar.length);
      int arg = active[0];
      double best = v[arg] / globalVar[arg];
      for (int a = 1; a < active.length; a++) {
        int j = active[a];
        double x = v[j] / globalVar[j];
        if (x < best) {
          best = x;
          arg = j;
        }
      }
      out[arg][label]++;
    }
  }

  /** Per-column variance with ddof = 1. */
  static double[] variances(double[][] r, int d) {
    int n = r.length;
    if (n < 2) {
      throw new IllegalArgumentException("need at least 2 rows for a variance, got " + n);
    }
    double[] mean = new double[d];
    for (double[] row : r) {
      if (row.length != d) {
        throw new IllegalArgumentException(
            "representation rows differ in length: " + d + " and " + row.length);
      }
      for (int j = 0; j < d; j++) {
        mean[j] += row[j];
      }
    }
    for (int j = 0; j < d; j++) {
      mean[j] /= n;
    }
    double[] v = new double[d];
    for (double[] row : r) {
      for (int j = 0; j < d; j++) {
        double e = row[j] - mean[j];
        v[j] += e * e;
      }
    }
    for (int j = 0; j < d; j++) {
      v[j] /= n - 1;
    }
    return v;
  }
}
