package dev.candela.model.hosting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.model.card.ModelCard;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Area resizing: hand cases and invariants. */
class ImageResizeTest {
  /** Float sums of a few weights. */
  private static final float ROUNDING = 1e-5f;

  @Test
  void halvingAveragesTwoByTwoBlocks() {
    float[] x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    float[] y = ImageResize.area(x, 1, new ModelCard.Shape(1, 4, 4), new ModelCard.Shape(1, 2, 2));
    assertArrayEquals(new float[] {3.5f, 5.5f, 11.5f, 13.5f}, y, ROUNDING);
  }

  @Test
  void nonIntegerFactorWeighsPartialPixels() {
    // 3 -> 2 columns: out0 = (a + b/2) / 1.5, out1 = (b/2 + c) / 1.5
    float[] y =
        ImageResize.area(
            new float[] {3, 6, 9}, 1, new ModelCard.Shape(1, 1, 3), new ModelCard.Shape(1, 1, 2));
    assertArrayEquals(new float[] {4f, 8f}, y, ROUNDING);
  }

  @Property(tries = 50)
  void constantImagesStayConstant(
      @ForAll @FloatRange(min = 0, max = 1) float v,
      @ForAll @IntRange(min = 1, max = 40) int h,
      @ForAll @IntRange(min = 1, max = 40) int w) {
    float[] x = new float[2 * h * w];
    java.util.Arrays.fill(x, v);
    float[] y = ImageResize.area(x, 1, new ModelCard.Shape(2, h, w), new ModelCard.Shape(2, 7, 5));
    for (float f : y) {
      assertEquals(v, f, ROUNDING);
    }
  }

  @Test
  void wrongLengthIsNamed() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ImageResize.area(
                    new float[5], 1, new ModelCard.Shape(1, 2, 2), new ModelCard.Shape(1, 1, 1)));
    assertTrue(
        e.getMessage().contains("1x2x2") && e.getMessage().contains("got 5"), e.getMessage());
  }
}
