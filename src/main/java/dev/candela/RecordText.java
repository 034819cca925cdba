package dev.candela;

import java.util.Arrays;

/**
 * The text of a record-like value whose fields include arrays, in the form of a record's own {@code
 * toString}: {@code Name[a=1, b=[0.5, 1.0]]}, with arrays written by their contents ({@link
 * Arrays#toString(double[])}, {@link Arrays#deepToString} for arrays of arrays or objects).
 */
public final class RecordText {
  private RecordText() {}

  /**
   * The text of a value.
   *
   * @param name the type's name
   * @param fields field names and values, alternating
   * @return {@code name[field=value, ...]}
   */
  public static String of(String name, Object... fields) {
    StringBuilder b = new StringBuilder(name).append('[');
    for (int i = 0; i < fields.length; i += 2) {
      if (i > 0) {
        b.append(", ");
      }
      b.append(fields[i]).append('=').append(text(fields[i + 1]));
    }
    return b.append(']').toString();
  }

  private static String text(Object v) {
    if (v instanceof Object[] a) {
      return Arrays.deepToString(a);
    } else if (v instanceof double[] a) {
      return Arrays.toString(a);
    } else if (v instanceof int[] a) {
      return Arrays.toString(a);
    } else if (v instanceof long[] a) {
      return Arrays.toString(a);
    } else if (v instanceof boolean[] a) {
      return Arrays.toString(a);
    } else if (v instanceof float[] a) {
      return Arrays.toString(a);
    }
    return String.valueOf(v);
  }
}
