package dev.candela.data.validate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Issue 14, defect 12 (partial): a drop shadow (the background darkened by one factor in every
 * channel) is not counted as visible object by the bounds check; a coloured object pixel is.
 */
class ShadowPixelTest {
  private static byte[] px(int r, int g, int b) {
    return new byte[] {(byte) r, (byte) g, (byte) b};
  }

  private static final double[] SAND = {200, 160, 100};

  @Test
  void theBackgroundScaledByOneFactorIsShadow() {
    assertTrue(CandleValidator.isShadow(px(120, 96, 60), SAND, 0));
    assertTrue(CandleValidator.isShadow(px(160, 126, 80), SAND, 0));
  }

  @Test
  void aColouredObjectPixelIsNotShadow() {
    assertFalse(CandleValidator.isShadow(px(30, 40, 200), SAND, 0), "blue object");
    assertFalse(CandleValidator.isShadow(px(150, 40, 30), SAND, 0), "red object");
  }

  @Test
  void aBrighterPixelIsNotShadow() {
    assertFalse(CandleValidator.isShadow(px(230, 184, 115), SAND, 0));
  }
}
