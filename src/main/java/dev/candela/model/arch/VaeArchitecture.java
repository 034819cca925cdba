package dev.candela.model.arch;

import ai.djl.nn.SequentialBlock;
import dev.candela.model.card.ModelCard;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The VAE network layouts, by their {@code --architecture} / model.json {@code architecture} id
 * (the layouts themselves are described in {@link Architectures}).
 */
public enum VaeArchitecture {
  /** The disentanglement_lib convolutional VAE for 64 × 64 inputs. */
  DL_CONV64(Architectures.DL_CONV64, false, false, true),
  /** The disentanglement_lib-style convolutional VAE for CANDLE's native 240 × 320 inputs. */
  DL_CONV_CANDLE(Architectures.DL_CONV_CANDLE, true, false, true),
  /** {@link #DL_CONV64} with the earlier upsampling + 3 × 3 convolution decoder. */
  DL_CONV64_UPSAMPLE(Architectures.DL_CONV64_UPSAMPLE, false, true, true),
  /** {@link #DL_CONV_CANDLE} with the earlier upsampling + 3 × 3 convolution decoder. */
  DL_CONV_CANDLE_UPSAMPLE(Architectures.DL_CONV_CANDLE_UPSAMPLE, true, true, true),
  /** The fully connected VAE of the beta-VAE paper for 64 × 64 inputs. */
  FC_HIGGINS(Architectures.FC_HIGGINS, false, false, true),
  /** The tiny dense VAE for 64 × 64 inputs (benchmarks only; not trainable). */
  TINY_DENSE64(Architectures.TINY_DENSE64, false, false, false);

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
   * The encoder: (N, C, H, W) → (N, 2·D).
   *
   * @param latentDim D
   * @return the block
   */
  public SequentialBlock encoder(int latentDim) {
    return Architectures.encoder(id, latentDim);
  }

  /**
   * The decoder: (N, D) → (N, C, H, W) logits.
   *
   * @param channels C
   * @return the block
   */
  public SequentialBlock decoder(int channels) {
    return Architectures.decoder(id, channels);
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
    for (VaeArchitecture a : values()) {
      if (a.id.equals(id)) {
        return a;
      }
    }
    return null;
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
      throw new IllegalArgumentException(
          "architecture must be one of "
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
