package dev.candela.model.arch;

import ai.djl.ndarray.NDList;
import ai.djl.nn.Activation;
import ai.djl.nn.LambdaBlock;
import ai.djl.nn.SequentialBlock;
import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.SettingText;
import dev.candela.model.card.ModelCard;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The VAE network layouts, by their {@code --architecture} / model.json {@code architecture} id;
 * each builds its own encoder, (N, C, H, W) → (N, 2·D) (means, then log-variances: the two dense
 * heads of disentanglement_lib side by side), and decoder, (N, D) → (N, C, H, W) logits. All
 * convolutions are 4 × 4 with stride 2 and padding 1 ('same') unless stated; every layer but the
 * last of each network is followed by ReLU.
 */
public enum VaeArchitecture {
  /**
   * The convolutional encoder/decoder of disentanglement_lib for 64 × 64 inputs. Encoder: four
   * convolutions (32, 32, 64, 64 filters), dense 256, dense 2·D. Decoder: dense 256 and 1024,
   * reshape to 64 × 4 × 4, four transposed convolutions ({@link TransposedConv2d}: 64, 32, 32, C
   * filters), giving C × 64 × 64 logits. Larger inputs (CANDLE's 3 × 240 × 320) may be area-resized
   * to 64 × 64 first (the card's {@code sourceImage}).
   */
  DL_CONV64(Architectures.DL_CONV64, false, false, true),
  /**
   * The same style natively for CANDLE's C × 240 × 320 images. Encoder: five convolutions (32, 32,
   * 64, 64, 64 filters; 240 × 320 → 120 × 160 → 60 × 80 → 30 × 40 → 15 × 20 → 8 × 10, the last one
   * padded 2 rows and 1 column), dense 256, dense 2·D. Decoder (mirrored): dense 256 and 5120,
   * reshape to 64 × 8 × 10, a transposed convolution of 64 filters that is the exact transpose of
   * the fifth encoder convolution (padding 2 × 1, output padding 1 × 0: 8 × 10 → 15 × 20), then
   * four transposed convolutions (64, 32, 32, C filters), giving C × 240 × 320 logits. The fifth
   * convolution keeps the dense layers at 5120 × 256 weights each (instead of 19200 × 256).
   */
  DL_CONV_CANDLE(Architectures.DL_CONV_CANDLE, true, false, true),
  /**
   * {@link #DL_CONV64} with the earlier decoder, in which each transposed convolution is replaced
   * by nearest-neighbour ×2 upsampling and a 3 × 3 convolution. Models trained before the
   * transposed convolution existed use it; it loads and can be trained.
   */
  DL_CONV64_UPSAMPLE(Architectures.DL_CONV64_UPSAMPLE, false, true, true),
  /**
   * {@link #DL_CONV_CANDLE} with the earlier upsampling decoder; its first upsampling drops the
   * last row (16 × 20 → 15 × 20).
   */
  DL_CONV_CANDLE_UPSAMPLE(Architectures.DL_CONV_CANDLE_UPSAMPLE, true, true, true),
  /**
   * The fully connected dSprites network of the beta-VAE paper (Higgins et al. 2017, as in
   * disentanglement_lib's {@code fc_encoder}/{@code fc_decoder}) for C × 64 × 64 inputs. Encoder:
   * flatten, dense {@value Architectures#FC_HIDDEN} (ReLU) twice, dense 2·D. Decoder: dense {@value
   * Architectures#FC_HIDDEN} three times (tanh), dense C·64·64 reshaped to C × 64 × 64 logits.
   * Dense layers are plain matrix products, which a CPU runs closer to its peak than small
   * convolutions.
   */
  FC_HIGGINS(Architectures.FC_HIGGINS, false, false, true) {
    @Override
    public SequentialBlock encoder(int latentDim) {
      return Layers.flatDense(Architectures.FC_HIDDEN, 2, 2L * latentDim);
    }

    @Override
    public SequentialBlock decoder(int channels) {
      SequentialBlock b = new SequentialBlock();
      for (int i = 0; i < 3; i++) {
        b.add(Layers.dense(Architectures.FC_HIDDEN)).add(Activation.tanhBlock());
      }
      return Layers.denseToImage64(b, channels);
    }
  },
  /**
   * A small dense network with the 64 × 64 contract, for long benchmarks (the 100,000-sample memory
   * run of {@code bench cg-memory}), not for science; not trainable. Encoder: flatten, dense
   * {@value Architectures#TINY_HIDDEN} (ReLU), dense 2·D; decoder: dense {@value
   * Architectures#TINY_HIDDEN} (ReLU), dense C·64·64 reshaped to C × 64 × 64 logits.
   */
  TINY_DENSE64(Architectures.TINY_DENSE64, false, false, false) {
    @Override
    public SequentialBlock encoder(int latentDim) {
      return Layers.flatDense(Architectures.TINY_HIDDEN, 1, 2L * latentDim);
    }

    @Override
    public SequentialBlock decoder(int channels) {
      SequentialBlock b =
          new SequentialBlock()
              .add(Layers.dense(Architectures.TINY_HIDDEN))
              .add(Activation.reluBlock());
      return Layers.denseToImage64(b, channels);
    }
  };

  private final String id;
  private final boolean candle;
  private final boolean upsampling;
  private final boolean trainable;

  VaeArchitecture(String id, boolean candle, boolean upsampling, boolean trainable) {
    this.id = id;
    this.candle = candle;
    this.upsampling = upsampling;
    this.trainable = trainable;
  }

