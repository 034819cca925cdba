package dev.candela.data;

/**
 * A dataset whose factor space, image shape and size are known once it is open: it holds them and
 * answers {@link #space()}, {@link #imageShape()} and {@link #size()} for the loaders that extend
 * it.
 */
public abstract class FixedLayoutDataset implements FactorDataset {
  /** The factor space, as {@link #space()} returns it. */
  protected final FactorSpace space;

  /** The image shape, as {@link #imageShape()} returns it. */
  protected final ImageShape shape;

  /** The number of samples, as {@link #size()} returns it. */
  protected final long n;

  /**
   * Holds the layout.
   *
   * @param space the factor space
   * @param shape the image shape
   * @param n the number of samples
   */
  protected FixedLayoutDataset(FactorSpace space, ImageShape shape, long n) {
    this.space = space;
    this.shape = shape;
    this.n = n;
  }

  @Override
  public final FactorSpace space() {
    return space;
  }

  @Override
  public final long size() {
    return n;
  }

  @Override
  public final ImageShape imageShape() {
    return shape;
  }
}
