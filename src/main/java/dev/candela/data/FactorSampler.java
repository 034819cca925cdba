package dev.candela.data;

import dev.candela.CandelaException;
import dev.candela.MixedRadix;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * Draws sample indices of a {@link FactorDataset} for the metrics: random batches, batches in which
 * one factor is held fixed (FactorVAE), pairs that share one factor (BetaVAE), and the subset
 * allowed by confounding rules. Every method takes the random generator, so a seeded generator
 * ({@code new java.util.SplittableRandom(seed)} or {@code new java.util.Random(seed)}) gives
 * reproducible indices.
 *
 * <p>Two modes. <b>Grid</b>: the dataset holds every combination of factor values exactly once and
 * sample index = flat row-major index of its codes (first factor most significant), as dSprites,
 * MPI3D and 3dshapes do; sampling is pure index arithmetic. <b>Sparse</b>: the codes of every
 * sample are held in memory (N × factors ints) and fixed-factor sampling draws among the samples
 * that actually carry the value, as needed for CANDLE or a rules-filtered subset.
 *
 * <p>Fixed value semantics follow disentanglement_lib: the fixed value is the value of one
 * uniformly drawn sample, i.e. uniform over values on a grid and frequency-weighted on a sparse
 * set.
 */
public final class FactorSampler {
  private final FactorSpace space;
  private final int[] sizes;
  private final long size;
  private final int[][] codes;
  private final long[] indices;
  private final long[][][] byValue;

  /** A batch whose samples all share one factor value. */
  public record FixedFactorBatch(int factor, int value, long[] indices) {
    /** Copies the indices. */
    public FixedFactorBatch {
      indices = indices.clone();
    }

    @Override
    public long[] indices() {
      return indices.clone();
    }
  }

  private FactorSampler(FactorSpace space, long size, int[][] codes, long[] indices) {
    this.space = Objects.requireNonNull(space, "space");
    this.sizes = space.sizes();
    this.size = size;
    this.codes = codes;
    this.indices = indices;
    if (codes == null) {
      this.byValue = null;
      return;
    }
    byValue = new long[sizes.length][][];
    for (int f = 0; f < sizes.length; f++) {
      int[] count = new int[sizes[f]];
      for (int[] c : codes) {
        count[c[f]]++;
      }
      byValue[f] = new long[sizes[f]][];
      int[] fill = new int[sizes[f]];
      for (int v = 0; v < sizes[f]; v++) {
        byValue[f][v] = new long[count[v]];
      }
      for (int i = 0; i < codes.length; i++) {
        int v = codes[i][f];
        byValue[f][v][fill[v]++] = indices[i];
      }
    }
  }

  /**
   * A sampler for a full product grid in flat index order.
   *
   * @param space the factor space
   * @return the sampler
   */
  public static FactorSampler forGrid(FactorSpace space) {
    return new FactorSampler(space, MixedRadix.size(space.sizes()), null, null);
  }

  /**
   * A sampler over explicit samples.
   *
   * @param space the factor space
   * @param indices the dataset indices of the samples
   * @param codes the codes of each sample (same length as indices), each within the space
   * @return the sampler
   * @throws IllegalArgumentException when lengths differ, the set is empty or a code is out of
   *     range
   */
  public static FactorSampler forCodes(FactorSpace space, long[] indices, int[][] codes) {
    if (indices.length != codes.length || indices.length == 0) {
      throw new IllegalArgumentException(
          "need equal, non-zero numbers of indices and codes, got "
              + indices.length
              + " and "
              + codes.length);
    }
    int[] sizes = space.sizes();
    int[][] copy = new int[codes.length][];
    for (int i = 0; i < codes.length; i++) {
      if (codes[i].length != sizes.length) {
        throw new IllegalArgumentException(
            "sample "
                + indices[i]
                + " has "
                + codes[i].length
                + " codes, expected "
                + sizes.length);
      }
      for (int k = 0; k < sizes.length; k++) {
        if (codes[i][k] < 0 || codes[i][k] >= sizes[k]) {
          throw new IllegalArgumentException(
              "sample "
                  + indices[i]
                  + ": code "
                  + codes[i][k]
                  + " of factor '"
                  + space.names().get(k)
                  + "' outside 0.."
                  + (sizes[k] - 1));
        }
      }
      copy[i] = codes[i].clone();
    }
    return new FactorSampler(space, indices.length, copy, indices.clone());
  }

