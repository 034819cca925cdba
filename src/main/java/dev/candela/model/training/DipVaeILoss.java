package dev.candela.model.training;

import ai.djl.ndarray.NDArray;
import java.util.Map;

/**
 * DIP-VAE-I (Kumar et al. 2018): recon + KL + λ_od Σ_{i≠j} C_ij² + λ_d Σ (C_ii − 1)² with C the
 * covariance of the encoder means ({@link Losses#dipI}); records {@code dip}.
 */
final class DipVaeILoss implements VaeLoss {
  private final float lambdaOd;
  private final float lambdaD;

  DipVaeILoss(double lambdaOd, double lambdaD) {
    this.lambdaOd = (float) lambdaOd;
    this.lambdaD = (float) lambdaD;
  }

  @Override
  public NDArray loss(VaeBatch batch, NDArray recon, NDArray kl, Map<String, Float> terms) {
    NDArray reg = Losses.dipI(batch.mean, lambdaOd, lambdaD);
    terms.put("dip", reg.getFloat());
    return recon.add(kl).add(reg);
  }
}
