package dev.candela.model.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import java.util.Map;

/**
 * The bounding-box term of {@code ss-fvae-bb}: the squared reconstruction error inside the object's
 * box mask, summed per image, mean over the batch, weighted (records {@code box}).
 *
 * @param height the images' height
 * @param width their width
 * @param weight the term's weight
 */
record BoundingBoxTerm(int height, int width, float weight) implements VaeLoss.LossTerm {

  @Override
  public NDArray addTo(NDArray loss, VaeBatch batch, Map<String, Float> terms) {
    int b = batch.size;
    NDArray w = batch.manager.create(batch.boxes, new Shape(b, 1, height, width));
    NDArray diff = batch.x.sub(Activation.sigmoid(batch.logits)).mul(w);
    NDArray bb = diff.square().reshape(b, -1).sum(new int[] {1}).mean();
    terms.put("box", bb.getFloat());
    return loss.add(bb.mul(weight));
  }
}
