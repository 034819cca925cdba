package dev.candela.data;

import static dev.candela.MessageAssertions.assertBadInput;
import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The neighbourhoods of the tolerant CG read-out on the built-in specifications, worked by hand:
 * dSprites positions (ordinal, clipped at the edges), orientation by shape (symmetric, one step
 * around every copy), shape (text: categorical); CANDLE rotation (a sphere's is invisible, a cube's
 * repeats every 90°); 3dshapes shape (numbers declared {@code "ordinal": false}).
 */
class FactorNeighbourhoodsTest {

  private static FactorNeighbourhoods of(String dataset) throws Exception {
    return FactorNeighbourhoods.forSpace(FactorSpecs.fromResource(dataset).space());
  }

  /** dSprites codes: color, shape, scale, orientation, posX, posY. */
  private static int[] dsprites(int shape, int orientation, int posX) {
    return new int[] {0, shape, 2, orientation, posX, 7};
  }

  @Test
  void dspritesPositionsAreOneStepEitherSideClippedAtTheEdges() throws Exception {
    FactorNeighbourhoods n = of("dsprites");
    int posX = n.space().names().indexOf("posX");
    assertEquals(FactorNeighbourhoods.Kind.ORDINAL, n.kind(posX));
    assertArrayEquals(new int[] {0, 1}, n.of(posX, dsprites(0, 0, 0)));
    assertArrayEquals(new int[] {30, 31}, n.of(posX, dsprites(0, 0, 31)));
    assertArrayEquals(new int[] {11, 12, 13}, n.of(posX, dsprites(0, 0, 12)));
    int posY = n.space().names().indexOf("posY");
    assertArrayEquals(new int[] {6, 7, 8}, n.of(posY, dsprites(0, 0, 12)));
  }

  @Test
  void dspritesShapeIsCategorical() throws Exception {
    FactorNeighbourhoods n = of("dsprites");
    int shape = n.space().names().indexOf("shape");
    assertEquals(FactorNeighbourhoods.Kind.CATEGORICAL, n.kind(shape));
    for (int s = 0; s < 3; s++) {
      assertArrayEquals(new int[] {s}, n.of(shape, dsprites(s, 0, 0)));
    }
  }

  /**
   * Orientation: 40 values 0..2π, step 2π/39. A square (period π/2 = 9.75 steps) at 0 reads every
   * value within 1.5 steps of 0, 9.75, 19.5, 29.25 or 39 steps: {0, 1}, {9, 10, 11}, {18..21}, {28,
   * 29, 30}, {38, 39} (2π itself included). An ellipse (π) at 0: {0, 1, 18..21, 38, 39}; the values
   * 18 and 21 lie exactly 1.5 steps from π, inside by the 1e-9 slack. A heart (2π) at 0: {0, 1, 38,
   * 39}.
   */
  @Test
  void dspritesOrientationIsOneStepAroundEverySymmetricCopy() throws Exception {
    FactorNeighbourhoods n = of("dsprites");
    int o = n.space().names().indexOf("orientation");
    assertEquals(FactorNeighbourhoods.Kind.SYMMETRIC, n.kind(o));
    assertArrayEquals(
        new int[] {0, 1, 9, 10, 11, 18, 19, 20, 21, 28, 29, 30, 38, 39},
        n.of(o, dsprites(0, 0, 0)));
    assertArrayEquals(new int[] {0, 1, 18, 19, 20, 21, 38, 39}, n.of(o, dsprites(1, 0, 0)));
    assertArrayEquals(new int[] {0, 1, 38, 39}, n.of(o, dsprites(2, 0, 0)));
    // the widened neighbourhood holds the symmetry's own equivalence class
    FactorSymmetries sym = FactorSymmetries.forDataset("dsprites");
    for (int s = 0; s < 3; s++) {
      for (int y = 0; y < 40; y += 7) {
        int[] codes = dsprites(s, y, 0);
        for (int v = 0; v < 40; v++) {
          if (sym.equivalent(n.space(), o, codes, v)) {
            assertTrue(n.tolerates(o, codes, v), "shape " + s + ", " + y + " ~ " + v);
          }
        }
      }
    }
  }