  /**
   * A sampler for a dataset: grid mode when its size equals the grid size and the codes of 64
   * spread samples match their flat index; otherwise sparse mode, reading every sample's codes.
   *
   * @param ds the dataset
   * @return the sampler
   * @throws CandelaException when codes cannot be read
   */
  public static FactorSampler of(FactorDataset ds) throws CandelaException {
    FactorSpace space = ds.space();
    int[] sizes = space.sizes();
    long grid = MixedRadix.size(sizes);
    if (ds.size() == grid) {
      boolean ok = true;
      for (int i = 0; i < 64 && ok; i++) {
        long idx = i * (grid - 1) / 63;
        ok = Arrays.equals(ds.codes(idx), MixedRadix.decode(idx, sizes));
      }
      if (ok) {
        return forGrid(space);
      }
    }
    int n = Math.toIntExact(ds.size());
    long[] idx = new long[n];
    int[][] codes = new int[n][];
    for (int i = 0; i < n; i++) {
      idx[i] = i;
      codes[i] = ds.codes(i);
    }
    return forCodes(space, idx, codes);
  }

  /**
   * Whether sampling uses grid index arithmetic.
   *
   * @return true in grid mode
   */
  public boolean isGrid() {
    return codes == null;
  }

  /**
   * The factor space.
   *
   * @return the space
   */
  public FactorSpace space() {
    return space;
  }

  /**
   * The number of samples the sampler draws from.
   *
   * @return the count
   */
  public long size() {
    return size;
  }

  /**
   * The codes of a dataset index (grid mode: decoded; sparse mode: looked up).
   *
   * @param index a dataset index
   * @return the codes
   * @throws IllegalArgumentException when the index is not among the samples
   */
  public int[] codes(long index) {
    if (codes == null) {
      return MixedRadix.decode(index, sizes);
    }
    int pos = position(index);
    return codes[pos].clone();
  }

  private int position(long index) {
    int pos = -1;
    if (index >= 0 && index < indices.length && indices[(int) index] == index) {
      pos = (int) index;
    } else {
      for (int i = 0; i < indices.length; i++) {
        if (indices[i] == index) {
          pos = i;
          break;
        }
      }
    }
    if (pos < 0) {
      throw new IllegalArgumentException("index " + index + " is not among the sampler's samples");
    }
    return pos;
  }

  /**
   * The flat grid index of codes (grid mode only).
   *
   * @param c the codes
   * @return the index
   */
  public long indexOf(int[] c) {
    return MixedRadix.encode(c, sizes);
  }

  private long drawOne(RandomGenerator rng) {
    return codes == null ? rng.nextLong(size) : indices[rng.nextInt(indices.length)];
  }

  private void checkFactor(int factor) {
    if (factor < 0 || factor >= sizes.length) {
      throw new IllegalArgumentException("factor " + factor + " outside 0.." + (sizes.length - 1));
    }
  }

  /**
   * A batch of indices drawn uniformly with replacement.
   *
   * @param batchSize the number of indices
   * @param rng the random generator
   * @return the indices
   */
  public long[] randomBatch(int batchSize, RandomGenerator rng) {
    long[] out = new long[batchSize];
    for (int i = 0; i < batchSize; i++) {
      out[i] = drawOne(rng);
    }
    return out;
  }

  /**
   * A batch in which {@code factor} has one value, taken from a uniformly drawn sample; the other
   * factors vary (grid: uniformly and independently; sparse: uniformly among the samples that carry
   * the value).
   *
   * @param factor the factor index
   * @param batchSize the number of indices
   * @param rng the random generator
   * @return the batch
   */
  public FixedFactorBatch fixedFactorBatch(int factor, int batchSize, RandomGenerator rng) {
    checkFactor(factor);
    int value = codes(drawOne(rng))[factor];
    return new FixedFactorBatch(factor, value, fixedFactorBatch(factor, value, batchSize, rng));
  }

