package dev.candela.data;

import static dev.candela.MessageAssertions.assertBadInput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import org.junit.jupiter.api.Test;

class FactorSymmetriesTest {

  /** Parses a symmetries declaration against dSprites' factors, as read from {@code spec.json}. */
  private static FactorSymmetries parse(String declaration) throws Exception {
    return FactorSymmetries.parse(
        new ObjectMapper().readTree(declaration),
        FactorSpecs.fromResource("dsprites").space(),
        "spec.json");
  }

  // dSprites factor order: color, shape, scale, orientation, posX, posY
  private static final int ORIENTATION = 3;
  private static final int SQUARE = 0;
  private static final int ELLIPSE = 1;
  private static final int HEART = 2;

  private static int[] dsprites(int shape, int orientation) {
    return new int[] {0, shape, 2, orientation, 5, 7};
  }

  @Test
  void dspritesOrientationFollowsTheShapesPeriod() throws Exception {
    FactorSpace space = FactorSpecs.fromResource("dsprites").space();
    FactorSymmetries s = FactorSymmetries.forDataset("dsprites");
    // grid step 2π/39; 0 and 2π (codes 0 and 39) draw the same image for every shape
    for (int shape : new int[] {SQUARE, ELLIPSE, HEART}) {
      assertTrue(s.equivalent(space, ORIENTATION, dsprites(shape, 0), 39));
      assertFalse(s.equivalent(space, ORIENTATION, dsprites(shape, 0), 5));
    }
    // square, period π/2 = 9.75 steps: code 10 is 0.25 step (< 0.5) from a quarter turn
    assertTrue(s.equivalent(space, ORIENTATION, dsprites(SQUARE, 0), 10));
    assertFalse(s.equivalent(space, ORIENTATION, dsprites(SQUARE, 0), 9)); // 0.75 step off
    // ellipse, period π = 19.5 steps: π lies midway between codes 19 and 20, both nearest
    assertTrue(s.equivalent(space, ORIENTATION, dsprites(ELLIPSE, 0), 19));
    assertTrue(s.equivalent(space, ORIENTATION, dsprites(ELLIPSE, 0), 20));
    assertFalse(s.equivalent(space, ORIENTATION, dsprites(ELLIPSE, 0), 10));
    // heart, period 2π: only the full turn
    assertFalse(s.equivalent(space, ORIENTATION, dsprites(HEART, 0), 20));
    // another factor has no symmetry
    assertFalse(s.equivalent(space, 4, dsprites(SQUARE, 0), 6));
    assertNull(s.ruleOf("posX"));
  }

  @Test
  void candleRotationIsInvisibleForRoundObjects() throws Exception {
    FactorSpace space = FactorSpecs.fromResource("candle").space();
    FactorSymmetries s = FactorSymmetries.forDataset("candle");
    int rotation = space.names().indexOf("rotation");
    int type = space.names().indexOf("object_type");
    int[] codes = new int[space.numFactors()];
    codes[type] = space.factor("object_type").values().indexOf("sphere");
    codes[rotation] = 0;
    assertTrue(s.equivalent(space, rotation, codes, 3)); // sphere: any rotation
    codes[type] = space.factor("object_type").values().indexOf("cube");
    assertTrue(s.equivalent(space, rotation, codes, 5)); // cube: 0° = 90°
    assertFalse(s.equivalent(space, rotation, codes, 3)); // cube: 0° != 45°
    codes[type] = space.factor("object_type").values().indexOf("torus");
    assertFalse(s.equivalent(space, rotation, codes, 5)); // torus: period 180°
  }

  @Test
  void datasetsWithoutSymmetriesHaveNone() throws Exception {
    assertEquals(FactorSymmetries.NONE, FactorSymmetries.forDataset("mpi3d"));
    assertEquals(FactorSymmetries.NONE, FactorSymmetries.forDataset("no-such-dataset"));
  }

  @Test
  void badDeclarationsNameTheFileAndTheEntry() throws Exception {
    BadInputException e =
        assertBadInput(
            () -> parse("[{\"factor\": \"angle\", \"periodBy\": \"shape\"," + " \"periods\": {}}]"),
            "angle");
    assertTrue(e.getMessage().startsWith("spec.json: symmetry "), e.getMessage());
    assertBadInput(
        () ->
            parse(
                "[{\"factor\": \"shape\", \"periodBy\": \"scale\","
                    + " \"periods\": {\"0.5\": 1}}]"),
        "not a number: square");
    assertBadInput(
        () ->
            parse(
                "[{\"factor\": \"orientation\", \"periodBy\": \"shape\","
                    + " \"periods\": {\"square\": -1}}]"),
        "period of 'square' is -1.0");
  }
}
