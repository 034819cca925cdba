package dev.candela.metrics;

import dev.candela.metrics.stats.Bootstrap;
import dev.candela.metrics.stats.DiscreteMutualInfo;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Scores a representation with a chosen set of metrics and collects the flat score map, the details
 * and the warnings. This is the one place that decides which rows and factors each metric sees,
 * shared by {@code score-codes} and checkpoint evaluation.
 *
 * <p>Conventions (documented in the README):
 *
 * <ul>
 *   <li>IRS, UC, MIG and Modularity use all N rows (their cost is linear in N).
 *   <li>DCI, SAP and Explicitness train on {@code min(maxTrain, round(f·N))} shuffled rows and test
 *       on {@code min(maxTest, N − round(f·N))} of the rest (disentanglement_lib defaults: 10,000
 *       and 5,000).
 *   <li>IRS re-bins factor values into equal-width bins like disentanglement_lib (identity for
 *       integer codes with at most bins+1 evenly spaced values); the other metrics use the codes.
 *   <li>A factor with a single value carries no information to capture: it is excluded from every
 *       metric, with a warning; if no factor has two values the run fails.
 *   <li>Constant latents are dropped by IRS (as the reference does), with a warning.
 * </ul>
 */
public final class CodeScorer {

  private CodeScorer() {}

