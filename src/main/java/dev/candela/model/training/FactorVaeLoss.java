package dev.candela.model.training;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import dev.candela.BadInputException;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.model.arch.Architectures;
import dev.candela.model.hosting.VaeModels;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * FactorVAE (Kim and Mnih 2018): recon + KL + γ·TC, the total correlation estimated by a
 * discriminator between samples of q(z) and of the product of its marginals (records {@code tc}).
 * The discriminator ({@link Architectures#discriminator}, Adam β1 0.5, β2 0.9) is trained after
 * every VAE step on z and a copy with every dimension permuted across the batch (records {@code
 * disc}).
 */
final class FactorVaeLoss implements VaeLoss {
  /** The discriminator's parameter prefix in a checkpoint. */
  static final String PREFIX = "disc";

  private final float gamma;
  private final Model model;
  private final Block disc;
  private final CheckpointAdam adam;
  private final Trainer trainer;

  /**
   * Builds the discriminator and initialises it (after the VAE, so the engine's random stream is
   * consumed in the same order), or restores it from a checkpoint.
   */
  FactorVaeLoss(VaeTrainingConfig cfg, Device device, int batch, Checkpoints restoreFrom)
      throws BadInputException {
    this.gamma = (float) cfg.gamma();
    this.model = Model.newInstance(PREFIX, device, VaeModels.ENGINE);
    boolean ok = false;
    try {
      disc = Architectures.discriminator(cfg.discriminatorLayers(), cfg.discriminatorUnits());
      model.setBlock(disc);
      adam = new CheckpointAdam(disc, (float) cfg.discriminatorLearningRate(), 0.5f, 0.9f, 1e-8f);
      if (restoreFrom != null) {
        restoreFrom.restore(model, adam, PREFIX);
      }
      trainer = model.newTrainer(adam.trainingConfig(device));
      trainer.initialize(new Shape(batch, cfg.latentDim()));
      ok = true;
    } finally {
      if (!ok) {
        model.close();
      }
    }
  }

  @Override
  public NDArray loss(VaeBatch batch, NDArray recon, NDArray kl, Map<String, Float> terms) {
    NDArray dl = trainer.forward(new NDList(batch.z)).singletonOrThrow();
    NDList cols = dl.split(2, 1);
    NDArray tc = cols.get(0).sub(cols.get(1)).mean();
    terms.put("tc", tc.getFloat());
    return recon.add(kl).add(tc.mul(gamma));
  }

  @Override
  public void zeroGradients() {
    TrainingLoop.zeroGradients(disc);
  }

  @Override
  public void afterStep(VaeBatch batch, SplittableRandom rng, Map<String, Float> terms) {
    int b = batch.size;
    int d = batch.latentDim;
    TrainingLoop.zeroGradients(disc);
    float[] zf = batch.zDetached.toFloatArray();
    float[] zp = permuteDims(zf, b, d, rng);
    NDArray zPerm = batch.manager.create(zp, new Shape(b, d));
    float[] t0 = new float[b * 2];
    float[] t1 = new float[b * 2];
    for (int i = 0; i < b; i++) {
      t0[2 * i] = 1f;
      t1[2 * i + 1] = 1f;
    }
    try (GradientCollector gc = trainer.newGradientCollector()) {
      NDArray l0 = trainer.forward(new NDList(batch.zDetached)).singletonOrThrow();
      NDArray l1 = trainer.forward(new NDList(zPerm)).singletonOrThrow();
      NDArray ld =
          Losses.softmaxCrossEntropy(l0, batch.manager.create(t0, new Shape(b, 2)))
              .add(Losses.softmaxCrossEntropy(l1, batch.manager.create(t1, new Shape(b, 2))))
              .mul(0.5f);
      terms.put("disc", ld.getFloat());
      gc.backward(ld);
    }
    trainer.step();
  }

  /** Each latent dimension permuted independently across the batch (FactorVAE's q̄(z) sample). */
  static float[] permuteDims(float[] z, int b, int d, SplittableRandom rng) {
    float[] out = new float[z.length];
    for (int j = 0; j < d; j++) {
      int[] p = Arrays2.shuffled(b, rng);
      for (int i = 0; i < b; i++) {
        out[i * d + j] = z[p[i] * d + j];
      }
    }
    return out;
  }

  @Override
  public Model auxiliaryModel() {
    return model;
  }

  @Override
  public CheckpointAdam auxiliaryOptimizer() {
    return adam;
  }

  @Override
  public void close() {
    trainer.close();
    model.close();
  }
}
