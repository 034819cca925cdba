package dev.candela.model.arch;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.Blocks;
import ai.djl.nn.LambdaBlock;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import dev.candela.model.card.ModelCard;

/**
 * The network layouts Candela builds with DJL blocks.
 *
 * <p>{@value #DL_CONV64}: the convolutional encoder/decoder of disentanglement_lib for 64 × 64
 * inputs. Encoder: four 4 × 4 stride-2 convolutions (32, 32, 64, 64 filters, padding 1 = 'same',
 * ReLU), a 256-unit ReLU dense layer, and a dense layer of 2·D outputs (means, then log-variances).
 * Decoder: dense 256 and 1024 (ReLU), reshape to 64 × 4 × 4, four 4 × 4 stride-2 transposed
 * convolutions ({@link TransposedConv2d}, padding 1 = 'same': 64, 32, 32, C filters, ReLU between),
 * giving C × 64 × 64 logits. Larger inputs (CANDLE's 3 × 240 × 320) may be area-resized to 64 × 64
 * first (the card's {@code sourceImage}).
 *
 * <p>{@value #DL_CONV_CANDLE}: the same style natively for CANDLE's C × 240 × 320 images. Encoder:
 * five 4 × 4 stride-2 convolutions (32, 32, 64, 64, 64 filters, ReLU; 240 × 320 → 120 × 160 → 60 ×
 * 80 → 30 × 40 → 15 × 20 → 8 × 10, the last one padded 2 rows and 1 column), dense 256 (ReLU),
 * dense 2·D. Decoder (mirrored): dense 256 and 5120 (ReLU), reshape to 64 × 8 × 10, a transposed
 * convolution of 64 filters that is the exact transpose of the fifth encoder convolution (padding 2
 * × 1, output padding 1 × 0: 8 × 10 → 15 × 20), then four transposed convolutions (64, 32, 32, C
 * filters, ReLU between), giving C × 240 × 320 logits. The fifth convolution keeps the dense layers
 * at 5120 × 256 weights each (instead of 19200 × 256).
 *
 * <p>{@value #DL_CONV64_UPSAMPLE} and {@value #DL_CONV_CANDLE_UPSAMPLE}: the same encoders with the
 * earlier decoders, in which each transposed convolution is replaced by nearest-neighbour ×2
 * upsampling and a 3 × 3 convolution (the CANDLE one drops the last row after its first
 * upsampling). Models trained before the transposed convolution existed use these; they load and
 * can be trained, but new training defaults to the transposed-convolution decoders.
 *
 * <p>{@value #FC_HIGGINS}: the fully connected dSprites network of the beta-VAE paper (Higgins et
 * al. 2017, as in disentanglement_lib's {@code fc_encoder}/{@code fc_decoder}) for C × 64 × 64
 * inputs. Encoder: flatten, dense 1200 (ReLU), dense 1200 (ReLU), dense 2·D. Decoder: dense 1200,
 * 1200, 1200 (tanh), dense C·64·64 reshaped to C × 64 × 64 logits. Dense layers are plain matrix
 * products, which a CPU runs closer to its peak than small convolutions.
 *
 * <p>{@value #CLASSIFIER}: (conv + ReLU) × 3 (4 × 4, stride 2, 32, 64, 64 filters) and one dense
 * layer with one output per factor value (the heads are applied by {@link
 * dev.candela.model.hosting.FactorClassifier}).
 *
 * <p>{@value #CLASSIFIER_CANDLE}: a factor classifier for CANDLE at half its native resolution, C ×
 * 120 × 160 (a 240 × 320 image area-resized by exactly 2 in both directions, so the aspect ratio is
 * kept). Four 4 × 4 stride-2 convolutions (32, 32, 64, 64 filters, ReLU; 120 × 160 → 60 × 80 → 30 ×
 * 40 → 15 × 20 → 8 × 10, the last one padded 2 rows and 1 column), a 256-unit ReLU dense layer and
 * a dense layer with one output per factor value. At 64 × 64 a CANDLE object is 10–15 pixels wide
 * and a 15° turn of a cube moves its edges by about a pixel; at 120 × 160 the object is twice as
 * wide.
 *
 * <p>{@value #TINY_DENSE64} and {@value #TINY_CLASSIFIER}: small dense networks with the same 64 ×
 * 64 contract, for long benchmarks (the 100,000-sample memory run of {@code bench cg-memory}), not
 * for science. VAE encoder: flatten, dense {@value #TINY_HIDDEN} (ReLU), dense 2·D; decoder: dense
 * {@value #TINY_HIDDEN} (ReLU), dense C·64·64 reshaped to C × 64 × 64 logits. Classifier: flatten,
 * dense {@value #TINY_HIDDEN} (ReLU), dense with one output per factor value.
 */
