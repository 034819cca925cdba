package dev.candela.model.training;

import ai.djl.ndarray.NDArray;
import java.util.Map;

/**
 * β-TCVAE (Chen et al. 2018): recon + KL + (β − 1)·TC, with the minibatch-weighted TC estimate
 * ({@link Losses#totalCorrelation}); records {@code tc}.
 */
final class BetaTcVaeLoss implements VaeLoss {
  private final float tcWeight;

  BetaTcVaeLoss(double beta) {
    this.tcWeight = (float) (beta - 1);
  }

  @Override
  public NDArray loss(VaeBatch batch, NDArray recon, NDArray kl, Map<String, Float> terms) {
    NDArray tc = Losses.totalCorrelation(batch.z, batch.mean, batch.logVar);
    terms.put("tc", tc.getFloat());
    return recon.add(kl).add(tc.mul(tcWeight));
  }
}
