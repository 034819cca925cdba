package dev.candela.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.CgAccumulator;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.synth.DSpritesGenerator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The DJL counterfactual path (shipped VAE decoder + classifier through {@link CgAccumulator})
 * leaves no native arrays behind: after 100 chunks the models' attached-array counts are what they
 * were after the first, and the inference managers hold nothing between calls.
 */
class CounterfactualModelsMemoryTest {
  private static final int CHUNKS = 100;
  private static final int PER_CHUNK = 1;

  @Test
  void hundredChunksKeepTheNativeArrayCountFlat() throws Exception {
    try (CounterfactualModels m =
        CounterfactualModels.load(
            Path.of("models/dsprites-beta-vae"),
            Path.of("models/dsprites-classifier"),
            ComputeDevice.CPU,
            8)) {
      int n = CHUNKS * PER_CHUNK;
      long[] idx = DSpritesGenerator.chooseIndices(n, 5);
      int px = DSpritesGenerator.SIDE * DSpritesGenerator.SIDE;
      float[] images = new float[n * px];
      byte[] buf = new byte[px];
      int[][] codes = new int[DSpritesGenerator.SIZES.length][n];
      for (int i = 0; i < n; i++) {
        DSpritesGenerator.render(idx[i], buf);
        for (int p = 0; p < px; p++) {
          images[i * px + p] = buf[p];
        }
        int[] c = DSpritesGenerator.codes(idx[i]);
        for (int f = 0; f < c.length; f++) {
          codes[f][i] = c[f];
        }
      }
      float[][] z = m.encodeMeans(images, n);
      int d = m.vaeCard().latentDim();
      int[][] sets = {{}, {0}, {1 % d}, {2 % d}, {3 % d}, {4 % d}};
      CgOptions o =
          CgOptions.builder()
              .setSets(sets)
              .optFactorNames(List.of("color", "shape", "scale", "orientation", "posX", "posY"))
              .optFactors(new int[] {4})
              .optBaseline(CgBaseline.MAX_DEVIATION)
              .optMaxBatch(8)
              .build();
      CgAccumulator acc = new CgAccumulator(m.decoder(), m.probabilities(), o, LatentStats.of(z));
      acc.process(chunk(z, 0), chunkCodes(codes, 0));
      int before = m.attachedArrays();
      assertTrue(before > 0, "the weights are attached arrays");
      for (int k = 1; k < CHUNKS; k++) {
        acc.process(chunk(z, k), chunkCodes(codes, k));
      }
      assertEquals(before, m.attachedArrays());
      assertEquals(0, m.inferenceArrays());
      assertEquals(n, acc.summary().numSamples());
    }
  }

  private static float[][] chunk(float[][] z, int k) {
    return java.util.Arrays.copyOfRange(z, k * PER_CHUNK, (k + 1) * PER_CHUNK);
  }

  private static int[][] chunkCodes(int[][] codes, int k) {
    int[][] c = new int[codes.length][];
    for (int f = 0; f < codes.length; f++) {
      c[f] = java.util.Arrays.copyOfRange(codes[f], k * PER_CHUNK, (k + 1) * PER_CHUNK);
    }
    return c;
  }
}