public final class Architectures {
  /** The disentanglement_lib convolutional VAE for 64 × 64 inputs. */
  public static final String DL_CONV64 = "dl-conv64";

  /** The disentanglement_lib-style convolutional VAE for CANDLE's native 240 × 320 inputs. */
  public static final String DL_CONV_CANDLE = "dl-conv-candle";

  /** {@value #DL_CONV64} with the earlier upsampling + 3 × 3 convolution decoder. */
  public static final String DL_CONV64_UPSAMPLE = "dl-conv64-upsample";

  /** {@value #DL_CONV_CANDLE} with the earlier upsampling + 3 × 3 convolution decoder. */
  public static final String DL_CONV_CANDLE_UPSAMPLE = "dl-conv-candle-upsample";

  /** The fully connected VAE of the beta-VAE paper for 64 × 64 inputs. */
  public static final String FC_HIGGINS = "fc-higgins";

  /** Hidden width of {@value #FC_HIGGINS}. */
  public static final int FC_HIDDEN = 1200;

  /** The VAE architectures, the defaults first. */
  public static final java.util.List<String> VAES =
      java.util.List.of(
          DL_CONV64, DL_CONV_CANDLE, DL_CONV64_UPSAMPLE, DL_CONV_CANDLE_UPSAMPLE, FC_HIGGINS);

  /** Input height of {@value #DL_CONV_CANDLE}. */
  public static final int CANDLE_HEIGHT = 240;

  /** Input width of {@value #DL_CONV_CANDLE}. */
  public static final int CANDLE_WIDTH = 320;

  /** The factor classifier. */
  public static final String CLASSIFIER = "conv3-fc";

  /** The CANDLE factor classifier at half resolution (C × 120 × 160). */
  public static final String CLASSIFIER_CANDLE = "conv4-fc-candle";

  /**
   * The dSprites factor classifier with a hidden dense layer of 256 before the heads: the capacity
   * DeepMind's drawing needs (positions 1.03 px apart, orientations 9.2° apart).
   */
  public static final String CLASSIFIER_FC256 = "conv3-fc256";

  /** Units of {@value #CLASSIFIER_FC256}'s hidden dense layer. */
  public static final int FC256_HIDDEN = 256;

  /** The classifier architectures, the default first. */
  public static final java.util.List<String> CLASSIFIERS =
      java.util.List.of(CLASSIFIER, CLASSIFIER_CANDLE, CLASSIFIER_FC256);

  /** Input height of {@value #CLASSIFIER_CANDLE}. */
  public static final int CANDLE_CLASSIFIER_HEIGHT = CANDLE_HEIGHT / 2;

  /** Input width of {@value #CLASSIFIER_CANDLE}. */
  public static final int CANDLE_CLASSIFIER_WIDTH = CANDLE_WIDTH / 2;

  /** Side of the square network input. */
  public static final int SIDE = 64;

  /** The tiny dense VAE for 64 × 64 inputs (benchmarks). */
  public static final String TINY_DENSE64 = "tiny-dense64";

  /** The tiny dense factor classifier for 64 × 64 inputs (benchmarks). */
  public static final String TINY_CLASSIFIER = "tiny-fc";

  /** Hidden width of the tiny networks. */
  public static final int TINY_HIDDEN = 64;

  private Architectures() {}

  /**
   * 64 filters of 4 × 4, stride 2, padded 2 rows and 1 column: 15 × 20 → 8 × 10 (the last
   * convolution of the CANDLE networks).
   */
  private static Conv2d paddedConv64() {
    return Conv2d.builder()
        .setKernelShape(new Shape(4, 4))
        .optStride(new Shape(2, 2))
        .optPadding(new Shape(2, 1))
        .setFilters(64)
        .build();
  }

