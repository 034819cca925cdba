package dev.candela;

import java.util.Arrays;

/**
 * The one mixed-radix codec of Candela: a flat index over a product grid and its digits, first
 * digit most significant (row-major, as numpy's {@code ravel_multi_index} and the flat sample index
 * of dSprites, MPI3D, 3dshapes and CANDLE). Used for dataset grids, CANDLE ids and the flat joint
 * tables of discrete causal models.
 */
public final class MixedRadix {
  private MixedRadix() {}

  /**
   * Decodes a flat index into digits, checking that the index lies in the grid.
   *
   * @param index in {@code 0..size(radices)-1}
   * @param radices the radices (grid sizes), first most significant
   * @return the digits
   * @throws IllegalArgumentException when the index is outside the grid
   */
  public static int[] decode(long index, int[] radices) {
    long total = size(radices);
    if (index < 0 || index >= total) {
      throw new IllegalArgumentException(
          "index "
              + index
              + " out of range [0, "
              + total
              + ") for sizes "
              + Arrays.toString(radices));
    }
    return digits(index, radices);
  }

  /**
   * Decodes a flat index into digits without a range check (for inner loops whose indices are in
   * range by construction; an index outside the grid wraps around).
   *
   * @param index the flat index
   * @param radices the radices, first most significant
   * @return the digits
   */
  public static int[] digits(long index, int[] radices) {
    int[] out = new int[radices.length];
    digits(index, radices, out);
    return out;
  }

  /**
   * Decodes a flat index into a caller's array without a range check.
   *
   * @param index the flat index
   * @param radices the radices, first most significant
   * @param out receives the digits ({@code radices.length} entries)
   */
  public static void digits(long index, int[] radices, int[] out) {
    long rest = index;
    for (int k = radices.length - 1; k >= 0; k--) {
      out[k] = (int) (rest % radices[k]);
      rest /= radices[k];
    }
  }

  /**
   * Encodes digits as a flat index, checking every digit.
   *
   * @param digits the digits
   * @param radices the radices, first most significant
   * @return the flat index
   * @throws IllegalArgumentException when the lengths differ or a digit is out of range
   */
  public static long encode(int[] digits, int[] radices) {
    if (digits.length != radices.length) {
      throw new IllegalArgumentException(
          "expected " + radices.length + " codes, got " + Arrays.toString(digits));
    }
    long index = 0;
    for (int k = 0; k < radices.length; k++) {
      if (digits[k] < 0 || digits[k] >= radices[k]) {
        throw new IllegalArgumentException(
            "code " + digits[k] + " of factor " + k + " out of range [0, " + radices[k] + ")");
      }
      index = index * radices[k] + digits[k];
    }
    return index;
  }

  /**
   * The number of grid points, the product of the radices.
   *
   * @param radices the radices
   * @return the product
   * @throws ArithmeticException when it overflows a long
   */
  public static long size(int[] radices) {
    long p = 1;
    for (int r : radices) {
      p = Math.multiplyExact(p, r);
    }
    return p;
  }

  /**
   * The stride of every digit: {@code stride[k]} is the product of the radices after {@code k}.
   *
   * @param radices the radices, first most significant
   * @return the strides (the last is 1)
   */
  public static long[] strides(int[] radices) {
    long[] s = new long[radices.length];
    long st = 1;
    for (int k = radices.length - 1; k >= 0; k--) {
      s[k] = st;
      st *= radices[k];
    }
    return s;
  }
}
