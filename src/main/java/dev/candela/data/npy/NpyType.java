package dev.candela.data.npy;

/** The element kinds Candela understands in an npy header's {@code descr}. */
public enum NpyType {
  /** {@code u1}: unsigned 8-bit integer. */
  UINT8('u', 1),
  /** {@code i1}: signed 8-bit integer. */
  INT8('i', 1),
  /** {@code i2}: signed 16-bit integer. */
  INT16('i', 2),
  /** {@code i4}: signed 32-bit integer. */
  INT32('i', 4),
  /** {@code i8}: signed 64-bit integer. */
  INT64('i', 8),
  /** {@code f4}: IEEE 754 single precision. */
  FLOAT32('f', 4),
  /** {@code f8}: IEEE 754 double precision. */
  FLOAT64('f', 8),
  /** {@code b1}: boolean stored as one byte, 0 or 1. */
  BOOL('b', 1),
  /** {@code O}: pickled Python objects; recognised but never readable. */
  OBJECT('O', 8);

  private final char kind;
  private final int itemSize;

  NpyType(char kind, int itemSize) {
    this.kind = kind;
    this.itemSize = itemSize;
  }

  /**
   * The numpy kind character ({@code u i f b O}).
   *
   * @return the kind
   */
  public char kind() {
    return kind;
  }

  /**
   * Bytes per element (8 for object pointers, which are never read).
   *
   * @return the item size
   */
  public int itemSize() {
    return itemSize;
  }

  /**
   * Whether elements are integers (including booleans).
   *
   * @return true for u1, i1, i2, i4, i8, b1
   */
  public boolean isInteger() {
    return kind == 'u' || kind == 'i' || kind == 'b';
  }
}
