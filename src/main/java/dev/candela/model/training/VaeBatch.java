package dev.candela.model.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;

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
}
