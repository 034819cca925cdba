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
 * interval work makes one context per subsample ({@link #onRows}).
 */
public final class CodeContext {
  private final LatentCodes codes;
  private final List<List<Object>> vocabularies;
  private final CodeScorer.Options options;
  private final LatentCodes scored;
  private final List<List<Object>> vocab;
  private final List<String> warnings = new ArrayList<>();
  private IrsResult irs;
  private double[][] mutualInformation;
  private double[] factorEntropies;
  private Split split;

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
    this.codes = codes;
    this.vocabularies = vocabularies;
    this.options = options;
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
    scored = keep.size() == codes.numFactors() ? codes : codes.selectFactors(keepIdx);
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
   * The same context on some rows of the codes (a subsample), with the same options.
   *
   * @param rows sorted row indices
   * @return a new context
   * @throws IllegalArgumentException when no factor has two values on these rows
   */
  public CodeContext onRows(int[] rows) {
    return new CodeContext(codes.rows(rows), vocabularies, options);
  }

  /**
   * @return what to compute
   */
  public CodeScorer.Options options() {
    return options;
  }

  /**
   * The codes with the single-valued factors removed.
   *
   * @return the scored codes
   */
  public LatentCodes scored() {
    return scored;
  }

  /**
   * @return N, the rows
   */
  public int numSamples() {
    return codes.numSamples();
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
   * bins; constant latents are dropped, with a warning, as the reference does.
   *
   * @return the IRS result (computed on first use)
   */
  public IrsResult irs() {
    if (irs == null) {
      LatentCodes binned = binFactors(scored, vocab, options.factorBins());
      irs = Irs.compute(binned, new IrsOptions(IrsOptions.DEFAULTS.diffQuantile(), 0));
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
          DiscreteMutualInfo.latentFactorMatrix(scored.latents(), scored.factors(), bins());
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
      factorEntropies = DiscreteMutualInfo.factorEntropies(scored.factors());
    }
    return factorEntropies;
  }

  /**
   * @return the latent bins of the mutual information
   */
  public int bins() {
    return HistogramDiscretizer.DEFAULT_BINS;
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
      split = Split.of(scored, options);
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
