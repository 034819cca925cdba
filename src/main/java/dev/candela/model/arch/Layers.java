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
import java.util.function.IntFunction;

/**
 * The layers and stacks the architectures are built from: the 4 × 4 stride-2 convolutions, the
 * dense heads, the transposed-convolution and upsampling decoder tails. Every stack appends to or
 * returns a {@link SequentialBlock}, in the order the layers run.
 */
final class Layers {
  private Layers() {}

  /** A 4 × 4 stride-2 convolution padded 1 ('same' for these sizes). */
  static Conv2d conv(int filters) {
    return Conv2d.builder()
        .setKernelShape(new Shape(4, 4))
        .optStride(new Shape(2, 2))
        .optPadding(new Shape(1, 1))
        .setFilters(filters)
        .build();
  }

  /**
   * 64 filters of 4 × 4, stride 2, padded 2 rows and 1 column: 15 × 20 → 8 × 10 (the last
   * convolution of the CANDLE networks).
   */
  static Conv2d paddedConv64() {
    return Conv2d.builder()
        .setKernelShape(new Shape(4, 4))
        .optStride(new Shape(2, 2))
        .optPadding(new Shape(2, 1))
        .setFilters(64)
        .build();
  }

  /** A 3 × 3 convolution padded 1 (stride 1). */
  static Conv2d conv3x3(int filters) {
    return Conv2d.builder()
        .setKernelShape(new Shape(3, 3))
        .optPadding(new Shape(1, 1))
        .setFilters(filters)
        .build();
  }

  /**
   * A dense network on the flattened input: {@code layers} dense layers of {@code hidden} units,
   * each followed by ReLU, then a dense layer of {@code outputs}.
   */
  static SequentialBlock flatDense(long hidden, int layers, long outputs) {
    SequentialBlock b = new SequentialBlock().add(Blocks.batchFlattenBlock());
    for (int i = 0; i < layers; i++) {
      b.add(dense(hidden)).add(Activation.reluBlock());
    }
    return b.add(dense(outputs));
  }

  /** A dense layer. */
  static Linear dense(long units) {
    return Linear.builder().setUnits(units).build();
  }

  /**
   * ×2 nearest-neighbour upsampling then a 3 × 3 convolution: the earlier stand-in for a 4 × 4
   * stride-2 transposed convolution (the {@code -upsample} architectures).
   */
  static SequentialBlock upsamplingStage(int filters) {
    return new SequentialBlock()
        .add(new LambdaBlock(l -> new NDList(upsample2(l.singletonOrThrow()))))
        .add(conv3x3(filters));
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

  /** Four stride-2 4×4 convolutions (32, 32, 64, 64 filters) with ReLU, appended to {@code b}. */
  static SequentialBlock convTrunk(SequentialBlock b) {
    return reluBetween(b, Layers::conv, 32, 32, 64, 64).add(Activation.reluBlock());
  }

  /** Flatten, dense 256 + ReLU, dense 2·D (means then log-variances), appended to {@code b}. */
  static SequentialBlock encoderHead(SequentialBlock b, int latentDim) {
    return b.add(Blocks.batchFlattenBlock())
        .add(dense(256))
        .add(Activation.reluBlock())
        .add(dense(2L * latentDim));
  }

  /** Dense 256 + ReLU, dense 64·h·w + ReLU, reshaped to 64 maps of h × w. */
  static SequentialBlock denseToMaps(int h, int w) {
    return new SequentialBlock()
        .add(dense(256))
        .add(Activation.reluBlock())
        .add(dense(64L * h * w))
        .add(Activation.reluBlock())
        .add(new LambdaBlock(l -> new NDList(l.singletonOrThrow().reshape(-1, 64, h, w))));
  }

  /**
   * Four 4 × 4 stride-2 transposed convolutions (64, 32, 32, C filters, padding 1) with ReLU
   * between, appended to {@code b}.
   */
  static SequentialBlock transposedTail(SequentialBlock b, int channels) {
    return reluBetween(b, TransposedConv2d::new, 64, 32, 32, channels);
  }

  /** Four ×2 upsampling stages (64, 32, 32, C filters) with ReLU between, appended to {@code b}. */
  static SequentialBlock upsamplingTail(SequentialBlock b, int channels) {
    return reluBetween(b, Layers::upsamplingStage, 64, 32, 32, channels);
  }

  /**
   * One stage per filter count, in order, with a ReLU between two stages, appended to {@code b}.
   */
  private static SequentialBlock reluBetween(
      SequentialBlock b, IntFunction<Block> stage, int... filters) {
    for (int i = 0; i < filters.length; i++) {
      if (i > 0) {
        b.add(Activation.reluBlock());
      }
      b.add(stage.apply(filters[i]));
    }
    return b;
  }

  /** A dense layer of C·64·64 outputs reshaped to C × 64 × 64 logits, appended to {@code b}. */
  static SequentialBlock denseToImage64(SequentialBlock b, int channels) {
    int side = Architectures.SIDE;
    return b.add(dense((long) channels * side * side))
        .add(
            new LambdaBlock(
                l -> new NDList(l.singletonOrThrow().reshape(-1, channels, side, side))));
  }
}