  /**
   * CANDLE rotation values 0, 15, 30, 45, 60, 90 (step 15, reach 22.5): a sphere's rotation is
   * invisible (every value); a cube at 0 reads 0, 15 and 90 (≡ 0 mod 90); a cube at 60 reads 45 and
   * 60 (90 is 30 away from 60, and 0 ≡ 90); a torus (180) at 30 reads 15, 30, 45.
   */
  @Test
  void candleRotationFollowsTheObject() throws Exception {
    FactorNeighbourhoods n = of("candle");
    FactorSpace space = n.space();
    int rot = space.names().indexOf("rotation");
    int obj = space.names().indexOf("object_type");
    int[] codes = new int[space.numFactors()];
    codes[obj] = space.factor("object_type").codeOf("sphere");
    codes[rot] = 2;
    assertArrayEquals(IntStream.range(0, 6).toArray(), n.of(rot, codes));
    codes[obj] = space.factor("object_type").codeOf("cube");
    codes[rot] = 0;
    assertArrayEquals(new int[] {0, 1, 5}, n.of(rot, codes));
    codes[rot] = 4;
    assertArrayEquals(new int[] {3, 4}, n.of(rot, codes));
    codes[obj] = space.factor("object_type").codeOf("torus");
    codes[rot] = 2;
    assertArrayEquals(new int[] {1, 2, 3}, n.of(rot, codes));
    int size = space.names().indexOf("size");
    assertEquals(FactorNeighbourhoods.Kind.ORDINAL, n.kind(size));
    assertEquals(
        FactorNeighbourhoods.Kind.CATEGORICAL, n.kind(space.names().indexOf("object_type")));
  }

  @Test
  void shapes3dShapeIsDeclaredCategorical() throws Exception {
    FactorSpecs spec = FactorSpecs.fromResource("3dshapes");
    assertEquals(Set.of("shape"), spec.categorical());
    FactorNeighbourhoods n = FactorNeighbourhoods.forSpace(spec.space());
    int shape = spec.space().names().indexOf("shape");
    int[] codes = new int[spec.space().numFactors()];
    codes[shape] = 2;
    assertEquals(FactorNeighbourhoods.Kind.CATEGORICAL, n.kind(shape));
    assertArrayEquals(new int[] {2}, n.of(shape, codes));
    assertFalse(n.tolerates(shape, codes, 1));
    int scale = spec.space().names().indexOf("scale");
    codes[scale] = 7;
    assertArrayEquals(new int[] {6, 7}, n.of(scale, codes));
  }

  @Test
  void aDatasetWithoutBuiltInSpecificationIsOrdinalOrCategoricalByItsValues() throws Exception {
    FactorSpace space =
        new FactorSpace(
            "mine",
            java.util.List.of(
                new FactorSpace.Factor("kind", java.util.List.of("a", "b", "c")),
                new FactorSpace.Factor("level", java.util.List.of(1, 2, 3, 4))));
    FactorNeighbourhoods n = FactorNeighbourhoods.forSpace(space);
    assertArrayEquals(new int[] {1}, n.of(0, new int[] {1, 0}));
    assertArrayEquals(new int[] {2, 3}, n.of(1, new int[] {1, 3}));
  }

  @Test
  void badCodesAreNamed() throws Exception {
    FactorNeighbourhoods n = of("dsprites");
    int posX = n.space().names().indexOf("posX");
    assertRejects(
        () -> n.of(posX, dsprites(0, 0, 32)), "code 32 of factor 'posX' is outside 0..31");
    assertRejects(() -> n.of(posX, new int[] {0, 1}), "2 true codes for the 6 factors");
    assertRejects(
        () -> FactorNeighbourhoods.of(n.space(), FactorSymmetries.NONE, Set.of("colour")),
        "categorical factor 'colour' is not among");
  }

  @Test
  void ordinalMustBeABoolean() {
    String json =
        "{\"name\": \"t\", \"factors\": [{\"name\": \"k\", \"values\": [0, 1], \"ordinal\": \"no\"}],"
            + " \"image\": {\"channels\": 1, \"height\": 2, \"width\": 2}}";
    assertBadInput(
        () ->
            FactorSpecs.parse(
                new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "t.json"),
        "t.json: factor 'k': \"ordinal\" must be true or false, got \"no\"");
  }
}
