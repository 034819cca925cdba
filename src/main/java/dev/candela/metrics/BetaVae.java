package dev.candela.metrics;

import de.bwaldvogel.liblinear.Feature;
import de.bwaldvogel.liblinear.FeatureNode;
import de.bwaldvogel.liblinear.Linear;
import de.bwaldvogel.liblinear.Model;
import de.bwaldvogel.liblinear.Parameter;
import de.bwaldvogel.liblinear.Problem;
import de.bwaldvogel.liblinear.SolverType;
import dev.candela.CandelaException;
import dev.candela.data.FactorSampler;
import dev.candela.metrics.stats.LiblinearSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * The BetaVAE disentanglement metric of Higgins et al., "β-VAE: Learning Basic Visual Concepts with
 * a Constrained Variational Framework", ICLR 2017, with disentanglement_lib's semantics.
 *
 * <p>One point: draw a factor k uniformly among the factors with two or more values, draw B pairs
 * {@code (x1, x2)} that share the value of k (everything else independent), and form the feature
 *
 * <pre>
 *   v = (1/B) Σ_pairs | r(x1) − r(x2) |       (per latent),   label = k.
 * </pre>
 *
 * A linear classifier predicts k from v; the score is its accuracy on independently drawn
 * evaluation points. Here the classifier is LIBLINEAR's L2-regularised logistic regression (C = 1,
 * one-vs-rest, bias feature 1), like the other learned metrics; the reference uses sklearn's {@code
 * LogisticRegression()} (lbfgs, multinomial). Training points come first, then evaluation points,
 * from one seeded generator.
 */
public final class BetaVae {

  /** Inverse regularisation strength, sklearn's default. */
  static final double C = 1.0;

  /** Solver tolerance, sklearn's default. */
  static final double TOLERANCE = 1e-4;

  private BetaVae() {}

  /**
   * Computes the metric.
   *
   * @param sampler draws the pairs (the dataset's factor space and samples)
   * @param representation the representation of sample indices
   * @param options batch size, point counts, seed
   * @return the accuracies
   * @throws CandelaException when the representation cannot be computed
   * @throws IllegalArgumentException when no factor has two values
   */
  public static BetaVaeResult compute(
      FactorSampler sampler, Representation representation, SampledMetricOptions options)
      throws CandelaException {
    int[] factors = informativeFactors(sampler);
    List<String> names = new ArrayList<>();
    for (int f : factors) {
      names.add(sampler.space().names().get(f));
    }
    SplittableRandom rng = new SplittableRandom(options.seed());
    Points train = points(sampler, representation, factors, options.numTrain(), options, rng);
    Points eval = points(sampler, representation, factors, options.numEval(), options, rng);
    LiblinearSupport.init();
    Parameter p = new Parameter(SolverType.L2R_LR, C, TOLERANCE);
    p.setRandom(new Random(options.seed()));
    double trainAcc;
    double evalAcc;
    if (distinct(train.labels) < 2) {
      // a single class: the classifier predicts it
      int only = train.labels[0];
      trainAcc = 1.0;
      evalAcc = fractionEqual(eval.labels, only);
    } else {
      Model model = Linear.train(problem(train), p);
      trainAcc = accuracy(model, train);
      evalAcc = accuracy(model, eval);
    }
    return new BetaVaeResult(trainAcc, evalAcc, names, options);
  }

  /** Indices of the factors with two or more values. */
  static int[] informativeFactors(FactorSampler sampler) {
    int[] sizes = sampler.space().sizes();
    List<Integer> keep = new ArrayList<>();
    for (int f = 0; f < sizes.length; f++) {
      if (sizes[f] >= 2) {
        keep.add(f);
      }
    }
    if (keep.isEmpty()) {
      throw new IllegalArgumentException(
          "no factor has two or more values (factors: " + sampler.space().names() + ")");
    }
    return keep.stream().mapToInt(Integer::intValue).toArray();
  }

  private record Points(double[][] features, int[] labels) {}

  private static Points points(
      FactorSampler sampler,
      Representation representation,
      int[] factors,
      int count,
      SampledMetricOptions options,
      SplittableRandom rng)
      throws CandelaException {
    double[][] x = new double[count][];
    int[] y = new int[count];
    int b = options.batchSize();
    for (int i = 0; i < count; i++) {
      int label = rng.nextInt(factors.length);
      long[][] pairs = sampler.pairsSharingFactor(factors[label], b, rng);
      long[] both = new long[2 * b];
      System.arraycopy(pairs[0], 0, both, 0, b);
      System.arraycopy(pairs[1], 0, both, b, b);
      double[][] r = representation.of(both);
      if (r.length != 2 * b) {
        throw new IllegalArgumentException(
            "representation returned " + r.length + " rows for " + 2 * b + " indices");
      }
      int d = r[0].length;
      double[] v = new double[d];
      for (int s = 0; s < b; s++) {
        if (r[s].length != d || r[b + s].length != d) {
          throw new IllegalArgumentException(
              "representation rows differ in length: " + d + " and " + r[s].length);
        }
        for (int j = 0; j < d; j++) {
          v[j] += Math.abs(r[s][j] - r[b + s][j]);
        }
      }
      for (int j = 0; j < d; j++) {
        v[j] /= b;
      }
      x[i] = v;
      y[i] = label;
    }
    return new Points(x, y);
  }

  private static Feature[] row(double[] v) {
    Feature[] f = new Feature[v.length + 1];
    for (int j = 0; j < v.length; j++) {
      f[j] = new FeatureNode(j + 1, v[j]);
    }
    f[v.length] = new FeatureNode(v.length + 1, LiblinearSupport.BIAS);
    return f;
  }

  private static Problem problem(Points pts) {
    Feature[][] x = new Feature[pts.features.length][];
    for (int i = 0; i < x.length; i++) {
      x[i] = row(pts.features[i]);
    }
    return LiblinearSupport.problem(x, pts.labels);
  }

  private static double accuracy(Model model, Points pts) {
    int ok = 0;
    for (int i = 0; i < pts.labels.length; i++) {
      if ((int) Linear.predict(model, row(pts.features[i])) == pts.labels[i]) {
        ok++;
      }
    }
    return (double) ok / pts.labels.length;
  }

  private static int distinct(int[] y) {
    return (int) java.util.Arrays.stream(y).distinct().count();
  }

  private static double fractionEqual(int[] y, int v) {
    int ok = 0;
    for (int t : y) {
      if (t == v) {
        ok++;
      }
    }
    return (double) ok / y.length;
  }
}
