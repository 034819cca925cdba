package dev.candela.model.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import dev.candela.data.ImageDegradation;
import dev.candela.model.card.ModelCard;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The factor classifier's {@link TrainingLoop.Step}: a batch of images with multi-hot targets (one
 * 1 per factor, at its value), the loss of the head, backward pass and optimiser step; before each
 * epoch, the configuration's learning rate of that epoch. Loss: the sum over factors of the softmax
 * cross-entropy (head {@code softmax}), or the binary cross-entropy of one sigmoid per factor value
 * against the multi-hot target summed over values (head {@code sigmoid}, the CANDLE authors'
 * classifier), averaged over the batch. With {@code --degrade vae-like} each image is degraded
 * ({@link ImageDegradation#drawVaeLike}) from the epoch's random stream, after the permutation, so
 * a run is reproducible and a resumed epoch sees the same images.
 */
final class ClassifierStep implements TrainingLoop.Step {
  private final Trainer trainer;
  private final CheckpointAdam adam;
  private final Block block;
  private final TrainingData train;
  private final List<ModelCard.FactorInfo> factors;
  private final int total;
  private final int b;
  private final ClassifierTrainingConfig cfg;

  ClassifierStep(
      Trainer trainer,
      CheckpointAdam adam,
      Block block,
      TrainingData train,
      List<ModelCard.FactorInfo> factors,
      int b,
      ClassifierTrainingConfig cfg) {
    this.trainer = trainer;
    this.adam = adam;
    this.block = block;
    this.train = train;
    this.factors = List.copyOf(factors);
    this.total = factors.stream().mapToInt(ModelCard.FactorInfo::size).sum();
    this.b = b;
    this.cfg = cfg;
  }

  @Override
  public void startEpoch(int epoch) {
    adam.setLearningRate((float) cfg.rateAt(epoch));
  }

  @Override
  public Map<String, Float> run(
      NDManager manager, int[] order, int s, SplittableRandom rng, int epoch) {
    ModelCard.Shape in = train.input;
    int vol = in.volume();
    float[] x = new float[b * vol];
    int[] shape = {in.channels(), in.height(), in.width()};
    float[] target = new float[b * total];
    for (int i = 0; i < b; i++) {
      int r = order[s * b + i];
      System.arraycopy(train.images, r * vol, x, i * vol, vol);
      if (cfg.degraded()) {
        ImageDegradation.drawVaeLike(rng).apply(x, i, 1, shape, rng);
      }
      int off = 0;
      for (int f = 0; f < factors.size(); f++) {
        target[i * total + off + train.codes[r][f]] = 1f;
        off += factors.get(f).size();
      }
    }
    NDArray xs = manager.create(x, new Shape(b, in.channels(), in.height(), in.width()));
    NDArray ts = manager.create(target, new Shape(b, total));
    TrainingLoop.zeroGradients(block);
    float lv;
    try (GradientCollector gc = trainer.newGradientCollector()) {
      NDArray logits = trainer.forward(new NDList(xs)).singletonOrThrow();
      NDArray loss = loss(logits, ts);
      lv = loss.getFloat();
      gc.backward(loss);
    }
    trainer.step();
    return Map.of("loss", lv);
  }

  /** The head's loss of a batch's logits against its multi-hot targets. */
  private NDArray loss(NDArray logits, NDArray targets) {
    if (cfg.head().equals("sigmoid")) {
      NDArray per = Losses.bceWithLogits(logits, targets);
      return per.sum(new int[] {1}).mean();
    }
    NDArray sum = null;
    int off = 0;
    for (ModelCard.FactorInfo f : factors) {
      String range = ":, " + off + ":" + (off + f.size());
      NDArray ce = Losses.softmaxCrossEntropy(logits.get(range), targets.get(range));
      sum = sum == null ? ce : sum.add(ce);
      off += f.size();
    }
    return sum;
  }
}
