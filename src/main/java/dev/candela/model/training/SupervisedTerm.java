package dev.candela.model.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import java.util.Map;

/**
 * The semi-supervised ({@code ss-}) term: BCE-with-logits of the first k encoder means against the
 * labelled samples' factor codes scaled to [0, 1], summed and divided by the labelled count,
 * weighted (records {@code sup}; nothing when the batch has no labelled sample).
 */
final class SupervisedTerm implements VaeLoss.LossTerm {
  private final int factors;
  private final float weight;

  SupervisedTerm(int factors, double weight) {
    this.factors = factors;
    this.weight = (float) weight;
  }

  @Override
  public NDArray addTo(NDArray loss, VaeBatch batch, Map<String, Float> terms) {
    if (batch.labelledCount == 0) {
      return loss;
    }
    int k = factors;
    int b = batch.size;
    NDArray ys = batch.manager.create(batch.labels, new Shape(b, k));
    NDArray ms = batch.manager.create(batch.labelMask, new Shape(b, 1));
    NDArray head = batch.mean.get(":, 0:" + k);
    NDArray sup = Losses.bceWithLogits(head, ys).mul(ms).sum().div((float) batch.labelledCount);
    terms.put("sup", sup.getFloat());
    return loss.add(sup.mul(weight));
  }
}
