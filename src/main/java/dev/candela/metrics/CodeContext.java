package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.DiscreteMutualInfo;
import dev.candela.metrics.stats.HistogramDiscretizer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The shared statistics of one scoring of latent codes, computed once and read by every registered
 * {@link CodeMetric} (the evaluation context of Tribuo's evaluators, disentanglement_lib's {@code
 * (ground_truth_data, representation_function)} pair reduced to codes):
 *
 * <ul>
 *   <li>the factors that are scored: a factor with a single value carries no information to capture
 *       and is excluded from every metric, with a warning; if none has two values the context
 *       cannot be built;
 *   <li>IRS on the factors re-binned like disentanglement_lib ({@link #irs()}; UC reads its
 *       matrix);
 *   <li>the latent × factor mutual-information matrix on {@link HistogramDiscretizer#DEFAULT_BINS}
 *       bins and the factor entropies ({@link #mutualInformation()}, MIG and Modularity);
 *   <li>the fixed train/test split of the learned metrics ({@link #split()}).
 * </ul>
 *
 * Each is computed on first use. A context is confined to one thread while it computes; the
 * interval work makes one context per subsample ({@link #onRows}), which holds the subsample's row
 * indices, not a copy of its rows.
 */
public final class CodeContext {
  private final LatentCodes codes;
  private final int[] rows;
  private final List<List<Object>> vocabularies;
  private final CodeScorer.Options options;
  private final LatentCodes scoredColumns;
  private LatentCodes scored;
  private final List<List<Object>> vocab;
  private final List<String> warnings = new ArrayList<>();
  private IrsResult irs;
  private double[][] mutualInformation;
  private double[] factorEntropies;
  private double[] latentEntropies;
  private Split split;
  private double[][] latentCovariance;
  private double[][] latentMutualInformation;
  private final Map<String, Object> memo = new java.util.HashMap<>();

  /**
   * A context over codes.
   *
   * @param codes the representation
   * @param vocabularies per factor, the value behind each code (numbers as Double; used for IRS
   *     re-binning), or {@code null} to treat codes as the values
   * @param options what to compute
   * @throws IllegalArgumentException when no factor has two values
   */
  public CodeContext(
      LatentCodes codes, List<List<Object>> vocabularies, CodeScorer.Options options) {
    this(codes, vocabularies, options, null);
  }

  private CodeContext(
      LatentCodes codes, List<List<Object>> vocabularies, CodeScorer.Options options, int[] rows) {
    this.codes = codes;
    this.rows = rows;
    this.vocabularies = vocabularies;
    this.options = options;
    List<Integer> keep = new ArrayList<>();
    for (int f = 0; f < codes.numFactors(); f++) {
      if (distinctCount(codes.factors()[f], rows) < 2) {
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
    scoredColumns = keep.size() == codes.numFactors() ? codes : codes.selectFactors(keepIdx);
    if (vocabularies == null) {
      vocab = null;
    } else {
      vocab = new ArrayList<>();
      for (int f : keepIdx) {
        vocab.add(vocabularies.get(f));
      }
    }
  }

  /**
   * The same context on some rows of the codes (a subsample), with the same options. It holds the
   * row indices: IRS (and so UC) is computed on them without copying the rows; {@link #scored()}
   * copies them on first use.
   *
   * @param rows sorted row indices
   * @return a new context
   * @throws IllegalArgumentException when no factor has two values on these rows
   */
  public CodeContext onRows(int[] rows) {
    int[] all = rows;
    if (this.rows != null) {
      all = new int[rows.length];
      for (int k = 0; k < rows.length; k++) {
        all[k] = this.rows[rows[k]];
      }
    }
    return new CodeContext(codes, vocabularies, options, all);
  }

  /**
   * @return what to compute
   */
  public CodeScorer.Options options() {
    return options;
  }

  /**
   * The codes with the single-valued factors removed: the codes' own arrays, or for a context on
   * some rows ({@link #onRows}) a copy of those rows, made on first use.
   *
   * @return the scored codes
   */
  public LatentCodes scored() {
    if (scored == null) {
      scored = rows == null ? scoredColumns : scoredColumns.rows(rows);
    }
    return scored;
  }

  /**
   * The names of the latents (without copying a context's rows, as {@link #scored()} would).
   *
   * @return the names
   */
  public List<String> latentNames() {
    return scoredColumns.latentNames();
  }

  /**
   * The names of the scored factors (the codes' factors without the single-valued ones).
   *
   * @return the names
   */
  public List<String> scoredFactorNames() {
    return scoredColumns.factorNames();
  }

  /**
   * @return N, the rows
   */
  public int numSamples() {
    return rows == null ? codes.numSamples() : rows.length;
  }

  /**
   * What was excluded or dropped so far, and why.
   *
   * @return a copy
   */
  public List<String> warnings() {
    return List.copyOf(warnings);
  }

  /**
   * IRS (Suter et al. 2019) on the scored factors re-binned into {@code factorBins} equal-width
   * bins, with the options' quantile (both recorded in the result's options); constant latents are
   * dropped, with a warning, as the reference does.
   *
   * @return the IRS result (computed on first use)
   */
  public IrsResult irs() {
    if (irs == null) {
      irs =
          Irs.compute(
              scoredColumns,
              binLabels(scoredColumns, vocab, options.factorBins(), rows),
              new IrsOptions(options.irsQuantile(), options.factorBins()),
              rows);
      for (int j : irs.droppedLatents()) {
        warnings.add(
            "latent '"
                + codes.latentNames().get(j)
                + "' is constant; IRS and UC drop it, as the reference does");
      }
    }
    return irs;
  }

  /**
   * IRS if a metric has computed it.
   *
   * @return the result, or {@code null}
   */
  public IrsResult irsIfComputed() {
    return irs;
  }

  /**
   * The plug-in mutual information I(z_j; v_k) of every latent (discretised into {@link #bins()}
   * equal-width bins) and factor.
   *
   * @return {@code [latent][factor]} in nats (computed on first use; not to be modified)
   */
  public double[][] mutualInformation() {
    if (mutualInformation == null) {
      mutualInformation =
          DiscreteMutualInfo.latentFactorMatrix(scored().latents(), scored().factors(), bins());
    }
    return mutualInformation;
  }

  /**
   * The plug-in entropy of every scored factor.
   *
   * @return per factor, in nats (computed on first use; not to be modified)
   */
  public double[] factorEntropies() {
    if (factorEntropies == null) {
      factorEntropies = DiscreteMutualInfo.factorEntropies(scored().factors());
    }
    return factorEntropies;
  }

  /**
   * The plug-in entropy H(z_j) of every latent discretised as for {@link #mutualInformation()}
   * ({@link #bins()} equal-width bins over its range): with the factor entropies it gives the joint
   * entropies H(z_j, v_k) = H(z_j) + H(v_k) − I(z_j; v_k) of JEMMIG.
   *
   * @return per latent, in nats (computed on first use; not to be modified)
   */
  public double[] latentEntropies() {
    if (latentEntropies == null) {
      latentEntropies = DiscreteMutualInfo.latentEntropies(scored().latents(), bins());
    }
    return latentEntropies;
  }

  /**
   * The sample covariance of the scored latents ({@link
   * dev.candela.metrics.stats.LatentCovariance}, N − 1 denominator), read by the Gaussian total and
   * Wasserstein correlations.
   *
   * <p>A context on some rows ({@link #onRows}) reads them in place, without copying them.
   *
   * @return {@code [latent][latent]} (computed on first use; not to be modified)
   */
  public double[][] latentCovariance() {
    if (latentCovariance == null) {
      latentCovariance =
          dev.candela.metrics.stats.LatentCovariance.of(scoredColumns.latents(), rows);
    }
    return latentCovariance;
  }

  /**
   * The plug-in mutual information between every two latents, each discretised into {@link #bins()}
   * equal-width bins ({@link DiscreteMutualInfo#latentLatentMatrix(float[][], int[], int)}), read
   * by the latent MI; on some rows read in place.
   *
   * @return {@code [latent][latent]} in nats (computed on first use; not to be modified)
   */
  public double[][] latentMutualInformation() {
    if (latentMutualInformation == null) {
      latentMutualInformation =
          DiscreteMutualInfo.latentLatentMatrix(scoredColumns.latents(), rows, bins());
    }
    return latentMutualInformation;
  }

  /**
   * @return the latent bins of the mutual information
   */
  public int bins() {
    return HistogramDiscretizer.DEFAULT_BINS;
  }

  /**
   * A metric's own statistic of this context, computed on first use and kept (e.g. FoS's batches,
   * read by its score and by its interval).
   *
   * @param <T> its type
   * @param key a key unique to the metric
   * @param compute computes it
   * @return the statistic
   */
  @SuppressWarnings("unchecked")
  public <T> T memo(String key, java.util.function.Supplier<T> compute) {
    Object v = memo.get(key);
    if (v == null) {
      v = compute.get();
      memo.put(key, v);
    }
    return (T) v;
  }

  /**
   * The fixed train/test split of the learned metrics: the rows shuffled with the options' seed,
   * train on the first {@code min(maxTrain, round(f·N))} rows of the train pool {@code
   * perm[0..cut)}, test on the first {@code min(maxTest, N − cut)} of the test pool {@code
   * perm[cut..N)}.
   *
   * @return the split (computed on first use)
   * @throws IllegalArgumentException when it leaves fewer than 2 train or 1 test rows
   */
  public Split split() {
    if (split == null) {
      split = Split.of(scored(), options);
    }
    return split;
  }

  /**
   * A fixed train/test split.
   *
   * @param train the training rows
   * @param test the test rows
   * @param perm the shuffled row indices
   * @param cut the end of the train pool in {@code perm}
   */
  public record Split(LatentCodes train, LatentCodes test, int[] perm, int cut) {
    /**
     * Whether each pool holds two disjoint sets of the split's sizes.
     *
     * @return true when it does
     */
    public boolean poolsHoldTwo() {
      int nTrain = train.numSamples();
      int nTest = test.numSamples();
      return 2 * nTrain <= cut && 2 * nTest <= perm.length - cut;
    }

    /**
     * The sizes, for a report's details.
     *
     * @return {@code train} and {@code test} row counts
     */
    public Map<String, Object> sizes() {
      Map<String, Object> sizes = new LinkedHashMap<>();
      sizes.put("train", train.numSamples());
      sizes.put("test", test.numSamples());
      return Collections.unmodifiableMap(sizes);
    }

    static Split of(LatentCodes codes, CodeScorer.Options o) {
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
      int[] perm = Arrays2.shuffled(n, new SplittableRandom(o.seed()));
      int[] train = java.util.Arrays.copyOfRange(perm, 0, nTrain);
      int[] test = java.util.Arrays.copyOfRange(perm, cut, cut + nTest);
      return new Split(codes.rows(train), codes.rows(test), perm, cut);
    }
  }

  /**
   * The labels IRS groups the factors' rows by, re-binned as disentanglement_lib does: each
   * factor's values are put in {@code bins} equal-width histogram bins over their range (numpy
   * histogram + digitize), the range of the values of codes {@code 0..max} where max is the largest
   * code at the rows; {@code labels[f][code]} is the bin of a code. Non-numeric factors (and all
   * factors when {@code bins} is 0) are grouped by their codes ({@code null}).
   */
  static int[][] binLabels(LatentCodes codes, List<List<Object>> vocab, int bins, int[] rows) {
    int[][] out = new int[codes.numFactors()][];
    if (bins == 0) {
      return out;
    }
    for (int f = 0; f < codes.numFactors(); f++) {
      int[] col = codes.factors()[f];
      int max = 0;
      int m = rows == null ? col.length : rows.length;
      for (int k = 0; k < m; k++) {
        max = Math.max(max, col[rows == null ? k : rows[k]]);
      }
      out[f] = binLabel(max, vocab == null ? null : vocab.get(f), bins);
    }
    return out;
  }

  /**
   * The bin of every code {@code 0..maxCode} of one factor ({@link #binLabels}), or {@code null}
   * for a non-numeric factor.
   *
   * @param maxCode the largest code at the rows
   * @param vocab the value behind each code, or {@code null} (the codes are the values)
   * @param bins the bins (≥ 1)
   * @return {@code bin[code]}, or {@code null}
   */
  static int[] binLabel(int maxCode, List<Object> vocab, int bins) {
    double[] values = new double[maxCode + 1];
    for (int c = 0; c <= maxCode; c++) {
      if (vocab == null) {
        values[c] = c;
      } else if (vocab.get(c) instanceof Number num) {
        values[c] = num.doubleValue();
      } else {
        return null;
      }
    }
    return HistogramDiscretizer.discretize(values, bins);
  }

  private static int distinctCount(int[] codes, int[] rows) {
    int first = codes[rows == null ? 0 : rows[0]];
    int m = rows == null ? codes.length : rows.length;
    for (int k = 0; k < m; k++) {
      if (codes[rows == null ? k : rows[k]] != first) {
        return 2;
      }
    }
    return 1;
  }
}
