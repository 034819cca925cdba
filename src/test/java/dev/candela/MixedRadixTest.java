package dev.candela;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The mixed-radix codec: first digit most significant, round trips, range checks. */
class MixedRadixTest {
  private static final int[] SIZES = {1, 3, 6, 40, 32, 32};

  @Test
  void roundTripsEveryIndexOfASmallGrid() {
    int[] r = {2, 3, 4};
    assertEquals(24, MixedRadix.size(r));
    for (long i = 0; i < 24; i++) {
      int[] d = MixedRadix.decode(i, r);
      assertArrayEquals(d, MixedRadix.digits(i, r));
      assertEquals(i, MixedRadix.encode(d, r));
    }
    assertArrayEquals(new int[] {1, 2, 3}, MixedRadix.decode(23, r));
    assertArrayEquals(new int[] {0, 1, 0}, MixedRadix.decode(4, r));
  }

  @Test
  void stridesMatchTheDspritesLayout() {
    assertArrayEquals(
        new long[] {737_280L, 245_760L, 40_960L, 1024L, 32L, 1L}, MixedRadix.strides(SIZES));
    assertEquals(737_280L, MixedRadix.size(SIZES));
    int[] last = {0, 2, 5, 39, 31, 31};
    assertEquals(737_279L, MixedRadix.encode(last, SIZES));
    assertArrayEquals(last, MixedRadix.decode(737_279L, SIZES));
  }

  @Test
  void outOfRangeInputIsRejected() {
    int[] r = {2, 3};
    assertThrows(IllegalArgumentException.class, () -> MixedRadix.decode(6, r));
    assertThrows(IllegalArgumentException.class, () -> MixedRadix.decode(-1, r));
    assertThrows(IllegalArgumentException.class, () -> MixedRadix.encode(new int[] {0, 3}, r));
    assertThrows(IllegalArgumentException.class, () -> MixedRadix.encode(new int[] {0}, r));
    int[] out = new int[2];
    MixedRadix.digits(5, r, out);
    assertArrayEquals(new int[] {1, 2}, out);
  }
}
