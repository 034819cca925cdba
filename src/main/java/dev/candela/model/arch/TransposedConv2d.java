package dev.candela.model.arch;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
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
 * <p>Construction (sub-pixel or phase decomposition): write a = 2j + s with the tap parity s ∈ {0,
 * 1} and j ∈ {0, 1}, and index the uncropped output by u = r + p_h (output row r). The scatter adds
 * x[h]·K[2j + s] to u = 2h + 2j + s = 2t + s with t = h + j, so the rows of parity s are
 *
 * <pre>
 *   U[2t + s] = Σ_j x[t − j] · K[2j + s] = Σ_{m ∈ {0,1}} x̃[t + m] · K[2(1 − m) + s],   t = 0 … H,
 * </pre>
 *
 * a stride-1 correlation of x̃, the undilated input with one zero before and one after (the
 * convolution's own padding of 1), with the 2-tap sub-kernel of parity s taken in reverse order
 * (likewise for columns, with s' and b = 2j' + s'). All four phases (s, s') are computed by ONE
 * ordinary 2 × 2 stride-1 convolution with 4·O output channels, output channel 4o + 2s + s' holding
 *
 * <pre>
 *   k[4o + 2s + s'][i][m][m'] = K[i][o][2(1 − m) + s][2(1 − m') + s'],
 * </pre>
 *
 * (the kernel reshaped to (I, O, 2, 2, 2, 2) = (i, o, j, s, j', s'), flipped along j and j' (so
 * that axis is m = 1 − j), transposed to (o, s, s', i, m, m')); the result (N, 4·O, H + 1, W + 1)
 * is interleaved by a reshape to (N, O, 2, 2, H + 1, W + 1), a transpose to (N, O, H + 1, 2, W + 1,
 * 2) and a reshape to the uncropped output U of 2H + 2 rows (u = 0 … 2H + 1) and 2W + 2 columns,
 * which is cropped to rows p_h … p_h + (H − 1)·2 − 2p_h + 3 + op_h = 2H + 1 − p_h + op_h. That last
 * row lies inside U unless op_h > p_h (p_h = 0, op_h = 1); then x̃ gets a second zero after, so U
 * has 2H + 4 rows (the extra rows only receive the bias, as the definition says). Example, the
 * {@code dl-conv-candle} first stage (p = 2 × 1, op = 1 × 0) on 8 × 10 maps: U is 18 × 22, cropped
 * to rows 2 … 16 (15) and columns 1 … 20 (20). Every multiply-add of the convolution meets a real
 * input pixel or one of the border zeros, so it executes (H + 1)(W + 1)/(HW) times the
 * multiply-adds of the transposed convolution (1.56 for 4 × 4 inputs, 1.06 for 32 × 32), where the
 * earlier construction over the zero-dilated input executed 4× ({@link #applyDilated}, kept as the
 * reference). Bias: added by the convolution, each bias[o] repeated for its four phases.
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
    Shape xs = x.getShape();
    long n = xs.get(0);
    long h = xs.get(2);
    long wd = xs.get(3);
    Shape ks = w.getShape();
    long in = ks.get(0);
    long out = ks.get(1);
    NDManager m = x.getManager();
    // operations on a parameter land in the parameter's manager: move every temporary derived
    // from the kernel or the bias to the input's (per-call) manager so it is freed with it
    NDArray k6 = w.reshape(in, out, 2, 2, 2, 2); // (i, o, j, s, j', s')
    k6.attach(m);
    NDArray flipped = k6.flip(2, 4); // (i, o, m, s, m', s') with m = 1 − j
    flipped.attach(m);
    NDArray kernel = flipped.transpose(1, 3, 5, 0, 2, 4).reshape(4 * out, in, 2, 2);
    kernel.attach(m);
    NDArray b2 = b.reshape(out, 1);
    b2.attach(m);
    NDArray bias = b2.broadcast(new Shape(out, 4)).reshape(4 * out);
    bias.attach(m);
    // one zero before and after each axis (the convolution's own padding), a second one after
    // when op > p
    long extraH = outPadH > padH ? 1 : 0;
    long extraW = outPadW > padW ? 1 : 0;
    NDArray padded = extraH + extraW == 0 ? x : x.pad(new Shape(0, extraW, 0, extraH), 0);
    NDArray phases =
        Conv2d.conv2d(padded, kernel, bias, new Shape(1, 1), new Shape(1, 1)).singletonOrThrow();
    long th = h + 1 + extraH;
    long tw = wd + 1 + extraW;
    NDArray full =
        phases
            .reshape(n, out, 2, 2, th, tw)
            .transpose(0, 1, 4, 2, 5, 3)
            .reshape(n, out, 2 * th, 2 * tw);
    long oh = outputSize(h, padH, outPadH);
    long ow = outputSize(wd, padW, outPadW);
    return full.get(new NDIndex(":, :, {}:{}, {}:{}", padH, padH + oh, padW, padW + ow));
  }

  /**
   * The earlier construction of {@link #apply}, kept as a reference: a 4 × 4 stride-1 convolution
   * of the zero-dilated input with the flipped, channel-swapped kernel (4× the multiply-adds).
   *
   * @param x input
   * @param w kernel in transposed-convolution layout
   * @param b bias
   * @param padH p_h
   * @param padW p_w
   * @param outPadH op_h
   * @param outPadW op_w
   * @return the same as {@link #apply} up to float rounding
   */
  static NDArray applyDilated(
      NDArray x, NDArray w, NDArray b, int padH, int padW, int outPadH, int outPadW) {
    NDArray dilated = dilate2(x);
    // dilated has 2H rows: the 2H − 1 of the zero-interleaved input and one trailing zero row
    long[] pad = {
      KERNEL - 1 - padW, KERNEL - 2 - padW + outPadW, KERNEL - 1 - padH, KERNEL - 2 - padH + outPadH
    };
    NDArray padded = dilated.pad(new Shape(pad), 0);
    NDArray flipped = w.flip(2, 3);
    flipped.attach(x.getManager());
    NDArray kernel = flipped.transpose(1, 0, 2, 3);
    kernel.attach(x.getManager());
    return Conv2d.conv2d(padded, kernel, b).singletonOrThrow();
  }

  /**
   * This block's transposed convolution by {@link #applyDilated} with the given parameter values
   * (for tests that compare a trained model's layers with the earlier construction).
   *
   * @param x input
   * @param w this block's kernel
   * @param b this block's bias
   * @return the output
   */
  NDArray applyDilated(NDArray x, NDArray w, NDArray b) {
    return applyDilated(x, w, b, padH, padW, outPadH, outPadW);
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
