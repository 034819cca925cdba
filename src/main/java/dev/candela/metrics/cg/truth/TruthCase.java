package dev.candela.metrics.cg.truth;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * One case of the ground-truth CG benchmark: a constructed decoder (with its encoder) and how its
 * samples' factor codes are drawn. Codes are uniform and independent per factor; with {@code
 * confounding} q &gt; 0, posY is set to posX's code in a share q of the samples (a CONFOUNDED pair:
 * the data carry posX and posY together, the decoder still draws each from its own latent).
 *
 * @param name the case's name (a table row)
 * @param decoder the decoder and its encoder
 * @param confounding the share of samples whose posY code equals their posX code, in [0, 1]
 */
public record TruthCase(String name, ConstructedDecoder decoder, double confounding) {

  /** The confounded pair's share: posY = posX in 90 % of the samples. */
  public static final double CONFOUNDED_SHARE = 0.9;

  /** Validates. */
  public TruthCase {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(decoder, "decoder");
    if (!(confounding >= 0 && confounding <= 1)) {
      throw new IllegalArgumentException("confounding must be in [0, 1], got " + confounding);
    }
  }

  /**
   * A case with independent factors, named after its decoder.
   *
   * @param decoder the decoder
   * @return the case
   */
  public static TruthCase of(ConstructedDecoder decoder) {
    return new TruthCase(decoder.name(), decoder, 0);
  }

  /**
   * The benchmark's cases: disentangled; posX leaking 0.25 and 0.5 of posY; the 0.5 leak with an
   * inert clean copy of posX; duplicated posX; a disentangled decoder on confounded posX/posY.
   *
   * @return the cases, in this order
   */
  public static List<TruthCase> defaults() {
    return List.of(
        of(ConstructedDecoder.disentangled()),
        of(ConstructedDecoder.leak(0.25)),
        of(ConstructedDecoder.leak(0.5)),
        of(ConstructedDecoder.inertCopy(0.5)),
        of(ConstructedDecoder.duplicated()),
        new TruthCase(
            "confounded-posXY",
            ConstructedDecoder.disentangled().named("confounded-posXY"),
            CONFOUNDED_SHARE));
  }

  /**
   * Draws samples: factor codes and their latents from the decoder's encoder.
   *
   * @param n the number of samples
   * @param seed the seed (codes, confounding and encoder noise come from one stream)
   * @return the samples
   */
  public Samples sample(int n, long seed) {
    if (n < 1) {
      throw new IllegalArgumentException("need at least 1 sample, got " + n);
    }
    SplittableRandom rng = new SplittableRandom(seed);
    int[][] codes = new int[ConstructedDecoder.NUM_FACTORS][n];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < ConstructedDecoder.NUM_FACTORS; k++) {
        codes[k][i] = rng.nextInt(ConstructedDecoder.size(k));
      }
      if (confounding > 0 && rng.nextDouble() < confounding) {
        codes[ConstructedDecoder.POS_Y][i] = codes[ConstructedDecoder.POS_X][i];
      }
    }
    return new Samples(codes, decoder.encode(codes, rng));
  }

  /**
   * Samples of a case.
   *
   * @param codes {@code codes[factor][sample]} in {@link ConstructedDecoder#FACTOR_NAMES} order
   * @param z {@code z[sample][latent]}, the encoder's latents
   */
  public record Samples(int[][] codes, float[][] z) {}
}
