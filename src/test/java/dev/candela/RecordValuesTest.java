package dev.candela;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.query.Intervention;
import dev.candela.metrics.LatentStats;
import org.junit.jupiter.api.Test;

class RecordValuesTest {

  private record Nested(String name, int[][] rows, double x) {}

  private record Other(String name, int[][] rows, double x) {}

  @Test
  void comparesArrayComponentsByContentAtAnyDepth() {
    Nested a = new Nested("a", new int[][] {{1, 2}, {3}}, 0.5);
    Nested b = new Nested("a", new int[][] {{1, 2}, {3}}, 0.5);
    assertTrue(RecordValues.equal(a, b));
    assertEquals(RecordValues.hash(a), RecordValues.hash(b));
    assertFalse(RecordValues.equal(a, new Nested("a", new int[][] {{1, 2}, {4}}, 0.5)));
    assertFalse(RecordValues.equal(a, new Nested("b", new int[][] {{1, 2}, {3}}, 0.5)));
    assertFalse(RecordValues.equal(a, new Nested("a", new int[][] {{1, 2}, {3}}, 0.25)));
  }

  @Test
  void otherClassesAndNullAreNotEqual() {
    Nested a = new Nested("a", new int[][] {{1}}, 1);
    assertFalse(RecordValues.equal(a, new Other("a", new int[][] {{1}}, 1)));
    assertFalse(RecordValues.equal(a, null));
    assertTrue(RecordValues.equal(a, a));
  }

  @Test
  void doublesCompareAsDoubleEquals() {
    // as Double.equals: NaN equals NaN, 0.0 differs from -0.0
    assertTrue(
        RecordValues.equal(
            new Nested("n", new int[0][], Double.NaN), new Nested("n", new int[0][], Double.NaN)));
    assertFalse(
        RecordValues.equal(
            new Nested("z", new int[0][], 0.0), new Nested("z", new int[0][], -0.0)));
  }

  @Test
  void theRecordsThatUseItCompareByContent() {
    Intervention i = new Intervention(new int[] {0, 2}, new double[] {1, -1});
    assertEquals(i, new Intervention(new int[] {0, 2}, new double[] {1, -1}));
    assertEquals(i.hashCode(), new Intervention(new int[] {0, 2}, new double[] {1, -1}).hashCode());
    assertNotEquals(i, new Intervention(new int[] {0, 2}, new double[] {1, 1}));
    LatentStats s = new LatentStats(new double[] {0}, new double[] {1}, new double[] {0.5}, 3);
    assertEquals(s, new LatentStats(new double[] {0}, new double[] {1}, new double[] {0.5}, 3));
    assertNotEquals(s, new LatentStats(new double[] {0}, new double[] {1}, new double[] {0.5}, 4));
  }
}