  /**
   * Scoring options.
   *
   * @param metrics the metric families
   * @param rhos the UC sizes ρ
   * @param ucModes the UC selection modes
   * @param factorBins IRS factor re-binning (0 = none)
   * @param trainFraction fraction of rows for training the learned metrics, in (0, 1)
   * @param maxTrain cap on training rows
   * @param maxTest cap on test rows
   * @param seed the seed for the split and the learners
   * @param dciLearner the classifier DCI fits per factor
   */
  public record Options(
      Set<Metric> metrics,
      List<Integer> rhos,
      Set<UcSelection> ucModes,
      int factorBins,
      double trainFraction,
      int maxTrain,
      int maxTest,
      long seed,
      DciLearner dciLearner) {

    /**
     * Options with the default DCI learner ({@link DciLearner#DEFAULT}).
     *
     * @param metrics the metric families
     * @param rhos the UC sizes ρ
     * @param ucModes the UC selection modes
     * @param factorBins IRS factor re-binning (0 = none)
     * @param trainFraction fraction of rows for training the learned metrics, in (0, 1)
     * @param maxTrain cap on training rows
     * @param maxTest cap on test rows
     * @param seed the seed for the split and the learners
     */
    public Options(
        Set<Metric> metrics,
        List<Integer> rhos,
        Set<UcSelection> ucModes,
        int factorBins,
        double trainFraction,
        int maxTrain,
        int maxTest,
        long seed) {
      this(
          metrics,
          rhos,
          ucModes,
          factorBins,
          trainFraction,
          maxTrain,
          maxTest,
          seed,
          DciLearner.DEFAULT);
    }

    /**
     * The same options with another DCI learner.
     *
     * @param learner the learner
     * @return a copy
     */
    public Options withDciLearner(DciLearner learner) {
      return new Options(
          metrics, rhos, ucModes, factorBins, trainFraction, maxTrain, maxTest, seed, learner);
    }

    /** The default fraction of rows used for training (10,000 : 5,000 as the reference). */
    public static final double DEFAULT_TRAIN_FRACTION = 2.0 / 3.0;

    /** disentanglement_lib's num_train. */
    public static final int DEFAULT_MAX_TRAIN = 10_000;

    /** disentanglement_lib's num_test. */
    public static final int DEFAULT_MAX_TEST = 5_000;

    /** Validates ranges. */
    public Options {
      metrics = metrics.isEmpty() ? EnumSet.noneOf(Metric.class) : EnumSet.copyOf(metrics);
      rhos = List.copyOf(rhos);
      java.util.Objects.requireNonNull(dciLearner, "dciLearner");
      ucModes = ucModes.isEmpty() ? EnumSet.noneOf(UcSelection.class) : EnumSet.copyOf(ucModes);
      if (metrics.isEmpty()) {
        throw new IllegalArgumentException("no metric requested");
      }
      for (Metric m : metrics) {
        if (m.kind() != Metric.Kind.CODES) {
          throw new IllegalArgumentException(
              m.id()
                  + " is not computed from codes (code metrics: "
                  + Metric.of(Metric.Kind.CODES)
                  + ")");
        }
      }
      for (int rho : rhos) {
        if (rho < 1) {
          throw new IllegalArgumentException("ρ must be ≥ 1, got " + rho);
        }
      }
      if (metrics.contains(Metric.UC) && (rhos.isEmpty() || ucModes.isEmpty())) {
        throw new IllegalArgumentException("UC needs at least one ρ and one selection mode");
      }
      if (factorBins < 0 || factorBins == 1) {
        throw new IllegalArgumentException(
            "factor bins must be 0 (none) or ≥ 2, got " + factorBins);
      }
      if (!(trainFraction > 0 && trainFraction < 1)) {
        throw new IllegalArgumentException(
            "train fraction must be in (0, 1), got " + trainFraction);
      }
      if (maxTrain < 2 || maxTest < 1) {
        throw new IllegalArgumentException(
            "max train must be ≥ 2 and max test ≥ 1, got " + maxTrain + " and " + maxTest);
      }
    }

    /**
     * Defaults for all metrics: ρ = 1, top-k selection, 20 factor bins, seed 0.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(
          Metric.of(Metric.Kind.CODES),
          List.of(1),
          EnumSet.of(UcSelection.TOPK),
          HistogramDiscretizer.DEFAULT_BINS,
          DEFAULT_TRAIN_FRACTION,
          DEFAULT_MAX_TRAIN,
          DEFAULT_MAX_TEST,
          0);
    }

    /**
     * The options as a JSON-friendly map for provenance.
     *
     * @return name to value
     */
    public Map<String, Object> asMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put(
          "metrics",
          metrics.stream().map(x -> x.name().toLowerCase(java.util.Locale.ROOT)).toList());
      m.put("rho", rhos);
      m.put(
          "ucSelection",
          ucModes.stream().map(x -> x.name().toLowerCase(java.util.Locale.ROOT)).toList());
      m.put("factorBins", factorBins == 0 ? "none" : factorBins);
      m.put("trainFraction", trainFraction);
      m.put("maxTrain", maxTrain);
      m.put("maxTest", maxTest);
      m.put("seed", seed);
      m.put("dciLearner", dciLearner.id());
      return m;
    }
  }

  /**
   * The outcome of scoring.
   *
   * @param scores flat metric id to score, in a stable order
   * @param details metric id to the result record that produced it
   * @param warnings what was dropped or excluded, and why
   * @param factorNames the factors that were scored
   * @param irs the IRS result when IRS was computed, else {@code null}
   */
  public record Scores(
      Map<String, Double> scores,
      Map<String, Object> details,
      List<String> warnings,
      List<String> factorNames,
      IrsResult irs) {
    /** Freezes the collections. */
    public Scores {
      scores = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scores));
      details = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(details));
      warnings = List.copyOf(warnings);
      factorNames = List.copyOf(factorNames);
    }
  }

  /**
   * Scores codes.
   *
   * @param codes the representation
   * @param vocabularies per factor, the value behind each code (numbers as Double; used for IRS
   *     re-binning), or {@code null} to treat codes as the values
   * @param options what to compute
   * @return scores, details and warnings
   * @throws IllegalArgumentException when no factor has two values, or a metric's contract is
   *     violated (e.g. ρ larger than the number of active latents)
   */
  public static Scores score(LatentCodes codes, List<List<Object>> vocabularies, Options options) {
    return score(codes, vocabularies, options, true);
  }

  /**
   * The bootstrap of every score over the rows (see {@link Bootstrap}). The cheap metrics (IRS, UC,
   * MIG, Modularity) are recomputed on {@code replicates} resamples of all rows. The learned
   * metrics (DCI, SAP, Explicitness) keep the train/test split of {@link #score} and are refitted
   * on {@code learnedReplicates} resamples drawn within the training rows and within the test rows
   * separately (so no row is in both), with the learners' seed unchanged; 0 leaves them out.
   *
   * @param codes the representation
   * @param vocabularies as for {@link #score}
   * @param options what to compute (its seed also seeds the resampling)
   * @param scores the scores of {@link #score} on all rows (the intervals' centres)
   * @param replicates B for the cheap metrics (≥ 1)
   * @param learnedReplicates B for the learned metrics (≥ 0)
   * @return score id to uncertainty, keyed like {@link Scores#scores()}
   */
  public static Map<String, Uncertainty> bootstrap(
      LatentCodes codes,
      List<List<Object>> vocabularies,
      Options options,
      Map<String, Double> scores,
      int replicates,
      int learnedReplicates) {
    if (replicates < 1 || learnedReplicates < 0) {
      throw new IllegalArgumentException(
          "bootstrap replicates must be ≥ 1 (learned ≥ 0), got "
              + replicates
              + " and "
              + learnedReplicates);
    }
    long seed = options.seed() + BOOTSTRAP_SEED_OFFSET;
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    Set<Metric> cheap = EnumSet.noneOf(Metric.class);
    for (Metric m : options.metrics()) {
      if (m != Metric.DCI && m != Metric.SAP) {
        cheap.add(m);
      }
    }
    if (!cheap.isEmpty()) {
      Options o =
          new Options(
              cheap,
              options.rhos(),
              options.ucModes(),
              options.factorBins(),
              options.trainFraction(),
              options.maxTrain(),
              options.maxTest(),
              options.seed(),
              options.dciLearner());
      out.putAll(
          Bootstrap.run(
              scores,
              codes.numSamples(),
              replicates,
              seed,
              idx -> score(codes.rows(idx), vocabularies, o, false).scores()));
    }
    Set<Metric> m = options.metrics();
    boolean learned =
        m.contains(Metric.DCI) || m.contains(Metric.SAP) || m.contains(Metric.MODULARITY);
    if (learned && learnedReplicates > 0) {
      LatentCodes scored = codes.selectFactors(variableFactors(codes));
      Split split = split(scored, options);
      int nTrain = split.train.numSamples();
      int nTest = split.test.numSamples();
      SplittableRandom rng = new SplittableRandom(seed + 1);
      Map<String, List<Double>> values = new LinkedHashMap<>();
      for (int b = 0; b < learnedReplicates; b++) {
        LatentCodes train = split.train.rows(Bootstrap.resample(nTrain, rng));
        LatentCodes test = split.test.rows(Bootstrap.resample(nTest, rng));
        Map<String, Double> s = new LinkedHashMap<>();
        try {
          if (m.contains(Metric.DCI)) {
            DciResult dci = Dci.compute(train, test, options.seed(), options.dciLearner());
            s.put("dci.disentanglement", dci.disentanglement());
            s.put("dci.completeness", dci.completeness());
            s.put("dci.informativeness", dci.informativeness());
          }
          if (m.contains(Metric.SAP)) {
            s.put("sap", Sap.compute(train, test, options.seed()).sap());
          }
          if (m.contains(Metric.MODULARITY)) {
            s.put("explicitness", Explicitness.compute(train, test, options.seed()).explicitness());
          }
        } catch (IllegalArgumentException e) {
          continue;
        }
        s.forEach((k, v) -> values.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
      }
      out.putAll(Bootstrap.summarise(scores, values, Uncertainty.BOOTSTRAP));
    }
    return out;
  }

  /** Added to the scoring seed to seed the bootstrap resampling. */
  static final long BOOTSTRAP_SEED_OFFSET = 0x5EED_B007L;

  private static int[] variableFactors(LatentCodes codes) {
    List<Integer> keep = new ArrayList<>();
    for (int f = 0; f < codes.numFactors(); f++) {
      if (distinctCount(codes.factors()[f]) >= 2) {
        keep.add(f);
      }
    }
    return keep.stream().mapToInt(Integer::intValue).toArray();
  }

  private static Scores score(
      LatentCodes codes, List<List<Object>> vocabularies, Options options, boolean learned) {
    List<String> warnings = new ArrayList<>();
    // 1. Factors with a single value are excluded everywhere.
    List<Integer> keep = new ArrayList<>();
    for (int f = 0; f < codes.numFactors(); f++) {
      if (distinctCount(codes.factors()[f]) < 2) {
        warnings.add(
            "factor '"
                + codes.factorNames().get(f)
                + "' has a single value; it is excluded from every metric");
      } else {
        keep.add(f);
      }
    }
    if (keep.isEmpty()) {
      throw new IllegalArgumentException(
          "no factor has two or more values (factors: " + codes.factorNames() + ")");
    }
    int[] keepIdx = keep.stream().mapToInt(Integer::intValue).toArray();
    LatentCodes scored = keep.size() == codes.numFactors() ? codes : codes.selectFactors(keepIdx);
    List<List<Object>> vocab = null;
    if (vocabularies != null) {
      vocab = new ArrayList<>();
      for (int f : keepIdx) {
        vocab.add(vocabularies.get(f));
      }
    }

    Map<String, Double> scores = new LinkedHashMap<>();
    Map<String, Object> details = new LinkedHashMap<>();
    Set<Metric> m = options.metrics();
    IrsResult irs = null;

    if (m.contains(Metric.IRS) || m.contains(Metric.UC)) {
      LatentCodes binned = binFactors(scored, vocab, options.factorBins());
      irs = Irs.compute(binned, new IrsOptions(IrsOptions.DEFAULTS.diffQuantile(), 0));
      for (int j : irs.droppedLatents()) {
        warnings.add(
            "latent '"
                + codes.latentNames().get(j)
                + "' is constant; IRS and UC drop it, as the reference does");
      }
      if (m.contains(Metric.IRS)) {
        scores.put("irs", irs.score());
        details.put("irs", irs);
      }
      if (m.contains(Metric.UC)) {
        Map<String, Object> ucDetails = new LinkedHashMap<>();
        for (int rho : options.rhos()) {
          for (UcSelection mode : options.ucModes()) {
            UcResult uc = Uc.compute(irs, rho, mode);
            String key = "uc@" + rho + (mode == UcSelection.FORK ? ".fork" : "");
            scores.put(key, uc.score());
            ucDetails.put(key, uc);
          }
        }
        details.put("uc", ucDetails);
      }
    }
    if (m.contains(Metric.MIG) || m.contains(Metric.MODULARITY)) {
      int bins = HistogramDiscretizer.DEFAULT_BINS;
      double[][] mi =
          DiscreteMutualInfo.latentFactorMatrix(scored.latents(), scored.factors(), bins);
      if (m.contains(Metric.MIG)) {
        MigResult mig =
            Mig.fromMutualInformation(
                mi, DiscreteMutualInfo.factorEntropies(scored.factors()), bins);
        scores.put("mig", mig.score());
        details.put("mig", mig);
      }
      if (m.contains(Metric.MODULARITY)) {
        ModularityResult mod = Modularity.fromMutualInformation(mi, bins);
        scores.put("modularity", mod.score());
        details.put("modularity", mod);
      }
    }
    if (learned
        && (m.contains(Metric.DCI) || m.contains(Metric.SAP) || m.contains(Metric.MODULARITY))) {
      Split split = split(scored, options);
      Map<String, Object> sizes = new LinkedHashMap<>();
      sizes.put("train", split.train.numSamples());
      sizes.put("test", split.test.numSamples());
      details.put("split", sizes);
      if (m.contains(Metric.DCI)) {
        DciResult dci = Dci.compute(split.train, split.test, options.seed(), options.dciLearner());
        scores.put("dci.disentanglement", dci.disentanglement());
        scores.put("dci.completeness", dci.completeness());
        scores.put("dci.informativeness", dci.informativeness());
        details.put("dci", dci);
      }
      if (m.contains(Metric.SAP)) {
        SapResult sap = Sap.compute(split.train, split.test, options.seed());
        scores.put("sap", sap.sap());
        details.put("sap", sap);
      }
      if (m.contains(Metric.MODULARITY)) {
        ExplicitnessResult ex = Explicitness.compute(split.train, split.test, options.seed());
        scores.put("explicitness", ex.explicitness());
        details.put("explicitness", ex);
      }
    }
    return new Scores(scores, details, warnings, scored.factorNames(), irs);
  }

  private record Split(LatentCodes train, LatentCodes test) {}

  private static Split split(LatentCodes codes, Options o) {
    int n = codes.numSamples();
    int cut = (int) Math.round(o.trainFraction() * n);
    int nTrain = Math.min(o.maxTrain(), cut);
    int nTest = Math.min(o.maxTest(), n - cut);
    if (nTrain < 2 || nTest < 1) {
      throw new IllegalArgumentException(
          "too few rows for a train/test split: "
              + n
              + " rows with train fraction "
              + o.trainFraction()
              + " give "
              + nTrain
              + " train and "
              + nTest
              + " test rows");
    }
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      perm[i] = i;
    }
    SplittableRandom rng = new SplittableRandom(o.seed());
    for (int i = n - 1; i > 0; i--) {
      int k = rng.nextInt(i + 1);
      int t = perm[i];
      perm[i] = perm[k];
      perm[k] = t;
    }
    int[] train = java.util.Arrays.copyOfRange(perm, 0, nTrain);
    int[] test = java.util.Arrays.copyOfRange(perm, cut, cut + nTest);
    return new Split(codes.rows(train), codes.rows(test));
  }

  /**
   * Re-bins factors for IRS as disentanglement_lib does: each factor's values are put in {@code
   * bins} equal-width histogram bins over their range (numpy histogram + digitize). Codes of
   * non-numeric factors are used as given.
   */
  static LatentCodes binFactors(LatentCodes codes, List<List<Object>> vocab, int bins) {
    if (bins == 0) {
      return codes;
    }
    int[][] out = new int[codes.numFactors()][];
    for (int f = 0; f < codes.numFactors(); f++) {
      int k = codes.factorSize(f);
      double[] values = new double[k];
      boolean numeric = true;
      for (int c = 0; c < k; c++) {
        if (vocab == null) {
          values[c] = c;
        } else if (vocab.get(f).get(c) instanceof Number num) {
          values[c] = num.doubleValue();
        } else {
          numeric = false;
        }
      }
      if (!numeric) {
        out[f] = codes.factors()[f];
        continue;
      }
      int[] binOfCode = HistogramDiscretizer.discretize(values, bins);
      int[] col = codes.factors()[f];
      int[] binned = new int[col.length];
      for (int i = 0; i < col.length; i++) {
        binned[i] = binOfCode[col[i]];
      }
      out[f] = densify(binned);
    }
    return new LatentCodes(codes.latents(), out, codes.latentNames(), codes.factorNames());
  }

  private static int[] densify(int[] codes) {
    int[] distinct = java.util.Arrays.stream(codes).distinct().sorted().toArray();
    int[] out = new int[codes.length];
    for (int i = 0; i < codes.length; i++) {
      out[i] = java.util.Arrays.binarySearch(distinct, codes[i]);
    }
    return out;
  }

  private static int distinctCount(int[] codes) {
    int first = codes[0];
    for (int c : codes) {
      if (c != first) {
        return 2;
      }
    }
    return 1;
  }
}
