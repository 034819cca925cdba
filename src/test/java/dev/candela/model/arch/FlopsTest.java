package dev.candela.model.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Analytic FLOP counts of the benchmarked networks, against hand-multiplied layer sizes. */
class FlopsTest {
  /** Integer-valued doubles far below 2^53: exact. */
  private static final double EXACT = 0;

  @Test
  void transposedConvolutionDecoderFlops() {
    // D = 10, C = 1: dense 10->256 and 256->1024, then each input pixel meets 16 taps:
    // 4x4 in x 64->64, 8x8 x 64->32, 16x16 x 32->32, 32x32 x 32->1
    double dense = 2.0 * 10 * 256 + 2.0 * 256 * 1024;
    double tconv =
        2.0 * (16 * 64 * 64 * 16 + 64 * 64 * 32 * 16 + 256 * 32 * 32 * 16 + 1024 * 32 * 1 * 16);
    assertEquals(16_258_048, dense + tconv, EXACT);
    assertEquals(dense + tconv, Flops.decoderFlops(1, 10), EXACT);
    // executed: the phase convolutions run over (H + 1) x (W + 1) input positions
    double executed =
        2.0 * (25 * 64 * 64 * 16 + 81 * 64 * 32 * 16 + 289 * 32 * 32 * 16 + 1089 * 32 * 1 * 16);
    assertEquals(19_699_712, dense + executed, EXACT);
    assertEquals(dense + executed, Flops.decoderExecutedFlops(1, 10), EXACT);
    assertEquals(
        Flops.decoderFlops(1, 10), Flops.decoderFlops(Architectures.DL_CONV64, 1, 10), EXACT);
  }

  @Test
  void upsamplingDecoderFlopsAndUnknownArchitectures() {
    // 3x3 convolutions on the upsampled maps: 8x8 x 64->64, 16x16 x 64->32, 32x32 x 32->32,
    // 64x64 x 32->1
    double want =
        2.0 * 10 * 256
            + 2.0 * 256 * 1024
            + 2.0 * (64 * 64 * 64 * 9 + 256 * 64 * 32 * 9 + 1024 * 32 * 32 * 9 + 4096 * 32 * 9);
    assertEquals(want, Flops.decoderFlops(Architectures.DL_CONV64_UPSAMPLE, 1, 10), EXACT);
    assertTrue(Double.isNaN(Flops.decoderFlops(Architectures.DL_CONV_CANDLE, 3, 10)));
  }
}
