package dev.candela.model;

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

/**
 * The network layouts Candela builds with DJL blocks.
 *
 * <p>{@value #DL_CONV64}: the convolutional encoder/decoder of disentanglement_lib for 64 × 64
 * inputs. Encoder: four 4 × 4 stride-2 convolutions (32, 32, 64, 64 filters, padding 1, ReLU), a
 * 256-unit ReLU dense layer, and a dense layer of 2·D outputs (means, then log-variances). Decoder:
 * dense 256 and 1024 (ReLU), reshape to 64 × 4 × 4, four ×2 upsampling steps, each
 * nearest-neighbour upsampling and a 3 × 3 convolution (64, 32, 32, C filters, ReLU between;
 * disentanglement_lib uses 4 × 4 stride-2 transposed convolutions, which DJL's PyTorch engine does
 * not implement), giving C × 64 × 64 logits. Larger inputs (CANDLE's 3 × 240 × 320) are
 * area-resized to 64 × 64 first (the card's {@code sourceImage}).
 *
 * <p>{@value #CLASSIFIER}: (conv + ReLU) × 3 (4 × 4, stride 2, 32, 64, 64 filters) and one dense
 * layer with one output per factor value (the heads are applied by {@link FactorClassifier}).
 */
public final class Architectures {
  /** The disentanglement_lib convolutional VAE for 64 × 64 inputs. */
  public static final String DL_CONV64 = "dl-conv64";

  /** The factor classifier. */
  public static final String CLASSIFIER = "conv3-fc";

  /** Side of the square network input. */
  public static final int SIDE = 64;

  private Architectures() {}

  private static Conv2d conv(int filters) {
    return Conv2d.builder()
        .setKernelShape(new Shape(4, 4))
        .optStride(new Shape(2, 2))
        .optPadding(new Shape(1, 1))
        .setFilters(filters)
        .build();
  }

  /**
   * ×2 nearest-neighbour upsampling then a 3 × 3 convolution: the stand-in for a 4 × 4 stride-2
   * transposed convolution, which DJL's PyTorch engine does not implement.
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
   * Checks that an architecture name is known and the input is 64 × 64.
   *
   * @param name the architecture
   * @param input the network input shape
   */
  static void check(String name, ModelCard.Shape input) {
    if (!DL_CONV64.equals(name) && !CLASSIFIER.equals(name)) {
      throw new IllegalArgumentException(
          "unknown architecture '" + name + "' (known: " + DL_CONV64 + ", " + CLASSIFIER + ")");
    }
    if (input.height() != SIDE || input.width() != SIDE) {
      throw new IllegalArgumentException(
          "architecture " + name + " takes " + SIDE + "x" + SIDE + " inputs, got " + input);
    }
  }

  /**
   * The encoder: (N, C, 64, 64) → (N, 2·D) (means then log-variances).
   *
   * @param latentDim D
   * @return the block
   */
  public static SequentialBlock encoder(int latentDim) {
    return new SequentialBlock()
        .add(conv(32))
        .add(Activation.reluBlock())
        .add(conv(32))
        .add(Activation.reluBlock())
        .add(conv(64))
        .add(Activation.reluBlock())
        .add(conv(64))
        .add(Activation.reluBlock())
        .add(Blocks.batchFlattenBlock())
        .add(Linear.builder().setUnits(256).build())
        .add(Activation.reluBlock())
        .add(Linear.builder().setUnits(2L * latentDim).build());
  }

  /**
   * The decoder: (N, D) → (N, C, 64, 64) logits.
   *
   * @param channels C
   * @return the block
   */
  public static SequentialBlock decoder(int channels) {
    return new SequentialBlock()
        .add(Linear.builder().setUnits(256).build())
        .add(Activation.reluBlock())
        .add(Linear.builder().setUnits(1024).build())
        .add(Activation.reluBlock())
        .add(new LambdaBlock(l -> new NDList(l.singletonOrThrow().reshape(-1, 64, 4, 4))))
        .add(deconv(64))
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

  /**
   * The FactorVAE discriminator: (N, D) → (N, 2) logits (index 0 = "from q(z)", 1 = "permuted").
   * Three 256-unit LeakyReLU(0.2) layers (disentanglement_lib uses six of 1000 units; smaller here
   * for the CPU).
   *
   * @return the block
   */
  public static Block discriminator() {
    SequentialBlock b = new SequentialBlock();
    for (int i = 0; i < 3; i++) {
      b.add(Linear.builder().setUnits(256).build()).add(Activation.leakyReluBlock(0.2f));
    }
    return b.add(Linear.builder().setUnits(2).build());
  }
}