  private static Conv2d conv(int filters) {
    return Conv2d.builder()
        .setKernelShape(new Shape(4, 4))
        .optStride(new Shape(2, 2))
        .optPadding(new Shape(1, 1))
        .setFilters(filters)
        .build();
  }

  /**
   * ×2 nearest-neighbour upsampling then a 3 × 3 convolution: the earlier stand-in for a 4 × 4
   * stride-2 transposed convolution (the {@code -upsample} architectures).
   */
  private static SequentialBlock deconv(int filters) {
    return new SequentialBlock()
        .add(new LambdaBlock(l -> new NDList(upsample2(l.singletonOrThrow()))))
        .add(
            Conv2d.builder()
                .setKernelShape(new Shape(3, 3))
                .optPadding(new Shape(1, 1))
                .setFilters(filters)
                .build());
  }

  /** Nearest-neighbour ×2 upsampling of (N, C, H, W). */
  static NDArray upsample2(NDArray x) {
    Shape s = x.getShape();
    long n = s.get(0);
    long c = s.get(1);
    long h = s.get(2);
    long w = s.get(3);
    return x.reshape(n, c, h, 1, w, 1).broadcast(n, c, h, 2, w, 2).reshape(n, c, 2 * h, 2 * w);
  }

  /**
   * The network input of a VAE architecture for images with C channels.
   *
   * @param name one of {@link #VAES}
   * @param channels C
   * @return C × 64 × 64 or C × 240 × 320
   */
  public static ModelCard.Shape vaeInput(String name, int channels) {
    VaeArchitecture a = VaeArchitecture.find(name);
    if (a == null) {
      throw new IllegalArgumentException(
          "unknown VAE architecture '"
              + name
              + "' (known: "
              + String.join(", ", VAES)
              + ", "
              + TINY_DENSE64
              + ")");
    }
    return a.input(channels);
  }

  /**
   * Whether a VAE architecture takes CANDLE's native 240 × 320 images.
   *
   * @param name the architecture
   * @return true for {@value #DL_CONV_CANDLE} and {@value #DL_CONV_CANDLE_UPSAMPLE}
   */
  public static boolean isCandle(String name) {
    VaeArchitecture a = VaeArchitecture.find(name);
    return a != null && a.candle();
  }

  /**
   * Whether a VAE architecture has the earlier upsampling decoder.
   *
   * @param name the architecture
   * @return true for {@value #DL_CONV64_UPSAMPLE} and {@value #DL_CONV_CANDLE_UPSAMPLE}
   */
  public static boolean isUpsampling(String name) {
    VaeArchitecture a = VaeArchitecture.find(name);
    return a != null && a.upsampling();
  }

  /**
   * Checks that an architecture name is known and the input has the size it takes ({@link
   * #vaeInput} or {@link #classifierInput}: 64 × 64, 240 × 320 for the CANDLE VAEs, 120 × 160 for
   * {@value #CLASSIFIER_CANDLE}).
   *
   * @param name the architecture
   * @param input the network input shape
   */
  public static void check(String name, ModelCard.Shape input) {
    ModelCard.Shape want;
    if (CLASSIFIERS.contains(name) || TINY_CLASSIFIER.equals(name)) {
      want = classifierInput(name, input.channels());
    } else if (VaeArchitecture.find(name) != null) {
      want = vaeInput(name, input.channels());
    } else {
      throw new IllegalArgumentException(
          "unknown architecture '"
              + name
              + "' (known: "
              + String.join(", ", VAES)
              + ", "
              + String.join(", ", CLASSIFIERS)
              + ", "
              + TINY_DENSE64
              + ", "
              + TINY_CLASSIFIER
              + ")");
    }
    if (input.height() != want.height() || input.width() != want.width()) {
      throw new IllegalArgumentException(
          "architecture "
              + name
              + " takes "
              + want.height()
              + "x"
              + want.width()
              + " inputs, got "
              + input);
    }
  }

