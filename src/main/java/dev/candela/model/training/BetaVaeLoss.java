package dev.candela.model.training;

import ai.djl.ndarray.NDArray;
import java.util.Map;

/** β-VAE (Higgins et al. 2017): recon + β·KL. */
final class BetaVaeLoss implements VaeLoss {
  private final float beta;

  BetaVaeLoss(double beta) {
    this.beta = (float) beta;
  }

  @Override
  public NDArray loss(VaeBatch batch, NDArray recon, NDArray kl, Map<String, Float> terms) {
    return recon.add(kl.mul(beta));
  }
}
