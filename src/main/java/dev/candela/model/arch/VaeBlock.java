package dev.candela.model.arch;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.SequentialBlock;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;

/**
 * A VAE of one of the {@link VaeArchitecture}s (e.g. {@value Architectures#DL_CONV64} or {@value
 * Architectures#DL_CONV_CANDLE}) as one DJL block (so one parameter file and one trainer). Forward:
 * input (N, C, H, W) → [decoder logits of a reparameterised sample (N, C, H, W), mean (N, D),
 * log-variance (N, D), sample z (N, D)]; with {@code training == false} z is the mean.
 */
public final class VaeBlock extends AbstractBlock {
  private final int latentDim;
  private final SequentialBlock encoder;
  private final SequentialBlock decoder;

  /**
   * Creates a {@value Architectures#DL_CONV64} block.
   *
   * @param latentDim D
   * @param channels image channels C
   */
  public VaeBlock(int latentDim, int channels) {
    this(Architectures.DL_CONV64, latentDim, channels);
  }

  /**
   * Creates the block of an architecture.
   *
   * @param architecture the id of a {@link VaeArchitecture}
   * @param latentDim D
   * @param channels image channels C
   */
  public VaeBlock(String architecture, int latentDim, int channels) {
    super((byte) 1);
    if (latentDim <= 0 || channels <= 0) {
      throw new IllegalArgumentException(
          "latentDim and channels must be > 0, got " + latentDim + ", " + channels);
    }
    VaeArchitecture arch = VaeArchitecture.named(architecture);
    this.latentDim = latentDim;
    this.encoder = addChildBlock("encoder", arch.encoder(latentDim));
    this.decoder = addChildBlock("decoder", arch.decoder(channels));
  }

  /**
   * The encoder child: images → (N, 2·D).
   *
   * @return the encoder
   */
  public SequentialBlock encoder() {
    return encoder;
  }

  /**
   * The decoder child: (N, D) → logits.
   *
   * @return the decoder
   */
  public SequentialBlock decoder() {
    return decoder;
  }

  @Override
  protected NDList forwardInternal(
      ParameterStore ps, NDList inputs, boolean training, PairList<String, Object> params) {
    NDArray h = encoder.forward(ps, inputs, training, params).singletonOrThrow();
    NDList parts = h.split(2, 1);
    NDArray mean = parts.get(0);
    NDArray logVar = parts.get(1);
    NDArray z = mean;
    if (training) {
      NDArray eps = h.getManager().randomNormal(mean.getShape());
      z = mean.add(logVar.mul(0.5f).exp().mul(eps));
    }
    NDArray logits = decoder.forward(ps, new NDList(z), training, params).singletonOrThrow();
    return new NDList(logits, mean, logVar, z);
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    Shape in = inputShapes[0];
    Shape lat = new Shape(in.get(0), latentDim);
    return new Shape[] {in, lat, lat, lat};
  }

  @Override
  protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputShapes) {
    encoder.initialize(manager, dataType, inputShapes);
    decoder.initialize(manager, dataType, new Shape(inputShapes[0].get(0), latentDim));
  }
}