  /**
   * The encoder of a VAE architecture: (N, C, H, W) → (N, 2·D).
   *
   * @param name one of {@link #VAES}
   * @param latentDim D
   * @return the block
   */
  public static SequentialBlock encoder(String name, int latentDim) {
    vaeInput(name, 1);
    if (TINY_DENSE64.equals(name)) {
      return new SequentialBlock()
          .add(Blocks.batchFlattenBlock())
          .add(Linear.builder().setUnits(TINY_HIDDEN).build())
          .add(Activation.reluBlock())
          .add(Linear.builder().setUnits(2L * latentDim).build());
    }
    if (FC_HIGGINS.equals(name)) {
      return new SequentialBlock()
          .add(Blocks.batchFlattenBlock())
          .add(Linear.builder().setUnits(FC_HIDDEN).build())
          .add(Activation.reluBlock())
          .add(Linear.builder().setUnits(FC_HIDDEN).build())
          .add(Activation.reluBlock())
          .add(Linear.builder().setUnits(2L * latentDim).build());
    }
    return isCandle(name) ? candleEncoder(latentDim) : encoder(latentDim);
  }

  /**
   * The decoder of a VAE architecture: (N, D) → (N, C, H, W) logits.
   *
   * @param name one of {@link #VAES}
   * @param channels C
   * @return the block
   */
  public static SequentialBlock decoder(String name, int channels) {
    vaeInput(name, channels);
    if (TINY_DENSE64.equals(name)) {
      return new SequentialBlock()
          .add(Linear.builder().setUnits(TINY_HIDDEN).build())
          .add(Activation.reluBlock())
          .add(Linear.builder().setUnits((long) channels * SIDE * SIDE).build())
          .add(
              new LambdaBlock(
                  l -> new NDList(l.singletonOrThrow().reshape(-1, channels, SIDE, SIDE))));
    }
    if (FC_HIGGINS.equals(name)) {
      SequentialBlock b = new SequentialBlock();
      for (int i = 0; i < 3; i++) {
        b.add(Linear.builder().setUnits(FC_HIDDEN).build()).add(Activation.tanhBlock());
      }
      return b.add(Linear.builder().setUnits((long) channels * SIDE * SIDE).build())
          .add(
              new LambdaBlock(
                  l -> new NDList(l.singletonOrThrow().reshape(-1, channels, SIDE, SIDE))));
    }
    return switch (name) {
      case DL_CONV64 -> decoder(channels);
      case DL_CONV_CANDLE -> candleDecoder(channels);
      case DL_CONV64_UPSAMPLE -> upsamplingDecoder(channels);
      default -> candleUpsamplingDecoder(channels);
    };
  }

  /**
   * The {@value #DL_CONV_CANDLE} encoder: (N, C, 240, 320) → (N, 2·D).
   *
   * @param latentDim D
   * @return the block
   */
  public static SequentialBlock candleEncoder(int latentDim) {
    SequentialBlock b =
        convTrunk(new SequentialBlock()).add(paddedConv64()).add(Activation.reluBlock());
    return encoderHead(b, latentDim);
  }

  /**
   * The {@value #DL_CONV_CANDLE} decoder: (N, D) → (N, C, 240, 320) logits.
   *
   * @param channels C
   * @return the block
   */
  public static SequentialBlock candleDecoder(int channels) {
    SequentialBlock b =
        denseToMaps(8, 10).add(new TransposedConv2d(64, 2, 1, 1, 0)).add(Activation.reluBlock());
    return transposedTail(b, channels);
  }

  /**
   * The {@value #DL_CONV_CANDLE_UPSAMPLE} decoder: (N, D) → (N, C, 240, 320) logits.
   *
   * @param channels C
   * @return the block
   */
  public static SequentialBlock candleUpsamplingDecoder(int channels) {
    SequentialBlock b =
        denseToMaps(8, 10)
            .add(
                new LambdaBlock(
                    l -> new NDList(upsample2(l.singletonOrThrow()).get(":, :, 0:15, :"))))
            .add(
                Conv2d.builder()
                    .setKernelShape(new Shape(3, 3))
                    .optPadding(new Shape(1, 1))
                    .setFilters(64)
                    .build())
            .add(Activation.reluBlock());
    return upsamplingTail(b, channels);
  }

