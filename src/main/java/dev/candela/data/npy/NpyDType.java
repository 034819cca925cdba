package dev.candela.data.npy;

import java.nio.ByteOrder;
import java.util.Objects;

/**
 * An npy element type with its byte order, as written in the header's {@code descr} (e.g. {@code
 * '<f8'}, {@code '>i4'}, {@code '|u1'}, {@code '|O'}).
 *
 * @param type the element kind
 * @param order the byte order (irrelevant for one-byte types, which use {@code '|'})
 */
public record NpyDType(NpyType type, ByteOrder order) {

  /** {@code |u1}. */
  public static final NpyDType U1 = new NpyDType(NpyType.UINT8, ByteOrder.LITTLE_ENDIAN);

  /** {@code |i1}. */
  public static final NpyDType I1 = new NpyDType(NpyType.INT8, ByteOrder.LITTLE_ENDIAN);

  /** {@code <i2}. */
  public static final NpyDType I2 = new NpyDType(NpyType.INT16, ByteOrder.LITTLE_ENDIAN);

  /** {@code <i4}. */
  public static final NpyDType I4 = new NpyDType(NpyType.INT32, ByteOrder.LITTLE_ENDIAN);

  /** {@code <i8}. */
  public static final NpyDType I8 = new NpyDType(NpyType.INT64, ByteOrder.LITTLE_ENDIAN);

  /** {@code <f4}. */
  public static final NpyDType F4 = new NpyDType(NpyType.FLOAT32, ByteOrder.LITTLE_ENDIAN);

  /** {@code <f8}. */
  public static final NpyDType F8 = new NpyDType(NpyType.FLOAT64, ByteOrder.LITTLE_ENDIAN);

  /** {@code |b1}. */
  public static final NpyDType BOOL = new NpyDType(NpyType.BOOL, ByteOrder.LITTLE_ENDIAN);

  /** Validates non-null fields and normalises one-byte types to little endian. */
  public NpyDType {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(order, "order");
    if (type.itemSize() == 1 || type == NpyType.OBJECT) {
      order = ByteOrder.LITTLE_ENDIAN;
    }
  }

  /**
   * The same kind with another byte order.
   *
   * @param newOrder the byte order
   * @return the dtype
   */
  public NpyDType withOrder(ByteOrder newOrder) {
    return new NpyDType(type, newOrder);
  }

  /**
   * Bytes per element.
   *
   * @return the item size
   */
  public int itemSize() {
    return type.itemSize();
  }

  /**
   * The numpy {@code descr} string, e.g. {@code <f8} or {@code |u1}.
   *
   * @return the descr
   */
  public String descr() {
    if (type == NpyType.OBJECT) {
      return "|O";
    }
    char endian = type.itemSize() == 1 ? '|' : (order == ByteOrder.BIG_ENDIAN ? '>' : '<');
    return "" + endian + type.kind() + type.itemSize();
  }

  /**
   * Parses a numpy {@code descr}. Accepts byte-order prefixes {@code < > | =} (and none; {@code =}
   * and none mean native, which numpy writes as {@code <} on every platform Candela runs on).
   *
   * @param descr the descr string
   * @return the dtype
   * @throws IllegalArgumentException naming the descr when it is not supported
   */
  public static NpyDType parse(String descr) {
    Objects.requireNonNull(descr, "descr");
    String s = descr;
    ByteOrder order = ByteOrder.LITTLE_ENDIAN;
    if (!s.isEmpty() && "<>|=".indexOf(s.charAt(0)) >= 0) {
      if (s.charAt(0) == '>') {
        order = ByteOrder.BIG_ENDIAN;
      } else if (s.charAt(0) == '=') {
        order = ByteOrder.nativeOrder();
      }
      s = s.substring(1);
    }
    if (s.equals("O") || s.equals("O8")) {
      return new NpyDType(NpyType.OBJECT, order);
    }
    if (s.equals("?")) {
      return new NpyDType(NpyType.BOOL, order);
    }
    for (NpyType t : NpyType.values()) {
      if (t != NpyType.OBJECT && s.equals("" + t.kind() + t.itemSize())) {
        return new NpyDType(t, order);
      }
    }
    throw new IllegalArgumentException(
        "unsupported dtype '"
            + descr
            + "' (supported: u1 i1 i2 i4 i8 f4 f8 b1, either byte order; O is listed only)");
  }

  @Override
  public String toString() {
    return descr();
  }
}
