package dev.candela.data.candle;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class CandleIdsTest {

  @Property
  void idToCodesToIdIsIdentity(@ForAll @IntRange(min = 0, max = 21_599) int id) {
    assertEquals(id, CandleIds.id(CandleIds.codes(id)));
  }

  @Property
  void codesToIdToCodesIsIdentity(
      @ForAll @IntRange(min = 0, max = 15) int scene,
      @ForAll @IntRange(min = 0, max = 2) int light,
      @ForAll @IntRange(min = 0, max = 4) int object,
      @ForAll @IntRange(min = 0, max = 4) int color,
      @ForAll @IntRange(min = 0, max = 2) int size,
      @ForAll @IntRange(min = 0, max = 5) int rotation) {
    int[] c = {scene, light, object, color, size, rotation};
    int id = CandleIds.id(c);
    assertTrue(id >= 0 && id < CandleIds.GRID);
    assertArrayEquals(c, CandleIds.codes(id));
  }

  @Test
  void handComputedIdAndVocabularyOrder() {
    // bridge=3, left=0, sphere=1, red=0, size 2 -> 1, rotation 60 -> 4:
    // ((((3*3+0)*5+1)*5+0)*3+1)*6+4 = 4150
    assertEquals(4150, CandleIds.id(new int[] {3, 0, 1, 0, 1, 4}));
    assertEquals(0, CandleIds.id(new int[] {0, 0, 0, 0, 0, 0}));
    assertEquals(21_599, CandleIds.id(new int[] {15, 2, 4, 4, 2, 5}));
    var space = CandleIds.space();
    assertEquals(
        List.of("scene", "lights", "object_type", "color", "size", "rotation"), space.names());
    assertArrayEquals(new int[] {16, 3, 5, 5, 3, 6}, space.sizes());
    assertEquals("garden", space.factors().get(0).values().get(15));
    assertEquals(List.of(1.5, 2, 2.5), space.factor("size").values());
    assertEquals(List.of(0, 15, 30, 45, 60, 90), space.factor("rotation").values());
    assertEquals(
        new dev.candela.data.FactorDataset.ImageShape(3, 240, 320), CandleIds.imageShape());
  }

  @Test
  void outOfRangeIsRejectedWithTheValue() {
    assertRejects(() -> CandleIds.codes(21_600), "21600");
    assertRejects(() -> CandleIds.id(new int[] {0, 3, 0, 0, 0, 0}), "code 3");
  }

  @Test
  void parseIdAcceptsOnlyCanonicalGridIds() {
    assertEquals(12, CandleDataset.parseId("12"));
    assertEquals(-1, CandleDataset.parseId("012"));
    assertEquals(-1, CandleDataset.parseId("21600"));
    assertEquals(-1, CandleDataset.parseId("a1"));
  }
}
