package dev.candela.model.arch;

import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.SequentialBlock;
import dev.candela.Ids;
import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.model.card.ModelCard;
import java.util.function.Function;

/**
 * The architectures' names (the ids of {@code --architecture} and of model.json's {@code
 * architecture}), their input sizes, and the blocks of a named architecture: the VAE layouts are
 * {@link VaeArchitecture}'s constants, the factor classifiers {@link ClassifierArchitecture}'s,
 * each of which builds its own blocks; this class looks them up by name and builds the FactorVAE
 * discriminator. docs/models.md has the table of layouts.
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
   * The network input of a VAE architecture for images with C channels.
   *
   * @param name one of {@link #VAES} or {@value #TINY_DENSE64}
   * @param channels C
   * @return C × 64 × 64 or C × 240 × 320
   * @throws IllegalArgumentException when the name is unknown
   */
  public static ModelCard.Shape vaeInput(String name, int channels) {
    return VaeArchitecture.named(name).input(channels);
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
    if (ClassifierArchitecture.find(name) != null) {
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
      throw new SettingException(
          Setting.ARCHITECTURE,
          name,
          name + " takes " + want.height() + "x" + want.width() + " inputs, got " + input);
    }
  }

  /**
   * The network input of a classifier architecture for images with C channels.
   *
   * @param name one of {@link #CLASSIFIERS} or {@value #TINY_CLASSIFIER}
   * @param channels C
   * @return C × 64 × 64, or C × 120 × 160 for {@value #CLASSIFIER_CANDLE}
   * @throws IllegalArgumentException when the name is unknown
   */
  public static ModelCard.Shape classifierInput(String name, int channels) {
    return ClassifierArchitecture.named(name).input(channels);
  }

  /**
   * The classifier block of an architecture: (N, C, H, W) → (N, outputs) logits.
   *
   * @param name one of {@link #CLASSIFIERS} or {@value #TINY_CLASSIFIER}
   * @param outputs the number of logits
   * @return the block
   * @throws IllegalArgumentException when the name is unknown
   */
  public static SequentialBlock classifier(String name, int outputs) {
    return ClassifierArchitecture.named(name).block(outputs);
  }

  /** Hidden layers of the FactorVAE discriminator by default (disentanglement_lib: 6). */
  public static final int DISCRIMINATOR_LAYERS = 6;

  /** Units per hidden layer of the FactorVAE discriminator by default (disentanglement_lib). */
  public static final int DISCRIMINATOR_UNITS = 1000;

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
      b.add(Layers.dense(units)).add(Activation.leakyReluBlock(0.2f));
    }
    return b.add(Layers.dense(2));
  }

  /**
   * The architecture of an id among these, or null.
   *
   * @param all the architectures
   * @param id how an architecture names itself
   * @param wanted the id looked for
   * @param <A> the kind of architecture
   * @return the architecture, or null when none has the id
   */
  static <A> A find(A[] all, Function<A, String> id, String wanted) {
    for (A a : all) {
      if (id.apply(a).equals(wanted)) {
        return a;
      }
    }
    return null;
  }

  /**
   * The architecture of an id among these.
   *
   * @param all the architectures
   * @param id how an architecture names itself
   * @param wanted the id looked for
   * @param kind the kind in the message ({@code VAE}, {@code classifier})
   * @param <A> the kind of architecture
   * @return the architecture
   * @throws IllegalArgumentException naming the known ids when none has the id
   */
  static <A> A named(A[] all, Function<A, String> id, String wanted, String kind) {
    A a = find(all, id, wanted);
    if (a == null) {
      throw new IllegalArgumentException(
          Ids.unknown("unknown " + kind + " architecture '%s' (known: %s)", wanted, all, id));
    }
    return a;
  }
}