  /**
   * A batch in which {@code factor} has the given value.
   *
   * @param factor the factor index
   * @param value the value code
   * @param batchSize the number of indices
   * @param rng the random generator
   * @return the indices
   * @throws IllegalArgumentException when no sample carries the value
   */
  public long[] fixedFactorBatch(int factor, int value, int batchSize, RandomGenerator rng) {
    checkFactor(factor);
    if (value < 0 || value >= sizes[factor]) {
      throw new IllegalArgumentException(
          "value " + value + " of factor " + factor + " outside 0.." + (sizes[factor] - 1));
    }
    long[] out = new long[batchSize];
    if (codes == null) {
      int[] c = new int[sizes.length];
      for (int i = 0; i < batchSize; i++) {
        for (int k = 0; k < sizes.length; k++) {
          c[k] = k == factor ? value : rng.nextInt(sizes[k]);
        }
        out[i] = MixedRadix.encode(c, sizes);
      }
      return out;
    }
    long[] pool = byValue[factor][value];
    if (pool.length == 0) {
      throw new IllegalArgumentException(
          "no sample has value " + value + " of factor '" + space.names().get(factor) + "'");
    }
    for (int i = 0; i < batchSize; i++) {
      out[i] = pool[rng.nextInt(pool.length)];
    }
    return out;
  }

  /**
   * Pairs of indices that share the value of {@code factor} (the BetaVAE metric's pairs): the first
   * of each pair is drawn uniformly, the second uniformly among samples with the same value of the
   * factor. Each pair may have a different value.
   *
   * @param factor the factor index
   * @param pairs the number of pairs
   * @param rng the random generator
   * @return {@code [2][pairs]}: first and second indices
   */
  public long[][] pairsSharingFactor(int factor, int pairs, RandomGenerator rng) {
    checkFactor(factor);
    long[][] out = new long[2][pairs];
    for (int i = 0; i < pairs; i++) {
      long a = drawOne(rng);
      int v = codes(a)[factor];
      out[0][i] = a;
      out[1][i] = fixedFactorBatch(factor, v, 1, rng)[0];
    }
    return out;
  }

  /**
   * The sample indices whose codes a predicate allows, in increasing order. With CANDLE-style rules
   * pass {@code rules.bind(space)::allows}.
   *
   * @param allows the predicate on codes (in space order)
   * @return the allowed indices
   */
  public long[] allowedIndices(Predicate<int[]> allows) {
    List<Long> out = new ArrayList<>();
    if (codes == null) {
      for (long i = 0; i < size; i++) {
        if (allows.test(MixedRadix.decode(i, sizes))) {
          out.add(i);
        }
      }
    } else {
      for (int i = 0; i < indices.length; i++) {
        if (allows.test(codes[i].clone())) {
          out.add(indices[i]);
        }
      }
    }
    return out.stream().mapToLong(Long::longValue).sorted().toArray();
  }

  /**
   * A sparse sampler over the samples a predicate allows (e.g. a confounded selection).
   *
   * @param allows the predicate on codes
   * @return the restricted sampler
   * @throws IllegalArgumentException when nothing is allowed
   */
  public FactorSampler restrict(Predicate<int[]> allows) {
    List<Long> keep = new ArrayList<>();
    List<int[]> kept = new ArrayList<>();
    long n = codes == null ? size : indices.length;
    for (long i = 0; i < n; i++) {
      int[] c = codes == null ? MixedRadix.decode(i, sizes) : codes[(int) i].clone();
      if (allows.test(c.clone())) {
        keep.add(codes == null ? i : indices[(int) i]);
        kept.add(c);
      }
    }
    if (keep.isEmpty()) {
      throw new IllegalArgumentException("the predicate allows no sample of " + space.name());
    }
    return forCodes(
        space, keep.stream().mapToLong(Long::longValue).toArray(), kept.toArray(new int[0][]));
  }
}
