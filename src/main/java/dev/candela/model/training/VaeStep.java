package dev.candela.model.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The VAE's {@link TrainingLoop.Step}: the batch ({@link VaeBatch.Source}), the forward pass, the
 * two ELBO terms, the objective's {@link VaeLoss} and the composed {@link VaeLoss.LossTerm}s, the
 * backward pass and optimiser step, then the objective's own step (FactorVAE's discriminator);
 * times the phases when given a {@link StepTimes}.
 */
record VaeStep(
    Trainer trainer,
    Block block,
    VaeBatch.Source batches,
    VaeLoss loss,
    List<VaeLoss.LossTerm> additions,
    StepTimes times)
    implements TrainingLoop.Step {
  VaeStep {
    additions = List.copyOf(additions);
  }

  @Override
  public Map<String, Float> run(
      NDManager manager, int[] order, int s, SplittableRandom rng, int epoch) {
    VaeBatch batch = batches.batch(manager, order, s);
    Map<String, Float> terms = new LinkedHashMap<>();
    long t0 = System.nanoTime();
    TrainingLoop.zeroGradients(block);
    loss.zeroGradients();
    long t1 = System.nanoTime();
    long t2;
    long t3;
    try (GradientCollector gc = trainer.newGradientCollector()) {
      NDList o = trainer.forward(new NDList(batch.x));
      batch.logits = o.get(0);
      batch.mean = o.get(1);
      batch.logVar = o.get(2);
      batch.z = o.get(3);
      NDArray recon = Losses.bernoulli(batch.logits, batch.x);
      NDArray kl = Losses.gaussianKl(batch.mean, batch.logVar);
      terms.put("recon", recon.getFloat());
      terms.put("kl", kl.getFloat());
      NDArray total = loss.loss(batch, recon, kl, terms);
      for (VaeLoss.LossTerm t : additions) {
        total = t.addTo(total, batch, terms);
      }
      float lv = total.getFloat();
      if (!Float.isFinite(lv)) {
        throw new IllegalStateException(
            "loss became "
                + lv
                + " at epoch "
                + (epoch + 1)
                + " step "
                + (s + 1)
                + "; lower the learning rate or the regulariser weights");
      }
      terms.put("loss", lv);
      t2 = System.nanoTime();
      gc.backward(total);
      t3 = System.nanoTime();
      batch.zDetached =
          batch.manager.create(batch.z.toFloatArray(), new Shape(batch.size, batch.latentDim));
    }
    long t4 = System.nanoTime();
    trainer.step();
    long t5 = System.nanoTime();
    loss.afterStep(batch, rng, terms);
    if (times != null) {
      times.add(t2 - t1, t3 - t2, (t1 - t0) + (t5 - t4));
    }
    return terms;
  }
}
