package dev.candela.metrics;

import dev.candela.metrics.stats.Uncertainty;

/**
 * A VAE's reconstruction error as its own loss measures it: the negative Bernoulli log-likelihood
 * (binary cross-entropy) of each image under the decoder's output for the encoder mean, summed over
 * the pixels (Kingma &amp; Welling, "Auto-Encoding Variational Bayes", ICLR 2014, Appendix C.1; the
 * {@code recon} term Candela's training minimises and records in a model card):
 *
 * <pre>
 *   BCE(x) = Σ_p −[x_p log π_p + (1 − x_p) log(1 − π_p)],   π = decoder(μ(x))
 *          = Σ_p max(l_p, 0) − l_p x_p + log(1 + e^{−|l_p|})   for logits l (π = sigmoid(l))
 *   reconstruction = mean_x BCE(x)   (nats per image)
 * </pre>
 *
 * For a decoder that emits probabilities each logarithm is floored at −100 ({@code log π ≥ −100}),
 * as PyTorch's {@code binary_cross_entropy} does. The score is a mean of independent per-image
 * terms: its interval is the t interval of a mean ({@link Uncertainty#ofMean}).
 */
public final class ReconstructionLoss {
  private ReconstructionLoss() {}

  /** The floor of a logarithm of a probability (PyTorch's {@code binary_cross_entropy}). */
  public static final double LOG_FLOOR = -100;

  /**
   * Per-image binary cross-entropy.
   *
   * @param output the decoder's output, {@code n × volume} (logits or probabilities)
   * @param logits whether {@code output} holds logits
   * @param targets the images in [0, 1], the same shape
   * @param n the images
   * @return per image, the summed binary cross-entropy in nats
   * @throws IllegalArgumentException naming the values when the shapes disagree, a target is
   *     outside [0, 1] or a probability outside [0, 1]
   */
  public static double[] bernoulli(float[] output, boolean logits, float[] targets, int n) {
    if (n < 1 || output.length != targets.length || output.length % n != 0) {
      throw new IllegalArgumentException(
          "decoder output has "
              + output.length
              + " values and the targets "
              + targets.length
              + ", for "
              + n
              + " images");
    }
    int vol = output.length / n;
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      double sum = 0;
      for (int p = i * vol; p < (i + 1) * vol; p++) {
        double x = targets[p];
        if (!(x >= 0 && x <= 1)) {
          throw new IllegalArgumentException(
              "target pixel " + (p - i * vol) + " of image " + i + " is " + x + ", not in [0, 1]");
        }
        double o = output[p];
        if (logits) {
          sum += Math.max(o, 0) - o * x + Math.log1p(Math.exp(-Math.abs(o)));
        } else {
          if (!(o >= 0 && o <= 1)) {
            throw new IllegalArgumentException(
                "decoder probability "
                    + (p - i * vol)
                    + " of image "
                    + i
                    + " is "
                    + o
                    + ", not in [0, 1]");
          }
          double lp = Math.max(Math.log(o), LOG_FLOOR);
          double lq = Math.max(Math.log1p(-o), LOG_FLOOR);
          sum -= x * lp + (1 - x) * lq;
        }
      }
      out[i] = sum;
    }
    return out;
  }

  /**
   * The score and its interval from per-image terms.
   *
   * @param perImage the per-image losses (≥ 2)
   * @param loss the loss's name, e.g. {@code bernoulli}
   * @return the result
   */
  public static ReconstructionResult of(double[] perImage, String loss) {
    Uncertainty u = Uncertainty.ofMean(perImage);
    double s = 0;
    for (double v : perImage) {
      s += v;
    }
    return new ReconstructionResult(s / perImage.length, u, loss, perImage.length);
  }
}