  /**
   * The encoder: (N, C, 64, 64) → (N, 2·D) (means then log-variances).
   *
   * @param latentDim D
   * @return the block
   */
  public static SequentialBlock encoder(int latentDim) {
    return encoderHead(convTrunk(new SequentialBlock()), latentDim);
  }

  /**
   * The {@value #DL_CONV64} decoder: (N, D) → (N, C, 64, 64) logits.
   *
   * @param channels C
   * @return the block
   */
  public static SequentialBlock decoder(int channels) {
    return transposedTail(denseToMaps(4, 4), channels);
  }

  /**
   * The {@value #DL_CONV64_UPSAMPLE} decoder: (N, D) → (N, C, 64, 64) logits.
   *
   * @param channels C
   * @return the block
   */
  public static SequentialBlock upsamplingDecoder(int channels) {
    return upsamplingTail(denseToMaps(4, 4), channels);
  }

  /** Four stride-2 4×4 convolutions (32, 32, 64, 64 filters) with ReLU, appended to {@code b}. */
  private static SequentialBlock convTrunk(SequentialBlock b) {
    return b.add(conv(32))
        .add(Activation.reluBlock())
        .add(conv(32))
        .add(Activation.reluBlock())
        .add(conv(64))
        .add(Activation.reluBlock())
        .add(conv(64))
        .add(Activation.reluBlock());
  }

  /** Flatten, dense 256 + ReLU, dense 2·D (means then log-variances), appended to {@code b}. */
  private static SequentialBlock encoderHead(SequentialBlock b, int latentDim) {
    return b.add(Blocks.batchFlattenBlock())
        .add(Linear.builder().setUnits(256).build())
        .add(Activation.reluBlock())
        .add(Linear.builder().setUnits(2L * latentDim).build());
  }

  /** Dense 256 + ReLU, dense 64·h·w + ReLU, reshaped to 64 maps of h × w. */
  private static SequentialBlock denseToMaps(int h, int w) {
    return new SequentialBlock()
        .add(Linear.builder().setUnits(256).build())
        .add(Activation.reluBlock())
        .add(Linear.builder().setUnits(64L * h * w).build())
        .add(Activation.reluBlock())
        .add(new LambdaBlock(l -> new NDList(l.singletonOrThrow().reshape(-1, 64, h, w))));
  }

  /**
   * Four 4 × 4 stride-2 transposed convolutions (64, 32, 32, C filters, padding 1) with ReLU
   * between, appended to {@code b}.
   */
  private static SequentialBlock transposedTail(SequentialBlock b, int channels) {
    return b.add(new TransposedConv2d(64))
        .add(Activation.reluBlock())
        .add(new TransposedConv2d(32))
        .add(Activation.reluBlock())
        .add(new TransposedConv2d(32))
        .add(Activation.reluBlock())
        .add(new TransposedConv2d(channels));
  }

  /** Four ×2 upsampling stages (64, 32, 32, C filters) with ReLU between, appended to {@code b}. */
  private static SequentialBlock upsamplingTail(SequentialBlock b, int channels) {
    return b.add(deconv(64))
        .add(Activation.reluBlock())
        .add(deconv(32))
        .add(Activation.reluBlock())
        .add(deconv(32))
        .add(Activation.reluBlock())
        .add(deconv(channels));
  }

  /**
   * The factor classifier trunk and output layer: (N, C, 64, 64) → (N, Σ factor sizes) logits.
   *
   * @param outputs the number of logits
   * @return the block
   */
  public static SequentialBlock classifier(int outputs) {
    return new SequentialBlock()
        .add(conv(32))
        .add(Activation.reluBlock())
        .add(conv(64))
        .add(Activation.reluBlock())
        .add(conv(64))
        .add(Activation.reluBlock())
        .add(Blocks.batchFlattenBlock())
        .add(Linear.builder().setUnits(outputs).build());
  }

  /** Hidden layers of the FactorVAE discriminator by default (disentanglement_lib: 6). */
  public static final int DISCRIMINATOR_LAYERS = 6;

