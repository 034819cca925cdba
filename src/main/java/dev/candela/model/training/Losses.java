package dev.candela.model.training;

import ai.djl.ndarray.NDArray;

/**
 * Loss terms of the VAE objectives, on DJL arrays (batch first). Formulas follow the papers and
 * disentanglement_lib; all return a scalar averaged over the batch.
 */
final class Losses {
  private static final float LOG_2PI = (float) Math.log(2 * Math.PI);

  private Losses() {}

  /**
   * Bernoulli reconstruction: Σ_pixels BCE-with-logits(l, x) = max(l, 0) − l·x + log(1 + e^{−|l|}),
   * mean over the batch.
   */
  static NDArray bernoulli(NDArray logits, NDArray x) {
    NDArray per = bceWithLogits(logits, x);
    return per.reshape(per.getShape().get(0), -1).sum(new int[] {1}).mean();
  }

  /** Element-wise binary cross-entropy with logits. */
  static NDArray bceWithLogits(NDArray logits, NDArray x) {
    return logits.maximum(0f).sub(logits.mul(x)).add(logits.abs().neg().exp().add(1f).log());
  }

  /** KL(q(z|x) ‖ N(0, I)) = ½ Σ_j (μ² + e^{lv} − lv − 1), mean over the batch. */
  static NDArray gaussianKl(NDArray mean, NDArray logVar) {
    return mean.square().add(logVar.exp()).sub(logVar).sub(1f).sum(new int[] {1}).mul(0.5f).mean();
  }

  /** log N(x; μ, e^{lv}) element-wise. */
  static NDArray gaussianLogDensity(NDArray x, NDArray mean, NDArray logVar) {
    NDArray d = x.sub(mean);
    return d.square().mul(logVar.neg().exp()).add(logVar).add(LOG_2PI).mul(-0.5f);
  }

  /** log Σ exp along an axis (numerically stable). */
  static NDArray logSumExp(NDArray a, int axis) {
    NDArray m = a.max(new int[] {axis}, true).stopGradient();
    return a.sub(m).exp().sum(new int[] {axis}).log().add(m.squeeze(axis));
  }

  /**
   * Total correlation by minibatch-weighted sampling as disentanglement_lib's β-TCVAE: mean_i [log
   * Σ_k Π_j q(z_ij | x_k) − Σ_j log Σ_k q(z_ij | x_k)] (the log(N·M) constants cancel up to a
   * constant, which is dropped).
   */
  static NDArray totalCorrelation(NDArray z, NDArray mean, NDArray logVar) {
    long b = z.getShape().get(0);
    long d = z.getShape().get(1);
    NDArray lq =
        gaussianLogDensity(
            z.reshape(b, 1, d), mean.reshape(1, b, d), logVar.reshape(1, b, d)); // (b, b, d)
    NDArray logQz = logSumExp(lq.sum(new int[] {2}), 1);
    NDArray logQzProduct = logSumExp(lq, 1).sum(new int[] {1});
    return logQz.sub(logQzProduct).mean();
  }

  /** DIP-VAE-I regulariser: C = Cov(μ) over the batch; λ_od Σ_{i≠j} C_ij² + λ_d Σ_i (C_ii − 1)². */
  static NDArray dipI(NDArray mean, float lambdaOd, float lambdaD) {
    long b = mean.getShape().get(0);
    NDArray centered = mean.sub(mean.mean(new int[] {0}, true));
    NDArray cov = centered.transpose().matMul(centered).div((float) b);
    long d = cov.getShape().get(0);
    NDArray eye = cov.getManager().eye((int) d);
    NDArray diag = cov.mul(eye);
    NDArray off = cov.sub(diag);
    NDArray diagVals = diag.sum(new int[] {1});
    return off.square().sum().mul(lambdaOd).add(diagVals.sub(1f).square().sum().mul(lambdaD));
  }

  /** Softmax cross-entropy of logits (b, k) against one-hot targets (b, k), mean over the batch. */
  static NDArray softmaxCrossEntropy(NDArray logits, NDArray oneHot) {
    return logits.logSoftmax(1).mul(oneHot).sum(new int[] {1}).neg().mean();
  }
}
