package dev.candela.evaluate.cf;

import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgToys;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * The pure-Java counterfactual fixture of the chunk-loop and job tests: seeded random latents and
 * factor codes of three factors ({@link #SIZES}) with latent sets {@link #SETS}, a dense decoder to
 * {@link #W} pixels and a block-softmax classifier on them.
 */
final class CfFixture {
  /** Latents per sample. */
  static final int D = 6;

  /** Pixels per decoded image. */
  static final int W = 12;

  /** The factors' sizes. */
  static final int[] SIZES = {3, 4, 2};

  /** The latent set of each factor. */
  static final int[][] SETS = {{0, 1}, {2}, {3, 5}};

  /** The latents, sample by latent. */
  final float[][] z;

  /** The codes, factor by sample. */
  final int[][] y;

  /** The dense decoder. */
  final LatentDecoder dense;

  /** The classifier. */
  final FactorProbabilities classifier = CgToys.softmaxBlocks(SIZES, W);

  /**
   * The fixture of n samples: latents of {@code seed}, codes of {@code seed + 1}, decoder of {@code
   * seed + 2}.
   */
  CfFixture(int n, long seed) {
    this.z = CgToys.randomLatents(n, D, seed);
    this.y = CgToys.randomCodes(n, SIZES, seed + 1);
    this.dense = CgToys.dense(D, W, seed + 2);
  }

  /**
   * A source of the fixture's codes with the given latents, telling each read's first sample.
   *
   * @param latents the latents (the fixture's or changed ones)
   * @param reads told the first sample of every read
   * @return the source
   */
  ChunkSource source(float[][] latents, IntConsumer reads) {
    return (from, to) -> {
      reads.accept(from);
      int[][] c = new int[SIZES.length][];
      for (int f = 0; f < SIZES.length; f++) {
        c[f] = Arrays.copyOfRange(y[f], from, to);
      }
      return new CfChunk(Arrays.copyOfRange(latents, from, to), c);
    };
  }

  /**
   * CG options over {@link #SETS} with the max-deviation baseline.
   *
   * @param maxBatch the decoder's batch limit
   * @return the options
   */
  static CgOptions cg(int maxBatch) {
    return CgOptions.builder()
        .setSets(SETS)
        .optBaseline(CgBaseline.MAX_DEVIATION)
        .optMaxBatch(maxBatch)
        .build();
  }
}