  /** Units per hidden layer of the FactorVAE discriminator by default (disentanglement_lib). */
  public static final int DISCRIMINATOR_UNITS = 1000;

  /**
   * The network input of a classifier architecture for images with C channels.
   *
   * @param name one of {@link #CLASSIFIERS} or {@value #TINY_CLASSIFIER}
   * @param channels C
   * @return C × 64 × 64, or C × 120 × 160 for {@value #CLASSIFIER_CANDLE}
   */
  public static ModelCard.Shape classifierInput(String name, int channels) {
    classifier(name, 1);
    return CLASSIFIER_CANDLE.equals(name)
        ? new ModelCard.Shape(channels, CANDLE_CLASSIFIER_HEIGHT, CANDLE_CLASSIFIER_WIDTH)
        : new ModelCard.Shape(channels, SIDE, SIDE);
  }

  /**
   * The {@value #CLASSIFIER_CANDLE} block: (N, C, 120, 160) → (N, outputs) logits.
   *
   * @param outputs the number of logits
   * @return the block
   */
  public static SequentialBlock candleClassifier(int outputs) {
    return new SequentialBlock()
        .add(conv(32))
        .add(Activation.reluBlock())
        .add(conv(32))
        .add(Activation.reluBlock())
        .add(conv(64))
        .add(Activation.reluBlock())
        .add(paddedConv64())
        .add(Activation.reluBlock())
        .add(Blocks.batchFlattenBlock())
        .add(Linear.builder().setUnits(256).build())
        .add(Activation.reluBlock())
        .add(Linear.builder().setUnits(outputs).build());
  }

  /**
   * The classifier block of an architecture: (N, C, H, W) → (N, outputs) logits.
   *
   * @param name one of {@link #CLASSIFIERS} or {@value #TINY_CLASSIFIER}
   * @param outputs the number of logits
   * @return the block
   */
  public static SequentialBlock classifier(String name, int outputs) {
    if (TINY_CLASSIFIER.equals(name)) {
      return new SequentialBlock()
          .add(Blocks.batchFlattenBlock())
          .add(Linear.builder().setUnits(TINY_HIDDEN).build())
          .add(Activation.reluBlock())
          .add(Linear.builder().setUnits(outputs).build());
    }
    if (CLASSIFIER_CANDLE.equals(name)) {
      return candleClassifier(outputs);
    }
    if (CLASSIFIER_FC256.equals(name)) {
      return new SequentialBlock()
          .add(conv(32))
          .add(Activation.reluBlock())
          .add(conv(64))
          .add(Activation.reluBlock())
          .add(conv(64))
          .add(Activation.reluBlock())
          .add(Blocks.batchFlattenBlock())
          .add(Linear.builder().setUnits(FC256_HIDDEN).build())
          .add(Activation.reluBlock())
          .add(Linear.builder().setUnits(outputs).build());
    }
    if (!CLASSIFIER.equals(name)) {
      throw new IllegalArgumentException(
          "unknown classifier architecture '"
              + name
              + "' (known: "
              + String.join(", ", CLASSIFIERS)
              + ", "
              + TINY_CLASSIFIER
              + ")");
    }
    return classifier(outputs);
  }

  /**
   * The FactorVAE discriminator: (N, D) → (N, 2) logits (index 0 = "from q(z)", 1 = "permuted").
   * {@code layers} dense layers of {@code units} units, each followed by LeakyReLU(0.2), then a
   * dense layer of 2 (disentanglement_lib: 6 × 1000, the defaults).
   *
   * @param layers hidden layers (≥ 1)
   * @param units units per hidden layer (≥ 1)
   * @return the block
   */
  public static Block discriminator(int layers, int units) {
    if (layers < 1 || units < 1) {
      throw new IllegalArgumentException(
          "discriminator needs layers >= 1 and units >= 1, got " + layers + ", " + units);
    }
    SequentialBlock b = new SequentialBlock();
    for (int i = 0; i < layers; i++) {
      b.add(Linear.builder().setUnits(units).build()).add(Activation.leakyReluBlock(0.2f));
    }
    return b.add(Linear.builder().setUnits(2).build());
  }
}
