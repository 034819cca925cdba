package dev.candela.model.arch;

/**
 * Analytic floating-point operation counts per image of the architectures' networks (multiply-adds
 * count 2; activations ignored), from the layer shapes the architectures build: for {@code bench
 * models} and the counterfactual throughput ceiling. NaN for an architecture without a count.
 */
public final class Flops {
  private Flops() {}

  /**
   * Floating-point operations per image of the {@value Architectures#DL_CONV64} encoder (also the
   * {@value Architectures#DL_CONV64_UPSAMPLE} one; multiply-adds count 2; activations ignored).
   *
   * @param channels C
   * @param latentDim D
   * @return FLOPs
   */
  public static double encoderFlops(int channels, int latentDim) {
    return conv(channels, 32, 16, 32 * 32)
        + conv(32, 32, 16, 16 * 16)
        + conv(32, 64, 16, 8 * 8)
        + conv(64, 64, 16, 4 * 4)
        + 2.0 * 1024 * 256
        + 2.0 * 256 * 2 * latentDim;
  }

  /**
   * Floating-point operations per image of the {@value Architectures#DL_CONV64} decoder: the
   * arithmetic of its transposed convolutions (each input pixel meets the 16 kernel taps); {@link
   * TransposedConv2d} executes slightly more, over the zero border (see {@link
   * #decoderExecutedFlops}).
   *
   * @param channels C
   * @param latentDim D
   * @return FLOPs
   */
  public static double decoderFlops(int channels, int latentDim) {
    return decoder(channels, latentDim, 16, 4, 0);
  }

  /**
   * Floating-point operations per image that the {@value Architectures#DL_CONV64} decoder executes:
   * each transposed convolution over H × W maps runs as one 2 × 2 stride-1 convolution with 4·O
   * output channels over the (H + 2) × (W + 2) zero-bordered input (the four output phases, see
   * {@link TransposedConv2d}), i.e. over (H + 1)(W + 1) instead of H·W input positions: the same 16
   * multiply-adds per position as {@link #decoderFlops}, plus the border rows and columns (1.21×
   * the useful count for D = 10, C = 1).
   *
   * @param channels C
   * @param latentDim D
   * @return FLOPs
   */
  public static double decoderExecutedFlops(int channels, int latentDim) {
    return decoder(channels, latentDim, 16, 4, 1);
  }

  /**
   * Floating-point operations per image of the {@value Architectures#DL_CONV64_UPSAMPLE} decoder
   * (×2 upsampling and 3 × 3 convolutions).
   *
   * @param channels C
   * @param latentDim D
   * @return FLOPs
   */
  public static double upsamplingDecoderFlops(int channels, int latentDim) {
    return decoder(channels, latentDim, 9, 8, 0);
  }

  /**
   * Floating-point operations per image of a 64 × 64 VAE architecture's decoder.
   *
   * @param architecture {@value Architectures#DL_CONV64} or {@value
   *     Architectures#DL_CONV64_UPSAMPLE}
   * @param channels C
   * @param latentDim D
   * @return FLOPs, or NaN for other architectures
   */
  public static double decoderFlops(String architecture, int channels, int latentDim) {
    if (Architectures.DL_CONV64.equals(architecture)) {
      return decoderFlops(channels, latentDim);
    }
    if (Architectures.DL_CONV64_UPSAMPLE.equals(architecture)) {
      return upsamplingDecoderFlops(channels, latentDim);
    }
    if (Architectures.FC_HIGGINS.equals(architecture)) {
      double h = Architectures.FC_HIDDEN;
      return 2
          * (latentDim * h + 2 * h * h + h * channels * Architectures.SIDE * Architectures.SIDE);
    }
    return Double.NaN;
  }

  /**
   * Floating-point operations per image of a VAE architecture's encoder (multiply-adds count 2).
   *
   * @param architecture {@value Architectures#DL_CONV64}, {@value Architectures#DL_CONV64_UPSAMPLE}
   *     or {@value Architectures#FC_HIGGINS}
   * @param channels C
   * @param latentDim D
   * @return FLOPs, or NaN for other architectures
   */
  public static double encoderFlops(String architecture, int channels, int latentDim) {
    if (Architectures.FC_HIGGINS.equals(architecture)) {
      double h = Architectures.FC_HIDDEN;
      return 2
          * (channels * Architectures.SIDE * Architectures.SIDE * h + h * h + h * 2 * latentDim);
    }
    return Double.isNaN(decoderFlops(architecture, channels, latentDim))
        ? Double.NaN
        : encoderFlops(channels, latentDim);
  }

  /**
   * Floating-point operations per image of the {@value Architectures#CLASSIFIER} factor classifier
   * on 64 × 64 inputs (multiply-adds count 2; activations and heads ignored).
   *
   * @param channels C
   * @param outputs the number of logits (Σ factor sizes)
   * @return FLOPs
   */
  public static double classifierFlops(int channels, int outputs) {
    return conv(channels, 32, 16, 32 * 32)
        + conv(32, 64, 16, 16 * 16)
        + conv(64, 64, 16, 8 * 8)
        + 2.0 * 64 * 8 * 8 * outputs;
  }

  /**
   * The decoders' arithmetic: the dense layers D → 256 → 1024, then four convolutions (64 → 64 → 32
   * → 32 → C) of {@code k2} taps over maps of side s, 2s, 4s and 8s, each plus {@code border}.
   */
  private static double decoder(int channels, int latentDim, int k2, int side, int border) {
    int s1 = side + border;
    int s2 = 2 * side + border;
    int s3 = 4 * side + border;
    int s4 = 8 * side + border;
    return 2.0 * latentDim * 256
        + 2.0 * 256 * 1024
        + conv(64, 64, k2, s1 * s1)
        + conv(64, 32, k2, s2 * s2)
        + conv(32, 32, k2, s3 * s3)
        + conv(32, channels, k2, s4 * s4);
  }

  private static double conv(int cin, int cout, int k2, int outPixels) {
    return 2.0 * cin * k2 * cout * outPixels;
  }
}