  /**
   * The encoder: (N, C, H, W) → (N, 2·D). The convolutional layouts share theirs by input size: the
   * four-convolution trunk then the head, with a padded fifth convolution between them for CANDLE's
   * images.
   *
   * @param latentDim D
   * @return the block
   */
  public SequentialBlock encoder(int latentDim) {
    SequentialBlock b = Layers.convTrunk(new SequentialBlock());
    if (candle) {
      b.add(Layers.paddedConv64()).add(Activation.reluBlock());
    }
    return Layers.encoderHead(b, latentDim);
  }

  /**
   * The decoder: (N, D) → (N, C, H, W) logits. The convolutional layouts share theirs: dense layers
   * to 64 maps of 4 × 4 (8 × 10 for CANDLE, then a first stage to 15 × 20 that mirrors the padded
   * fifth encoder convolution), then the tail of transposed convolutions, or of ×2 upsamplings and
   * 3 × 3 convolutions for the {@code -upsample} layouts.
   *
   * @param channels C
   * @return the block
   */
  public SequentialBlock decoder(int channels) {
    SequentialBlock b;
    if (!candle) {
      b = Layers.denseToMaps(4, 4);
    } else if (!upsampling) {
      b =
          Layers.denseToMaps(8, 10)
              .add(new TransposedConv2d(64, 2, 1, 1, 0))
              .add(Activation.reluBlock());
    } else {
      // the first upsampling drops the last row (16 × 20 → 15 × 20)
      b =
          Layers.denseToMaps(8, 10)
              .add(
                  new LambdaBlock(
                      l -> new NDList(Layers.upsample2(l.singletonOrThrow()).get(":, :, 0:15, :"))))
              .add(Layers.conv3x3(64))
              .add(Activation.reluBlock());
    }
    return upsampling ? Layers.upsamplingTail(b, channels) : Layers.transposedTail(b, channels);
  }

  /**
   * The id on the command line and in model.json.
   *
   * @return e.g. {@code dl-conv64}
   */
  public String id() {
    return id;
  }

  /**
   * Whether the network takes CANDLE's native 240 × 320 images.
   *
   * @return true for the {@code dl-conv-candle} layouts
   */
  public boolean candle() {
    return candle;
  }

  /**
   * Whether the decoder is the earlier upsampling one.
   *
   * @return true for the {@code -upsample} layouts
   */
  public boolean upsampling() {
    return upsampling;
  }

  /**
   * Whether {@code candela train} accepts the architecture.
   *
   * @return false for the benchmark-only layouts
   */
  public boolean trainable() {
    return trainable;
  }

  /**
   * The network input for images with C channels.
   *
   * @param channels C
   * @return C × 64 × 64 or C × 240 × 320
   */
  public ModelCard.Shape input(int channels) {
    return candle
        ? new ModelCard.Shape(channels, Architectures.CANDLE_HEIGHT, Architectures.CANDLE_WIDTH)
        : new ModelCard.Shape(channels, Architectures.SIDE, Architectures.SIDE);
  }

  /**
   * The network input for a dataset's images: a native-CANDLE architecture needs images of exactly
   * its input size, the others take any image (area-resized to 64 × 64).
   *
   * @param image the dataset's image shape
   * @param dataset the dataset's name, for the error
   * @return the network input
   * @throws IllegalArgumentException when a native-CANDLE architecture meets another image size
   */
  public ModelCard.Shape inputFor(ModelCard.Shape image, String dataset) {
    ModelCard.Shape netIn = input(image.channels());
    if (candle && (image.height() != netIn.height() || image.width() != netIn.width())) {
      throw new SettingException(
          SettingText.of(
              Setting.ARCHITECTURE,
              " "
                  + this
                  + " takes "
                  + netIn.height()
                  + "x"
                  + netIn.width()
                  + " images, but dataset '"
                  + dataset
                  + "' has "
                  + image.channels()
                  + "x"
                  + image.height()
                  + "x"
                  + image.width()
                  + "; use ",
              Setting.ARCHITECTURE,
              " " + Architectures.DL_CONV64),
          this);
    }
    return netIn;
  }

  /**
   * The trainable architectures, the defaults first.
   *
   * @return the list
   */
  public static List<VaeArchitecture> trainables() {
    return Arrays.stream(values()).filter(VaeArchitecture::trainable).toList();
  }

  /**
   * The architecture of an id, or null.
   *
   * @param id e.g. {@code dl-conv64}
   * @return the architecture, or null when unknown
   */
  public static VaeArchitecture find(String id) {
    return Architectures.find(values(), VaeArchitecture::id, id);
  }

  /**
   * The architecture of an id.
   *
   * @param id e.g. {@code dl-conv64}
   * @return the architecture
   * @throws IllegalArgumentException when the id is unknown
   */
  public static VaeArchitecture named(String id) {
    return Architectures.named(values(), VaeArchitecture::id, id, "VAE");
  }

  /**
   * The trainable architecture of an {@code --architecture} value.
   *
   * @param id e.g. {@code dl-conv64}
   * @return the architecture
   * @throws IllegalArgumentException when the id is not a trainable architecture
   */
  public static VaeArchitecture forTraining(String id) {
    VaeArchitecture a = find(id);
    if (a == null || !a.trainable) {
      throw new SettingException(
          Setting.ARCHITECTURE,
          id,
          "must be one of "
              + trainables().stream().map(VaeArchitecture::id).collect(Collectors.joining(", "))
              + ", got "
              + id);
    }
    return a;
  }

  @Override
  public String toString() {
    return id;
  }
}
