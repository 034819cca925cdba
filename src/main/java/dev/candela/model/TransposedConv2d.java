package dev.candela.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Parameter;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;

/**
 * A 4 × 4, stride-2 transposed convolution (PyTorch {@code ConvTranspose2d(k=4, s=2, padding=p,
 * output_padding=op)}, TensorFlow {@code conv2d_transpose} with 'same' padding for p = 1), built
 * from operations DJL's PyTorch engine has (it has no transposed convolution).
 *
 * <p>Definition (scatter form): for input x (N, I, H, W) and kernel K (I, O, 4, 4),
 *
 * <pre>
 *   y[n][o][2h − p_h + a][2w − p_w + b] += x[n][i][h][w] · K[i][o][a][b],   plus bias[o],
 * </pre>
 *
 * over all i, h, w, a, b whose target lies inside the output of (H − 1)·2 − 2·p_h + 4 + op_h rows
 * and (W − 1)·2 − 2·p_w + 4 + op_w columns (2H × 2W for p = 1, op = 0).
 *
 * <p>Construction: the input is dilated by 2 (a zero between neighbouring pixels: stacked with
 * zeros along new axes and reshaped, giving 2H × 2W with a trailing zero row and column), padded
 * with 3 − p zeros before and 3 − p + op after (one of them the trailing zero), and convolved at
 * stride 1 with the kernel flipped in both spatial axes and with its input and output channel axes
 * swapped. The stride-1 convolution also multiplies the inserted zeros, so it executes 4× the
 * multiply-adds of the transposed convolution it computes.
 *
 * <p>The parameter {@code weight} has the transposed-convolution layout (I, O, 4, 4) and {@code
 * bias} (O); both are initialised as DJL initialises convolution weights (Xavier uniform) and
 * biases (zeros).
 */
public final class TransposedConv2d extends AbstractBlock {
  /** Kernel side. */
  public static final int KERNEL = 4;

  /** Stride. */
  public static final int STRIDE = 2;

  private final int filters;
  private final int padH;
  private final int padW;
  private final int outPadH;
  private final int outPadW;
  private final Parameter weight;
  private final Parameter bias;

  /**
   * A transposed convolution with padding 1 and no output padding: H × W → 2H × 2W.
   *
   * @param filters output channels O
   */
  public TransposedConv2d(int filters) {
    this(filters, 1, 1, 0, 0);
  }

  /**
   * A transposed convolution with given padding and output padding.
   *
   * @param filters output channels O
   * @param padH p_h in [0, 2]
   * @param padW p_w in [0, 2]
   * @param outPadH op_h in [0, 1]
   * @param outPadW op_w in [0, 1]
   */
  public TransposedConv2d(int filters, int padH, int padW, int outPadH, int outPadW) {
    super((byte) 1);
    if (filters <= 0
        || padH < 0
        || padH > 2
        || padW < 0
        || padW > 2
        || outPadH < 0
        || outPadH >= STRIDE
        || outPadW < 0
        || outPadW >= STRIDE) {
      throw new IllegalArgumentException(
          "transposed convolution needs filters > 0, padding in [0, 2] and output padding in [0,"
              + " 1], got filters "
              + filters
              + ", padding "
              + padH
              + "x"
              + padW
              + ", output padding "
              + outPadH
              + "x"
              + outPadW);
    }
    this.filters = filters;
    this.padH = padH;
    this.padW = padW;
    this.outPadH = outPadH;
    this.outPadW = outPadW;
    this.weight =
        addParameter(Parameter.builder().setName("weight").setType(Parameter.Type.WEIGHT).build());
    this.bias =
        addParameter(Parameter.builder().setName("bias").setType(Parameter.Type.BIAS).build());
  }

  @Override
  protected void prepare(Shape[] inputShapes) {
    weight.setShape(new Shape(inputShapes[0].get(1), filters, KERNEL, KERNEL));
    bias.setShape(new Shape(filters));
  }

  @Override
  protected NDList forwardInternal(
      ParameterStore ps, NDList inputs, boolean training, PairList<String, Object> params) {
    NDArray x = inputs.singletonOrThrow();
    NDArray w = ps.getValue(weight, x.getDevice(), training);
    NDArray b = ps.getValue(bias, x.getDevice(), training);
    return new NDList(apply(x, w, b, padH, padW, outPadH, outPadW));
  }

  /**
   * The transposed convolution of (N, I, H, W) with a kernel (I, O, 4, 4) and bias (O).
   *
   * @param x input
   * @param w kernel in transposed-convolution layout
   * @param b bias
   * @param padH p_h
   * @param padW p_w
   * @param outPadH op_h
   * @param outPadW op_w
   * @return (N, O, (H − 1)·2 − 2p_h + 4 + op_h, (W − 1)·2 − 2p_w + 4 + op_w)
   */
  static NDArray apply(
      NDArray x, NDArray w, NDArray b, int padH, int padW, int outPadH, int outPadW) {
    NDArray dilated = dilate2(x);
    // dilated has 2H rows: the 2H − 1 of the zero-interleaved input and one trailing zero row
    long[] pad = {
      KERNEL - 1 - padW, KERNEL - 2 - padW + outPadW, KERNEL - 1 - padH, KERNEL - 2 - padH + outPadH
    };
    NDArray padded = dilated.pad(new Shape(pad), 0);
    // operations on a parameter land in the parameter's manager: move the temporaries to the
    // input's (per-call) manager so they are freed with it
    NDArray flipped = w.flip(2, 3);
    flipped.attach(x.getManager());
    NDArray kernel = flipped.transpose(1, 0, 2, 3);
    kernel.attach(x.getManager());
    return Conv2d.conv2d(padded, kernel, b).singletonOrThrow();
  }

  /** (N, C, H, W) → (N, C, 2H, 2W) with x at even positions and zeros elsewhere. */
  static NDArray dilate2(NDArray x) {
    Shape s = x.getShape();
    long n = s.get(0);
    long c = s.get(1);
    long h = s.get(2);
    long w = s.get(3);
    NDArray a = x.reshape(n, c, h, 1, w, 1);
    NDArray zc = a.zerosLike();
    NDArray cols = a.concat(zc, 5); // (n, c, h, 1, w, 2)
    NDArray zr = cols.zerosLike();
    return cols.concat(zr, 3).reshape(n, c, 2 * h, 2 * w);
  }

  /**
   * The output size along one axis.
   *
   * @param in input size
   * @param pad padding p
   * @param outPad output padding op
   * @return (in − 1)·2 − 2p + 4 + op
   */
  static long outputSize(long in, int pad, int outPad) {
    return (in - 1) * STRIDE - 2L * pad + KERNEL + outPad;
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    Shape s = inputShapes[0];
    return new Shape[] {
      new Shape(
          s.get(0),
          filters,
          outputSize(s.get(2), padH, outPadH),
          outputSize(s.get(3), padW, outPadW))
    };
  }

  @Override
  public String toString() {
    return "TransposedConv2d(filters="
        + filters
        + ", kernel=4, stride=2, padding="
        + padH
        + "x"
        + padW
        + ", outputPadding="
        + outPadH
        + "x"
        + outPadW
        + ")";
  }
}
