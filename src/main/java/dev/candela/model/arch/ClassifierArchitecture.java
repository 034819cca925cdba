package dev.candela.model.arch;

import ai.djl.nn.Activation;
import ai.djl.nn.Blocks;
import ai.djl.nn.SequentialBlock;
import dev.candela.model.card.ModelCard;

/**
 * The factor classifier layouts, by their model.json {@code architecture} id; each builds its own
 * block, (N, C, H, W) → (N, outputs) logits with one output per factor value (the heads are applied
 * by {@link dev.candela.model.hosting.FactorClassifier}). Convolutions are 4 × 4 with stride 2 and
 * padding 1 unless stated, each followed by ReLU.
 */
public enum ClassifierArchitecture {
  /** (conv + ReLU) × 3 (32, 64, 64 filters) and one dense layer, on C × 64 × 64 inputs. */
  CONV3_FC(Architectures.CLASSIFIER, false, true) {
    @Override
    public SequentialBlock block(int outputs) {
      return conv3(new SequentialBlock()).add(Layers.dense(outputs));
    }
  },
  /**
   * A factor classifier for CANDLE at half its native resolution, C × 120 × 160 (a 240 × 320 image
   * area-resized by exactly 2 in both directions, so the aspect ratio is kept). Four convolutions
   * (32, 32, 64, 64 filters; 120 × 160 → 60 × 80 → 30 × 40 → 15 × 20 → 8 × 10, the last one padded
   * 2 rows and 1 column), a 256-unit ReLU dense layer and the output layer. At 64 × 64 a CANDLE
   * object is 10–15 pixels wide and a 15° turn of a cube moves its edges by about a pixel; at 120 ×
   * 160 the object is twice as wide.
   */
  CONV4_FC_CANDLE(Architectures.CLASSIFIER_CANDLE, true, true) {
    @Override
    public SequentialBlock block(int outputs) {
      return new SequentialBlock()
          .add(Layers.conv(32))
          .add(Activation.reluBlock())
          .add(Layers.conv(32))
          .add(Activation.reluBlock())
          .add(Layers.conv(64))
          .add(Activation.reluBlock())
          .add(Layers.paddedConv64())
          .add(Activation.reluBlock())
          .add(Blocks.batchFlattenBlock())
          .add(Layers.dense(256))
          .add(Activation.reluBlock())
          .add(Layers.dense(outputs));
    }
  },
  /**
   * {@link #CONV3_FC} with a hidden dense layer of {@value Architectures#FC256_HIDDEN} before the
   * output layer: the capacity DeepMind's dSprites drawing needs (positions 1.03 px apart,
   * orientations 9.2° apart).
   */
  CONV3_FC256(Architectures.CLASSIFIER_FC256, false, true) {
    @Override
    public SequentialBlock block(int outputs) {
      return conv3(new SequentialBlock())
          .add(Layers.dense(Architectures.FC256_HIDDEN))
          .add(Activation.reluBlock())
          .add(Layers.dense(outputs));
    }
  },
  /**
   * A small dense classifier with the 64 × 64 contract, for long benchmarks, not for science:
   * flatten, dense {@value Architectures#TINY_HIDDEN} (ReLU), the output layer.
   */
  TINY_FC(Architectures.TINY_CLASSIFIER, false, false) {
    @Override
    public SequentialBlock block(int outputs) {
      return Layers.flatDense(Architectures.TINY_HIDDEN, 1, outputs);
    }
  };

  private final String id;
  private final boolean halfCandle;
  private final boolean trainable;

  ClassifierArchitecture(String id, boolean halfCandle, boolean trainable) {
    this.id = id;
    this.halfCandle = halfCandle;
    this.trainable = trainable;
  }

  /** Three convolutions (32, 64, 64 filters) with ReLU, flattened, appended to {@code b}. */
  private static SequentialBlock conv3(SequentialBlock b) {
    return b.add(Layers.conv(32))
        .add(Activation.reluBlock())
        .add(Layers.conv(64))
        .add(Activation.reluBlock())
        .add(Layers.conv(64))
        .add(Activation.reluBlock())
        .add(Blocks.batchFlattenBlock());
  }

  /**
   * The classifier block: (N, C, H, W) → (N, outputs) logits.
   *
   * @param outputs the number of logits (Σ factor sizes)
   * @return the block
   */
  public abstract SequentialBlock block(int outputs);

  /**
   * The id in model.json and on the command line.
   *
   * @return e.g. {@code conv3-fc}
   */
  public String id() {
    return id;
  }

  /**
   * Whether {@code candela train-classifier} accepts the architecture.
   *
   * @return false for the benchmark-only layout
   */
  public boolean trainable() {
    return trainable;
  }

  /**
   * The network input for images with C channels.
   *
   * @param channels C
   * @return C × 64 × 64, or C × 120 × 160 for {@link #CONV4_FC_CANDLE}
   */
  public ModelCard.Shape input(int channels) {
    return halfCandle
        ? new ModelCard.Shape(
            channels, Architectures.CANDLE_CLASSIFIER_HEIGHT, Architectures.CANDLE_CLASSIFIER_WIDTH)
        : new ModelCard.Shape(channels, Architectures.SIDE, Architectures.SIDE);
  }

  /**
   * The architecture of an id, or null.
   *
   * @param id e.g. {@code conv3-fc}
   * @return the architecture, or null when unknown
   */
  public static ClassifierArchitecture find(String id) {
    return Architectures.find(values(), ClassifierArchitecture::id, id);
  }

  /**
   * The architecture of an id.
   *
   * @param id e.g. {@code conv3-fc}
   * @return the architecture
   * @throws IllegalArgumentException when the id is unknown
   */
  public static ClassifierArchitecture named(String id) {
    return Architectures.named(values(), ClassifierArchitecture::id, id, "classifier");
  }

  @Override
  public String toString() {
    return id;
  }
}
