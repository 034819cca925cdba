package dev.candela.coverage;

import dev.candela.Progress;
import dev.candela.data.FactorSampler;
import dev.candela.data.FactorSpace;
import dev.candela.metrics.BetaVae;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.DciLearner;
import dev.candela.metrics.Dcimig;
import dev.candela.metrics.FactorVae;
import dev.candela.metrics.Jemmig;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Metric;
import dev.candela.metrics.Mig;
import dev.candela.metrics.MigSampled;
import dev.candela.metrics.MigSampledResult;
import dev.candela.metrics.MigSup;
import dev.candela.metrics.Modularity;
import dev.candela.metrics.PosteriorKl;
import dev.candela.metrics.PosteriorKlResult;
import dev.candela.metrics.SampledMetricOptions;
import dev.candela.metrics.SampledMetricRepeats;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgAccumulator;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgBaselineSpread;
import dev.candela.metrics.cg.CgBatch;
import dev.candela.metrics.cg.CgNeighbourhoods;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.synth.SyntheticCodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The coverage study of the 95% intervals: does each score's interval contain what it claims, as
 * often as it claims? For every metric family and sample size N, {@code reps} independent samples
 * of N rows are drawn from one generative model of codes ({@link SyntheticCodes}, {@link
 * SyntheticCodes.Kind#SHARED}: 5 factors with 4, 6, 10, 8 and 5 values, 10 latents, latent 0
 * carrying factors 0 and 1, Gaussian noise σ = 0.25), every score and its interval are computed
 * exactly as {@code score-codes}/{@code evaluate} compute them with their defaults, and the study
 * reports per score:
 *
 * <ul>
 *   <li>the mean and standard deviation of the score over the repetitions, and the mean standard
 *       error (an honest SE has mean SE ≈ SD);
 *   <li>coverage (a): the fraction of intervals that contain the estimator's expected value at that
 *       N (the mean over the repetitions), with its Monte-Carlo standard error √(c(1−c)/reps);
 *   <li>coverage (b): the fraction that contain the large-N value where the metric has one (MIG and
 *       Modularity from 10⁷ rows streamed through count tables; UC from 10⁶ rows; CG from 10⁶
 *       samples), i.e. whether the interval also covers the estimator's bias;
 *   <li>the attainable coverage ({@link #attainableCoverage}): the smallest coverage of at least
 *       {@link #BAND_LOW} that any interval with fixed offsets [θ̂ + a, θ̂ + b] attains on the same
 *       repetitions, even with a and b chosen knowing every estimate. It is 0.93 for an estimator
 *       with a continuous distribution; for a lattice-valued one (UC) the counts of tied estimates
 *       can put it above {@link #BAND_HIGH}, and then no interval meets the 0.93–0.97 band but one
 *       that gives data sets with the same estimate different widths.
 * </ul>
 *
 * <p>Families: {@code codes} (IRS, UC@1, MIG, Modularity: all N rows; subsampling and jackknife),
 * {@code learned} (DCI, SAP, explicitness on the split of {@code evaluate}'s defaults: train
 * min(2,000, 2N/3), test min(1,000, N/3); half-sample refits), {@code classic} (BetaVAE, FactorVAE
 * drawing their batches from the N rows as {@code evaluate} does, at {@code --classic-scale 0.1}:
 * 1,000 training and 500 evaluation points; binomial Wilson interval), {@code cg} (CG on all N
 * samples with a toy decoder and classifier on plain arrays: the image is the latent vector, and
 * the classifier's probability of value v of factor f is a softmax over v of −(x_f −
 * v/(K_f−1))²/(2·0.3²); Z_f = {latent f}; max-deviation baseline over the N samples, {@code
 * evaluate}'s default; interval from the per-sample terms), {@code cg-mean} (the same with the mean
 * baseline), {@code cg-tolerant} (the max-deviation one read with the tolerant read-out, the toy's
 * factors ordinal: {@code CgNeighbourhoods#ORDINAL}), {@code mi-family} (MIG-sup, JEMMIG, DCIMIG on
 * all N rows with the jackknife of the mutual-information matrix; SAP continuous on the learned
 * family's split with its refit pairs), {@code model} ({@code kl.z0}, {@code kl.total} and {@code
 * mig_sampled} on posteriors whose means are the codes' latents and whose log-variances are log σ²
 * + U(−½, ½); t interval of a mean and delete-a-group jackknife), {@code unsupervised} (Gaussian
 * TC, Gaussian WC and its normalised form, latent MI on all N rows of {@link #UNSUPERVISED_LATENTS}
 * Gaussian latents with the known covariance {@link #unsupervisedCovariance()}, whose TC and WC are
 * the large-N values (b) in closed form; latent MI on 10⁶ rows; subsampling), {@code fos} (FoS and
 * randFoS: batches of 128 of at most 10,000 of the N rows; the standard error of the mean over
 * batches), {@code unified} (the 21 unified scores: gbt and svm on the learned family's split with
 * its refit pairs, mi on all N rows with the jackknife of the MI matrix), {@code downstream} (the
 * downstream-task accuracies at the study sizes that fit, min(5,000, N/2) test rows; repeats with
 * fresh training and test draws inflated by the finite-population factors), {@code dci-es} (DCI-ES
 * with the authors' probes on a split of {@link #DCI_ES_TRAIN} and {@link #DCI_ES_TEST} rows; its
 * refit pairs).
 *
 * <p>Resumable: each finished repetition is appended to {@code <family>-<N>.csv} in the work folder
 * and skipped on the next run; the large-N values are kept in {@code large-n.csv}.
 */
public final class CoverageStudy {

  /** The generative model's factor sizes. */
  static final int[] FACTOR_SIZES = {4, 6, 10, 8, 5};

  /** The generative model's latents. */
  static final int LATENTS = 10;

  /** The generative model's noise σ. */
  static final double NOISE = 0.25;

  /** The toy classifier's width. */
  static final double CLASSIFIER_SIGMA = 0.3;

  /** Training rows of the {@code dci-es} family (its 11 fits of 60 forests each are costly). */
  static final int DCI_ES_TRAIN = 500;

  /** Test rows of the {@code dci-es} family. */
  static final int DCI_ES_TEST = 250;

  /**
   * The intervals of the learned families: refits only ({@link
   * CodeScorer.IntervalOptions#DEFAULT_REFITS}), no split-halves or jackknife.
   */
  private static final CodeScorer.IntervalOptions REFITS_ONLY =
      new CodeScorer.IntervalOptions(0, 0, CodeScorer.IntervalOptions.DEFAULT_REFITS, 0);

  /** The lower end of the coverage band the study targets (a 95% interval covers 0.93–0.97). */
  public static final double BAND_LOW = 0.93;

  /** The upper end of the coverage band the study targets. */
  public static final double BAND_HIGH = 0.97;

  /** Rows of the streamed large-N MIG and Modularity. */
  public static final long LARGE_N_MI = 10_000_000L;

  /** Rows of the large-N UC and CG. */
  public static final int LARGE_N = 1_000_000;

  /** The families. */
  public static final List<String> FAMILIES =
      List.of(
          "codes",
          "learned",
          "classic",
          "cg",
          "cg-mean",
          "cg-tolerant",
          "dci-regressors",
          "mi-family",
          "model",
          "unsupervised",
          "fos",
          "unified",
          "downstream",
          "dci-es");

  /**
   * What to run.
   *
   * @param families some of {@link #FAMILIES}
   * @param sizes the sample sizes N
   * @param reps repetitions per family and N
   * @param threads repetitions run at once
   * @param seed the base seed
   * @param work the folder of the per-repetition results (resumable)
   * @param largeN whether to compute the large-N values (target (b))
   */
  public record Config(
      List<String> families,
      List<Integer> sizes,
      int reps,
      int threads,
      long seed,
      Path work,
      boolean largeN) {
    /** Validates. */
    public Config {
      families = List.copyOf(families);
      sizes = List.copyOf(sizes);
      for (String f : families) {
        if (!FAMILIES.contains(f)) {
          throw new IllegalArgumentException(
              "unknown family '" + f + "' (families: " + FAMILIES + ")");
        }
      }
      for (int n : sizes) {
        if (n < 100) {
          throw new IllegalArgumentException("sizes must be ≥ 100, got " + n);
        }
      }
      if (reps < 2 || threads < 1) {
        throw new IllegalArgumentException(
            "reps must be ≥ 2 and threads ≥ 1, got " + reps + " and " + threads);
      }
    }
  }

  /**
   * One line of the study's table.
   *
   * @param metric the score id
   * @param n N
   * @param method the interval's method
   * @param reps repetitions
   * @param mean mean score
   * @param sd standard deviation of the scores (ddof 1)
   * @param meanSe mean standard error
   * @param coverMean coverage of the mean (a)
   * @param attainable the smallest coverage ≥ {@link #BAND_LOW} that fixed offsets attain ({@link
   *     #attainableCoverage})
   * @param largeN the large-N value, NaN where none
   * @param coverLarge coverage of the large-N value (b), NaN where none
   * @param meanBias mean of the method's bias estimates
   */
  public record Row(
      String metric,
      int n,
      String method,
      int reps,
      double mean,
      double sd,
      double meanSe,
      double coverMean,
      double attainable,
      double largeN,
      double coverLarge,
      double meanBias) {

    /**
     * The Monte-Carlo standard error of {@link #coverMean}.
     *
     * @return √(c(1−c)/reps)
     */
    public double coverMcSe() {
      return Math.sqrt(coverMean * (1 - coverMean) / reps);
    }
  }

  /** One score of one repetition with its interval (package-private for the family tests). */
  record Result(
      String key, double score, double se, double lo, double hi, String method, double bias) {
    /** The work file's CSV row of this result in repetition {@code rep}. */
    String row(int rep) {
      return Stream.of(rep, key, score, se, lo, hi, method, bias)
          .map(String::valueOf)
          .collect(Collectors.joining(","));
    }
  }

  private CoverageStudy() {}

  /**
   * Runs (or resumes) the study.
   *
   * @param c what to run
   * @param log progress lines
   * @return the table, per family and N in the order given
   * @throws IOException when the work folder cannot be written
   */
  public static List<Row> run(Config c, Consumer<String> log) throws IOException {
    Files.createDirectories(c.work());
    Map<String, Double> large = new LinkedHashMap<>(c.largeN() ? largeN(c, log) : Map.of());
    if (c.families().contains("unsupervised")) {
      large.putAll(unsupervisedTruth(c.seed(), c.largeN()));
    }
    List<Row> rows = new ArrayList<>();
    for (String family : c.families()) {
      for (int n : c.sizes()) {
        Path file = c.work().resolve(family + "-" + n + ".csv");
        Set<Integer> done = doneReps(file);
        List<Integer> todo = new ArrayList<>();
        for (int r = 0; r < c.reps(); r++) {
          if (!done.contains(r)) {
            todo.add(r);
          }
        }
        log.accept(
            String.format(
                Locale.ROOT,
                "%s N=%d: %d repetitions done, %d to run",
                family,
                n,
                done.size(),
                todo.size()));
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(c.threads());
        try {
          List<Future<?>> fs = new ArrayList<>();
          int[] finished = {0};
          for (int r : todo) {
            fs.add(
                pool.submit(
                    () -> {
                      List<Result> res = repetition(family, n, seedOf(c.seed(), family, n, r));
                      append(file, r, res);
                      synchronized (finished) {
                        finished[0]++;
                        if (finished[0] % 10 == 0 || finished[0] == todo.size()) {
                          log.accept(
                              String.format(
                                  Locale.ROOT,
                                  "%s N=%d: %d/%d (%.0f s)",
                                  family,
                                  n,
                                  finished[0],
                                  todo.size(),
                                  (System.nanoTime() - t0) / 1e9));
                        }
                      }
                      return null;
                    }));
          }
          for (Future<?> f : fs) {
            f.get();
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
          throw new IOException(family + " N=" + n + ": " + e.getCause(), e.getCause());
        } finally {
          pool.shutdownNow();
        }
        rows.addAll(summarise(file, n, c.reps(), large));
      }
    }
    return rows;
  }

  static long seedOf(long base, String family, int n, int rep) {
    return base + 1_000_003L * rep + 7919L * n + family.hashCode();
  }

  /** One repetition of a family: its scores and intervals. */
  static List<Result> repetition(String family, int n, long seed) {
    if (family.equals("unsupervised")) {
      return unsupervised(n, seed);
    }
    LatentCodes codes =
        SyntheticCodes.generate(SyntheticCodes.Kind.SHARED, n, FACTOR_SIZES, LATENTS, NOISE, seed);
    List<Result> out = new ArrayList<>();
    switch (family) {
      case "codes" -> {
        CodeScorer.Options o =
            CodeScorer.Options.defaults(EnumSet.of(Metric.IRS, Metric.UC, Metric.MIG), seed);
        CodeScorer.Options mod = CodeScorer.Options.defaults(EnumSet.of(Metric.MODULARITY), seed);
        Map<String, Double> s =
            new LinkedHashMap<>(CodeScorer.score(codes, null, o, false).scores());
        s.putAll(CodeScorer.score(codes, null, mod, false).scores());
        CodeScorer.IntervalOptions io =
            CodeScorer.IntervalOptions.of(CodeScorer.IntervalOptions.DEFAULT_SPLITS, 0);
        Map<String, Uncertainty> u =
            new LinkedHashMap<>(CodeScorer.uncertainty(codes, null, o, s, io, Progress.NONE));
        Map<String, Double> modOnly = Map.of("modularity", s.get("modularity"));
        u.putAll(CodeScorer.uncertainty(codes, null, mod, modOnly, io, Progress.NONE));
        s.forEach((k, v) -> add(out, k, v, u.get(k)));
      }
      case "learned" -> {
        CodeScorer.Options o =
            onSplit(EnumSet.of(Metric.DCI, Metric.SAP, Metric.EXPLICITNESS), 2000, 1000, seed);
        Map<String, Double> s = CodeScorer.score(codes, null, o).scores();
        Map<String, Uncertainty> u =
            CodeScorer.uncertainty(codes, null, o, s, REFITS_ONLY, Progress.NONE);
        s.forEach(
            (k, v) -> {
              if (!k.equals("modularity")) {
                add(out, k, v, u.get(k));
              }
            });
      }
      case "dci-regressors" -> {
        // DCI with Eastwood and Williams' regressors: the same refitted intervals as "learned"
        for (DciLearner learner : List.of(DciLearner.LASSO, DciLearner.RANDOM_FOREST)) {
          CodeScorer.Options o =
              onSplit(EnumSet.of(Metric.DCI), 2000, 1000, seed).withDciLearner(learner);
          Map<String, Double> s = CodeScorer.score(codes, null, o).scores();
          Map<String, Uncertainty> u =
              CodeScorer.uncertainty(codes, null, o, s, REFITS_ONLY, Progress.NONE);
          s.forEach((k, v) -> add(out, k + " (" + learner.id() + ")", v, u.get(k)));
        }
      }
      case "classic" -> {
        FactorSampler sampler = sampler(codes);
        float[][] z = codes.latents();
        dev.candela.metrics.Representation rep =
            idx -> {
              double[][] r = new double[idx.length][z.length];
              for (int i = 0; i < idx.length; i++) {
                for (int j = 0; j < z.length; j++) {
                  r[i][j] = z[j][(int) idx[i]];
                }
              }
              return r;
            };
        SampledMetricOptions so = SampledMetricOptions.defaults().scaled(0.1).withSeed(seed);
        try {
          int rowCount = codes.numSamples();
          long[] idx = new long[rowCount];
          int[][] rows = new int[rowCount][codes.numFactors()];
          for (int i = 0; i < rowCount; i++) {
            idx[i] = i;
            for (int f = 0; f < rows[i].length; f++) {
              rows[i][f] = codes.factors()[f][i];
            }
          }
          SampledMetricRepeats.Run betaRun = (sm, o) -> BetaVae.compute(sm, rep, o).score();
          double beta = betaRun.score(sampler, so);
          add(out, "betavae", beta, SampledMetricRepeats.of(beta, betaRun, sampler, idx, rows, so));
          SampledMetricRepeats.Run fRun = (sm, o) -> FactorVae.compute(sm, rep, o).score();
          double fvae = fRun.score(sampler, so);
          add(out, "factorvae", fvae, SampledMetricRepeats.of(fvae, fRun, sampler, idx, rows, so));
        } catch (dev.candela.CandelaException e) {
          throw new IllegalStateException(e.getMessage(), e);
        }
      }
      case "cg", "cg-mean", "cg-tolerant" -> {
        CgBaseline b = family.equals("cg-mean") ? CgBaseline.MEAN : CgBaseline.MAX_DEVIATION;
        // cg-tolerant: the tolerant read-out over the toy's ordinal factors (one value either side)
        CgNeighbourhoods nb =
            family.equals("cg-tolerant") ? CgNeighbourhoods.ORDINAL : CgNeighbourhoods.SINGLETONS;
        float[][] z = dev.candela.metrics.cg.Cg.toRows(codes.latents());
        int[] all = new int[z.length];
        java.util.Arrays.setAll(all, i -> i);
        LatentStats stats = LatentStats.of(z);
        double[][] terms = cgTerms(z, codes.factors(), all, stats, b, nb);
        Map<String, Uncertainty> u;
        try {
          u =
              CgBaselineSpread.of(
                  factorNames(),
                  terms,
                  stats,
                  b,
                  CgBaselineSpread.Spread.of(z),
                  (samples, st) -> cgTerms(z, codes.factors(), samples, st, b, nb),
                  CgBaselineSpread.DEFAULT_REDRAWS,
                  seed + 3);
        } catch (dev.candela.CandelaException e) {
          throw new IllegalStateException(e.getMessage(), e);
        }
        String name =
            switch (family) {
              case "cg" -> "cg";
              case "cg-mean" -> "cg (mean baseline)";
              default -> "cg (tolerant read-out)";
            };
        add(out, name, cgScore(terms), u.get("cg"));
      }
      case "mi-family" -> {
        CodeScorer.Options all =
            CodeScorer.Options.defaults(
                EnumSet.of(Metric.MIG_SUP, Metric.JEMMIG, Metric.DCIMIG), seed);
        scoreUnfittedInto(out, codes, all);
        CodeScorer.Options sapc = onSplit(EnumSet.of(Metric.SAP_CONTINUOUS), 2000, 1000, seed);
        scoreInto(out, codes, sapc, REFITS_ONLY);
      }
      case "model" -> {
        float[][][] post = posteriors(codes, seed + 5);
        PosteriorKlResult kl = PosteriorKl.compute(post[0], post[1]);
        add(out, "kl.z0", kl.perLatent().get(0), kl.perLatentUncertainty().get(0));
        add(out, "kl.total", kl.total(), kl.totalUncertainty());
        MigSampledResult m =
            MigSampled.compute(
                post[0],
                post[1],
                codes.factors(),
                MigSampled.DEFAULT_SAMPLES,
                MigSampled.DEFAULT_GROUPS,
                seed + 6);
        add(out, "mig_sampled", m.score(), m.uncertainty());
      }
      case "fos" -> {
        CodeScorer.Options o = CodeScorer.Options.defaults(EnumSet.of(Metric.FOS), seed);
        scoreInto(out, codes, o, CodeScorer.IntervalOptions.defaults());
      }
      case "unified" -> {
        // the unified scores: gbt and svm refitted like "learned", on the same split; mi on all
        // rows with the jackknife of the MI matrix
        CodeScorer.Options o = onSplit(EnumSet.of(Metric.UNIFIED), 2000, 1000, seed);
        scoreInto(
            out,
            codes,
            o,
            new CodeScorer.IntervalOptions(
                0,
                CodeScorer.IntervalOptions.DEFAULT_GROUPS,
                CodeScorer.IntervalOptions.DEFAULT_REFITS,
                0));
      }
      case "downstream" -> {
        CodeScorer.Options o = CodeScorer.Options.defaults(EnumSet.of(Metric.DOWNSTREAM), seed);
        scoreInto(out, codes, o, CodeScorer.IntervalOptions.defaults());
      }
      case "dci-es" -> {
        CodeScorer.Options o = onSplit(EnumSet.of(Metric.DCI_ES), DCI_ES_TRAIN, DCI_ES_TEST, seed);
        scoreInto(out, codes, o, REFITS_ONLY);
      }
      default -> throw new IllegalArgumentException("unknown family " + family);
    }
    return out;
  }

  /**
   * The {@code model} family's posteriors: the codes' latents as the means, log-variances log(σ²) +
   * U(−½, ½) with σ the codes' noise, {@code [row][latent]} each.
   */
  static float[][][] posteriors(LatentCodes codes, long seed) {
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
    float[][] lat = codes.latents();
    int n = codes.numSamples();
    float[][] mean = new float[n][lat.length];
    float[][] lv = new float[n][lat.length];
    double base = Math.log(NOISE * NOISE);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < lat.length; j++) {
        mean[i][j] = lat[j][i];
        lv[i][j] = (float) (base + rnd.nextDouble() - 0.5);
      }
    }
    return new float[][][] {mean, lv};
  }

  /** The latents of the {@code unsupervised} family. */
  static final int UNSUPERVISED_LATENTS = 5;

  /** Rows of the large-N latent MI of the {@code unsupervised} family. */
  static final int LARGE_N_UNSUPERVISED = 1_000_000;

  /**
   * The known covariance of the {@code unsupervised} family: correlation 0.5^|j−k| (AR(1)) scaled
   * by the standard deviations 1, 2, 0.5, 1.5, 1; its TC and WC are known in closed form ({@link
   * #unsupervisedTruth}).
   *
   * @return Σ, {@code [5][5]}
   */
  static double[][] unsupervisedCovariance() {
    double[] sd = {1, 2, 0.5, 1.5, 1};
    double[][] cov = new double[UNSUPERVISED_LATENTS][UNSUPERVISED_LATENTS];
    for (int j = 0; j < sd.length; j++) {
      for (int k = 0; k < sd.length; k++) {
        cov[j][k] = Math.pow(0.5, Math.abs(j - k)) * sd[j] * sd[k];
      }
    }
    return cov;
  }

  /** N rows of N(0, Σ) ({@link #unsupervisedCovariance()}); one factor, the sign of z0. */
  static LatentCodes gaussianCodes(int n, long seed) {
    double[][] l =
        new org.apache.commons.math3.linear.CholeskyDecomposition(
                new org.apache.commons.math3.linear.Array2DRowRealMatrix(unsupervisedCovariance()))
            .getL()
            .getData();
    int d = l.length;
    java.util.SplittableRandom rng = new java.util.SplittableRandom(seed);
    float[][] z = new float[d][n];
    int[][] f = new int[1][n];
    double[] e = new double[d];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < d; k++) {
        e[k] = gaussian(rng);
      }
      for (int j = 0; j < d; j++) {
        double v = 0;
        for (int k = 0; k <= j; k++) {
          v += l[j][k] * e[k];
        }
        z[j][i] = (float) v;
      }
      f[0][i] = z[0][i] > 0 ? 1 : 0;
    }
    List<String> names = new ArrayList<>();
    for (int j = 0; j < d; j++) {
      names.add("z" + j);
    }
    return new LatentCodes(z, f, names, List.of("sign"));
  }

  private static double gaussian(java.util.SplittableRandom rng) {
    // Box–Muller, one of the pair
    double u = 1 - rng.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.nextDouble());
  }

  /**
   * The large-N values of the {@code unsupervised} family: TC and WC of the known Σ in closed form
   * (TC = −½ ln det R for the AR(1) correlation R with ρ = ½: det R = (1 − ρ²)⁴, so TC = −2 ln
   * 0.75; WC from Σ itself), latent MI on {@link #LARGE_N_UNSUPERVISED} rows (only with {@code
   * largeN}: it is the plug-in estimate's large-N limit, not a closed form).
   */
  static Map<String, Double> unsupervisedTruth(long seed, boolean largeN) {
    double[][] cov = unsupervisedCovariance();
    Map<String, Double> out = new LinkedHashMap<>();
    out.put("gaussian_tc", -2 * Math.log(0.75));
    dev.candela.metrics.GaussianWcResult wc = dev.candela.metrics.GaussianWc.compute(cov);
    out.put("gaussian_wc", wc.score());
    out.put("gaussian_wc_norm", wc.normalised());
    if (!largeN) {
      return out;
    }
    LatentCodes big = gaussianCodes(LARGE_N_UNSUPERVISED, seed + 77);
    out.put(
        "latent_mi",
        dev.candela.metrics.LatentMi.compute(big.latents(), HistogramDiscretizer.DEFAULT_BINS)
            .score());
    return out;
  }

  /**
   * Options of families on the learned metrics' split capped at {@code maxTrain} and {@code
   * maxTest} rows (UC's defaults, the default bins and train fraction).
   */
  private static CodeScorer.Options onSplit(
      Set<Metric> metrics, int maxTrain, int maxTest, long seed) {
    return new CodeScorer.Options(
        metrics,
        List.of(1),
        EnumSet.of(UcSelection.TOPK),
        HistogramDiscretizer.DEFAULT_BINS,
        CodeScorer.Options.DEFAULT_TRAIN_FRACTION,
        maxTrain,
        maxTest,
        seed);
  }

  /**
   * Scores the codes with the options and adds every key with its interval of {@code intervals}.
   */
  private static void scoreInto(
      List<Result> out,
      LatentCodes codes,
      CodeScorer.Options options,
      CodeScorer.IntervalOptions intervals) {
    scoreInto(out, codes, options, true, intervals);
  }

  /**
   * Scores the codes with the options' metrics that fit nothing ({@code learned} false in {@link
   * CodeScorer#score(LatentCodes, List, CodeScorer.Options, boolean)}) and adds every key with its
   * interval over {@link CodeScorer.IntervalOptions#DEFAULT_SPLITS} splits.
   */
  private static void scoreUnfittedInto(
      List<Result> out, LatentCodes codes, CodeScorer.Options options) {
    scoreInto(
        out,
        codes,
        options,
        false,
        CodeScorer.IntervalOptions.of(CodeScorer.IntervalOptions.DEFAULT_SPLITS, 0));
  }

  private static void scoreInto(
      List<Result> out,
      LatentCodes codes,
      CodeScorer.Options options,
      boolean learned,
      CodeScorer.IntervalOptions intervals) {
    Map<String, Double> s = CodeScorer.score(codes, null, options, learned).scores();
    Map<String, Uncertainty> u =
        CodeScorer.uncertainty(codes, null, options, s, intervals, Progress.NONE);
    s.forEach((k, v) -> add(out, k, v, u.get(k)));
  }

  /** One repetition of the {@code unsupervised} family. */
  static List<Result> unsupervised(int n, long seed) {
    LatentCodes codes = gaussianCodes(n, seed);
    CodeScorer.Options o =
        CodeScorer.Options.defaults(
            EnumSet.of(Metric.GAUSSIAN_TC, Metric.GAUSSIAN_WC, Metric.LATENT_MI), seed);
    List<Result> out = new ArrayList<>();
    scoreUnfittedInto(out, codes, o);
    return out;
  }

  private static void add(List<Result> out, String key, double score, Uncertainty u) {
    if (u == null) {
      out.add(new Result(key, score, Double.NaN, Double.NaN, Double.NaN, "none", 0));
    } else {
      out.add(
          new Result(key, score, u.se(), u.ci95().get(0), u.ci95().get(1), u.method(), u.bias()));
    }
  }

  private static List<String> factorNames() {
    List<String> names = new ArrayList<>();
    for (int f = 0; f < FACTOR_SIZES.length; f++) {
      names.add("f" + f);
    }
    return names;
  }

  private static FactorSampler sampler(LatentCodes codes) {
    List<FactorSpace.Factor> fs = new ArrayList<>();
    for (int f = 0; f < FACTOR_SIZES.length; f++) {
      List<Object> v = new ArrayList<>();
      for (int i = 0; i < FACTOR_SIZES[f]; i++) {
        v.add(i);
      }
      fs.add(new FactorSpace.Factor("f" + f, v));
    }
    int n = codes.numSamples();
    long[] idx = new long[n];
    int[][] rows = new int[n][FACTOR_SIZES.length];
    for (int i = 0; i < n; i++) {
      idx[i] = i;
      for (int f = 0; f < FACTOR_SIZES.length; f++) {
        rows[i][f] = codes.factors()[f][i];
      }
    }
    return FactorSampler.forCodes(new FactorSpace("coverage", fs), idx, rows);
  }

  /** The toy decoder: the image is the latent vector (1 × 1 × D). */
  static LatentDecoder toyDecoder() {
    return LatentDecoder.of(
        new int[] {1, 1, LATENTS},
        z -> {
          float[] out = new float[z.length * LATENTS];
          for (int i = 0; i < z.length; i++) {
            System.arraycopy(z[i], 0, out, i * LATENTS, LATENTS);
          }
          return out;
        });
  }

  /** The toy classifier: factor f read from pixel f by a Gaussian softmax over its values. */
  static FactorProbabilities toyClassifier() {
    return (images, n) -> {
      float[][][] p = new float[FACTOR_SIZES.length][n][];
      double w = 1 / (2 * CLASSIFIER_SIGMA * CLASSIFIER_SIGMA);
      for (int f = 0; f < FACTOR_SIZES.length; f++) {
        int k = FACTOR_SIZES[f];
        for (int i = 0; i < n; i++) {
          double x = images[i * LATENTS + f];
          double[] e = new double[k];
          double max = Double.NEGATIVE_INFINITY;
          for (int v = 0; v < k; v++) {
            double d = x - v / (k - 1.0);
            e[v] = -w * d * d;
            max = Math.max(max, e[v]);
          }
          double sum = 0;
          for (int v = 0; v < k; v++) {
            e[v] = Math.exp(e[v] - max);
            sum += e[v];
          }
          float[] row = new float[k];
          for (int v = 0; v < k; v++) {
            row[v] = (float) (e[v] / sum);
          }
          p[f][i] = row;
        }
      }
      return p;
    };
  }

  /** CG's per-sample terms of the toy model on all rows: {@code [factor][sample]}. */
  static double[][] cgTerms(LatentCodes codes, CgBaseline baseline) {
    float[][] z = dev.candela.metrics.cg.Cg.toRows(codes.latents());
    int[] all = new int[z.length];
    java.util.Arrays.setAll(all, i -> i);
    return cgTerms(z, codes.factors(), all, LatentStats.of(z), baseline);
  }

  /** The toy CG terms {@code [factor][k]} of rows {@code samples[k]} under {@code stats}. */
  static double[][] cgTerms(
      float[][] z, int[][] factors, int[] samples, LatentStats stats, CgBaseline baseline) {
    return cgTerms(z, factors, samples, stats, baseline, CgNeighbourhoods.SINGLETONS);
  }

  /** The same, read with the tolerant read-out over the given neighbourhoods. */
  static double[][] cgTerms(
      float[][] z,
      int[][] factors,
      int[] samples,
      LatentStats stats,
      CgBaseline baseline,
      CgNeighbourhoods neighbourhoods) {
    int nf = FACTOR_SIZES.length;
    int[][] sets = new int[nf][];
    for (int f = 0; f < nf; f++) {
      sets[f] = new int[] {f};
    }
    CgOptions co =
        CgOptions.builder()
            .setSets(sets)
            .optFactorNames(factorNames())
            .optBaseline(baseline)
            .optNeighbourhoods(neighbourhoods)
            .build();
    CgAccumulator acc = new CgAccumulator(toyDecoder(), toyClassifier(), co, stats);
    int n = samples.length;
    double[][] terms = new double[nf][n];
    int chunk = 4096;
    for (int a = 0; a < n; a += chunk) {
      int b = Math.min(n, a + chunk);
      float[][] zc = new float[b - a][];
      int[][] cc = new int[nf][b - a];
      for (int k = a; k < b; k++) {
        zc[k - a] = z[samples[k]];
        for (int f = 0; f < nf; f++) {
          cc[f][k - a] = factors[f][samples[k]];
        }
      }
      CgBatch batch = acc.process(zc, cc);
      for (int f = 0; f < nf; f++) {
        System.arraycopy(batch.factors().get(f).terms(), 0, terms[f], a, b - a);
      }
    }
    return terms;
  }

  /** CG = mean over factors of the mean term. */
  static double cgScore(double[][] terms) {
    double s = 0;
    for (double[] t : terms) {
      s += org.apache.commons.math3.stat.StatUtils.mean(t);
    }
    return s / terms.length;
  }

  /** The large-N values, computed once and cached in {@code large-n.csv}. */
  static Map<String, Double> largeN(Config c, Consumer<String> log) throws IOException {
    Path file = c.work().resolve("large-n.csv");
    Map<String, Double> out = new LinkedHashMap<>();
    if (Files.isRegularFile(file)) {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        String[] p = line.split(",");
        if (p.length == 2 && !p[0].equals("metric")) {
          out.put(p[0], Double.parseDouble(p[1]));
        }
      }
      return out;
    }
    long t0 = System.nanoTime();
    long seed = c.seed() + 424_242L;
    out.putAll(largeMutualInformation(seed));
    log.accept(
        String.format(
            Locale.ROOT,
            "large-N MIG and Modularity (%d rows) in %.0f s",
            LARGE_N_MI,
            (System.nanoTime() - t0) / 1e9));
    LatentCodes big =
        SyntheticCodes.generate(
            SyntheticCodes.Kind.SHARED, LARGE_N, FACTOR_SIZES, LATENTS, NOISE, seed + 99);
    Map<String, Double> s =
        CodeScorer.score(
                big,
                null,
                CodeScorer.Options.defaults(EnumSet.of(Metric.IRS, Metric.UC), seed),
                false)
            .scores();
    out.put("irs@" + LARGE_N, s.get("irs"));
    out.put("uc@1", s.get("uc@1"));
    double[][] terms = cgTerms(big, CgBaseline.MAX_DEVIATION);
    out.put("cg", cgScore(terms));
    StringBuilder sb = new StringBuilder("metric,value\n");
    out.forEach((k, v) -> sb.append(k).append(',').append(v).append('\n'));
    Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
    log.accept(
        String.format(
            Locale.ROOT, "large-N values in %.0f s: %s", (System.nanoTime() - t0) / 1e9, out));
    return out;
  }

  /**
   * MIG and Modularity on {@link #LARGE_N_MI} rows, streamed in chunks of 10⁶ through count tables:
   * pass 1 finds each latent's range (the bins' edges over all rows, as the point estimate), pass 2
   * counts (latent bin, factor code) cells; the plug-in MI of the counts then goes through the same
   * {@link Mig#fromMutualInformation} and {@link Modularity#fromMutualInformation}.
   */
  static Map<String, Double> largeMutualInformation(long seed) {
    int chunk = 1_000_000;
    int chunks = (int) (LARGE_N_MI / chunk);
    int bins = HistogramDiscretizer.DEFAULT_BINS;
    int nf = FACTOR_SIZES.length;
    double[] lo = new double[LATENTS];
    double[] hi = new double[LATENTS];
    java.util.Arrays.fill(lo, Double.POSITIVE_INFINITY);
    java.util.Arrays.fill(hi, Double.NEGATIVE_INFINITY);
    for (int k = 0; k < chunks; k++) {
      LatentCodes part =
          SyntheticCodes.generate(
              SyntheticCodes.Kind.SHARED, chunk, FACTOR_SIZES, LATENTS, NOISE, seed + k);
      for (int j = 0; j < LATENTS; j++) {
        for (double v : part.latents()[j]) {
          lo[j] = Math.min(lo[j], v);
          hi[j] = Math.max(hi[j], v);
        }
      }
    }
    long[][][] cells = new long[LATENTS][nf][];
    for (int j = 0; j < LATENTS; j++) {
      for (int f = 0; f < nf; f++) {
        cells[j][f] = new long[bins * FACTOR_SIZES[f]];
      }
    }
    int[] binCodes = new int[chunk];
    for (int k = 0; k < chunks; k++) {
      LatentCodes part =
          SyntheticCodes.generate(
              SyntheticCodes.Kind.SHARED, chunk, FACTOR_SIZES, LATENTS, NOISE, seed + k);
      for (int j = 0; j < LATENTS; j++) {
        HistogramDiscretizer.assign(
            part.latents()[j],
            HistogramDiscretizer.edgesForRange(lo[j], hi[j], bins),
            bins,
            binCodes);
        for (int f = 0; f < nf; f++) {
          int kf = FACTOR_SIZES[f];
          int[] codes = part.factors()[f];
          long[] t = cells[j][f];
          for (int i = 0; i < chunk; i++) {
            t[binCodes[i] * kf + codes[i]]++;
          }
        }
      }
    }
    double n = (double) chunks * chunk;
    double[][] mi = new double[LATENTS][nf];
    double[] h = new double[nf];
    double[] hz = new double[LATENTS];
    for (int f = 0; f < nf; f++) {
      int kf = FACTOR_SIZES[f];
      long[] col = new long[kf];
      long[] t = cells[0][f];
      for (int b = 0; b < bins; b++) {
        for (int v = 0; v < kf; v++) {
          col[v] += t[b * kf + v];
        }
      }
      double s = 0;
      for (long x : col) {
        s += x > 0 ? x * Math.log(x) : 0;
      }
      h[f] = Math.log(n) - s / n;
      for (int j = 0; j < LATENTS; j++) {
        long[] cj = cells[j][f];
        long[] row = new long[bins];
        double sab = 0;
        for (int b = 0; b < bins; b++) {
          for (int v = 0; v < kf; v++) {
            long x = cj[b * kf + v];
            row[b] += x;
            sab += x > 0 ? x * Math.log(x) : 0;
          }
        }
        double sa = 0;
        for (long x : row) {
          sa += x > 0 ? x * Math.log(x) : 0;
        }
        hz[j] = Math.max(0, Math.log(n) - sa / n);
        mi[j][f] = Math.max(0, Math.log(n) + (sab - sa - s) / n);
      }
    }
    Map<String, Double> out = new LinkedHashMap<>();
    out.put("mig", Mig.fromMutualInformation(mi, h, bins).score());
    out.put("modularity", Modularity.fromMutualInformation(mi, bins).score());
    out.put("mig_sup", MigSup.fromMutualInformation(mi, h, null, bins).score());
    out.put("jemmig", Jemmig.fromMutualInformation(mi, h, hz, bins).score());
    out.put("dcimig", Dcimig.fromMutualInformation(mi, h, bins).score());
    return out;
  }

  private static Set<Integer> doneReps(Path file) throws IOException {
    Set<Integer> done = new HashSet<>();
    if (Files.isRegularFile(file)) {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        String[] p = line.split(",");
        if (p.length >= 2 && p[1].equals("_done")) {
          done.add(Integer.parseInt(p[0]));
        }
      }
    }
    return done;
  }

  private static synchronized void append(Path file, int rep, List<Result> res) {
    StringBuilder sb = new StringBuilder();
    for (Result r : res) {
      sb.append(r.row(rep)).append('\n');
    }
    sb.append(rep).append(",_done\n");
    try {
      Files.writeString(
          file,
          sb.toString(),
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": cannot append (" + e.getMessage() + ")", e);
    }
  }

  /**
   * The smallest coverage of at least {@code floor} that an interval with fixed offsets attains on
   * some estimates. [θ̂ + a, θ̂ + b] contains a target μ exactly when θ̂ lies in [μ − b, μ − a], so
   * the coverages such intervals can have, whatever a ≤ b and μ, are the fractions of the estimates
   * that a window of values holds; tied estimates enter and leave a window together. With R
   * distinct estimates the result is ⌈floor·R⌉/R; with estimates on a lattice it is a sum of
   * neighbouring lattice points' counts (UC at N = 10⁴ in the study: 4, 172 and 24 of 200 data sets
   * at 0.7, 0.9 and 1.0, so 0.98 for a floor of 0.93).
   *
   * @param estimates the estimates over the repetitions (finite, at least one)
   * @param floor the least coverage wanted, in (0, 1]
   * @return the smallest fraction ≥ floor that a window of values holds
   * @throws IllegalArgumentException on no estimates, a non-finite one, or a floor outside (0, 1]
   */
  public static double attainableCoverage(double[] estimates, double floor) {
    if (estimates.length == 0 || !(floor > 0 && floor <= 1)) {
      throw new IllegalArgumentException(
          "attainable coverage needs estimates and a floor in (0, 1], got "
              + estimates.length
              + " estimates and floor "
              + floor);
    }
    double[] v = estimates.clone();
    java.util.Arrays.sort(v);
    if (!Double.isFinite(v[0]) || !Double.isFinite(v[v.length - 1])) {
      throw new IllegalArgumentException(
          "attainable coverage needs finite estimates, got " + v[0] + " … " + v[v.length - 1]);
    }
    List<Integer> counts = new ArrayList<>();
    for (int i = 0; i < v.length; i++) {
      if (i == 0 || v[i] != v[i - 1]) {
        counts.add(0);
      }
      counts.set(counts.size() - 1, counts.get(counts.size() - 1) + 1);
    }
    int need = (int) Math.ceil(floor * v.length - 1e-9);
    int best = v.length;
    for (int i = 0; i < counts.size(); i++) {
      int held = 0;
      for (int j = i; j < counts.size() && held < need; j++) {
        held += counts.get(j);
      }
      if (held >= need) {
        best = Math.min(best, held);
      }
    }
    return best / (double) v.length;
  }

  /** The table lines of one family file (the first {@code reps} finished repetitions). */
  static List<Row> summarise(Path file, int n, int reps, Map<String, Double> large)
      throws IOException {
    Map<Integer, List<Result>> byRep = new java.util.TreeMap<>();
    Set<Integer> done = doneReps(file);
    Set<String> seen = new HashSet<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String[] p = line.split(",");
      if (p.length < 8) {
        continue;
      }
      int rep = Integer.parseInt(p[0]);
      if (!done.contains(rep) || rep >= reps || !seen.add(rep + "," + p[1])) {
        continue; // unfinished, beyond --reps, or a duplicate from a concurrent run
      }
      byRep
          .computeIfAbsent(rep, x -> new ArrayList<>())
          .add(
              new Result(
                  p[1],
                  Double.parseDouble(p[2]),
                  Double.parseDouble(p[3]),
                  Double.parseDouble(p[4]),
                  Double.parseDouble(p[5]),
                  p[6],
                  Double.parseDouble(p[7])));
    }
    Map<String, List<Result>> byKey = new LinkedHashMap<>();
    byRep
        .values()
        .forEach(
            l -> l.forEach(r -> byKey.computeIfAbsent(r.key(), x -> new ArrayList<>()).add(r)));
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, List<Result>> e : byKey.entrySet()) {
      List<Result> l = e.getValue();
      double[] s = l.stream().mapToDouble(Result::score).toArray();
      double mean = org.apache.commons.math3.stat.StatUtils.mean(s);
      double sd = Math.sqrt(org.apache.commons.math3.stat.StatUtils.variance(s));
      double meanSe = l.stream().mapToDouble(Result::se).average().orElse(Double.NaN);
      double bias = l.stream().mapToDouble(Result::bias).average().orElse(Double.NaN);
      double ln = large.getOrDefault(e.getKey(), Double.NaN);
      long inMean = l.stream().filter(r -> r.lo() <= mean && mean <= r.hi()).count();
      long inLarge = l.stream().filter(r -> r.lo() <= ln && ln <= r.hi()).count();
      rows.add(
          new Row(
              e.getKey(),
              n,
              l.get(0).method(),
              l.size(),
              mean,
              sd,
              meanSe,
              inMean / (double) l.size(),
              attainableCoverage(s, BAND_LOW),
              ln,
              Double.isNaN(ln) ? Double.NaN : inLarge / (double) l.size(),
              bias));
    }
    return rows;
  }
}
