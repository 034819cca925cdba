package dev.candela.model.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import dev.candela.data.FactorDataset;
import dev.candela.model.card.ModelCard;

/**
 * One training batch as the loss terms see it: the inputs, the VAE's outputs (logits, means,
 * log-variances and the sampled z), the labels of the semi-supervised term and the box masks.
 */
final class VaeBatch {
  /** The batch's array scope (closed after the step). */
  final NDManager manager;

  /** Batch size B. */
  final int size;

  /** Latent size D. */
  final int latentDim;

  /** Inputs (B, C, H, W). */
  final NDArray x;

  /** Reconstruction logits (B, C, H, W). */
  NDArray logits;

  /** Encoder means (B, D). */
  NDArray mean;

  /** Encoder log-variances (B, D). */
  NDArray logVar;

  /** The sample of q(z|x) (B, D). */
  NDArray z;

  /** z as a constant outside the gradient tape, set after the VAE's backward pass. */
  NDArray zDetached;

  /** Labels of the supervised factors, row-major B × k, scaled to [0, 1]. */
  final float[] labels;

  /** 1 for a labelled sample, else 0. */
  final float[] labelMask;

  /** Labelled samples in the batch. */
  final int labelledCount;

  /** Bounding-box masks B × H × W, or null. */
  final float[] boxes;

  VaeBatch(
      NDManager manager,
      int size,
      int latentDim,
      NDArray x,
      float[] labels,
      float[] labelMask,
      int labelledCount,
      float[] boxes) {
    this.manager = manager;
    this.size = size;
    this.latentDim = latentDim;
    this.x = x;
    this.labels = labels;
    this.labelMask = labelMask;
    this.labelledCount = labelledCount;
    this.boxes = boxes;
  }

  /**
   * Assembles the batches of an epoch from the in-memory training subset.
   *
   * @param ds the dataset (its factor sizes scale the labels)
   * @param data the training subset
   * @param supervised the factors of the semi-supervised labels
   * @param labelled per training row, whether its labels are seen
   * @param b batch size
   * @param d latent size
   * @param withBoxes whether batches carry the bounding-box masks
   */
  record Source(
      FactorDataset ds,
      TrainingData data,
      int[] supervised,
      boolean[] labelled,
      int b,
      int d,
      boolean withBoxes) {

    /** Batch {@code s} of the epoch's permutation. */
    VaeBatch batch(NDManager sub, int[] perm, int s) {
      ModelCard.Shape in = data.input;
      int vol = in.volume();
      int inH = in.height();
      int inW = in.width();
      float[] x = new float[b * vol];
      float[] y = new float[b * Math.max(1, supervised.length)];
      float[] mask = new float[b];
      float[] box = withBoxes ? new float[b * inH * inW] : null;
      int labelledCount = 0;
      for (int i = 0; i < b; i++) {
        int r = perm[s * b + i];
        System.arraycopy(data.images, r * vol, x, i * vol, vol);
        if (labelled[r]) {
          mask[i] = 1f;
          labelledCount++;
          for (int k = 0; k < supervised.length; k++) {
            int f = supervised[k];
            int size = ds.space().factors().get(f).size();
            y[i * supervised.length + k] = data.codes[r][f] / (float) (size - 1);
          }
        }
        if (box != null) {
          int area = inH * inW;
          System.arraycopy(data.boxes, r * area, box, i * area, area);
        }
      }
      NDArray xs = sub.create(x, new Shape(b, in.channels(), inH, inW));
      return new VaeBatch(sub, b, d, xs, y, mask, labelledCount, box);
    }
  }
}
