package dev.candela.metrics.stats;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.candela.metrics.SplitProvenance;
import dev.candela.report.JsonReports;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The immutable values of result records write the JSON and text of the arrays they replace. */
class VectorMatrixTest {

  private static final double[] ODD = {
    1.5, -0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-300, 3
  };
  private static final double[][] RAGGED = {{1, 2, 3}, {}, {Double.NaN, 0.25}};

  private static String json(Object o) throws Exception {
    return JsonReports.mapper().writeValueAsString(o);
  }

  @Test
  void vectorWritesTheJsonOfItsArray() throws Exception {
    assertEquals(json(ODD), json(Vector.of(ODD)));
    assertEquals(json(new double[0]), json(Vector.of()));
    assertEquals(json(Map.of("v", ODD)), json(Map.of("v", Vector.of(ODD))));
  }

  @Test
  void matrixWritesTheJsonOfItsArray() throws Exception {
    assertEquals(json(RAGGED), json(Matrix.of(RAGGED)));
    assertEquals(json(new double[0][]), json(Matrix.of(new double[0][])));
  }

  @Test
  void integerListsWriteTheJsonOfTheirArrays() throws Exception {
    int[][] sets = {{0, 3}, {}, {2}};
    assertEquals(json(sets), json(Arrays2.rows(sets)));
    assertEquals(
        json(new boolean[] {true, false}), json(Arrays2.list(new boolean[] {true, false})));
  }

  /** A record as a result holds its provenance: unwrapped, in component order. */
  record Held(double score, @JsonUnwrapped SplitProvenance split, String last) {}

  @Test
  void unwrappedProvenanceKeepsTheKeysInOrder() throws Exception {
    String s = json(new Held(0.5, new SplitProvenance(List.of("z0"), List.of("f0"), 7, 3, 2), "x"));
    assertEquals(
        "{\n  \"score\" : 0.5,\n  \"latentNames\" : [ \"z0\" ],\n  \"factorNames\" : [ \"f0\" ],\n"
            + "  \"seed\" : 7,\n  \"numTrain\" : 3,\n  \"numTest\" : 2,\n  \"last\" : \"x\"\n}",
        s);
  }

  @Test
  void textIsTheArraysText() {
    assertEquals(Arrays.toString(ODD), Vector.of(ODD).toString());
    assertEquals(Arrays.deepToString(RAGGED), Matrix.of(RAGGED).toString());
  }

  @Test
  void valuesAreCopiedInAndOut() {
    double[] a = {1, 2};
    Vector v = Vector.of(a);
    a[0] = 9;
    v.toArray()[1] = 9;
    assertArrayEquals(new double[] {1, 2}, v.toArray(), 0.0);
    double[][] m = {{1, 2}, {3}};
    Matrix x = Matrix.of(m);
    m[1][0] = 9;
    x.toArray()[0][0] = 9;
    assertEquals(1, x.get(0, 0), 0.0);
    assertEquals(3, x.row(1).get(0), 0.0);
    assertEquals(2, x.rows());
    assertEquals(6, x.stream().sum(), 0.0);
    assertThrows(UnsupportedOperationException.class, () -> Arrays2.list(new int[] {1}).set(0, 2));
  }

  @Test
  void equalityIsByValue() {
    assertEquals(Vector.of(1, Double.NaN), Vector.of(1, Double.NaN));
    assertEquals(Vector.of(1, 2).hashCode(), Vector.of(1, 2).hashCode());
    assertNotEquals(Vector.of(1, 2), Vector.of(1, 3));
    assertEquals(Matrix.of(RAGGED), Matrix.of(RAGGED));
    assertNotEquals(Matrix.of(new double[][] {{1}}), Matrix.of(new double[][] {{2}}));
  }

  @Test
  void shapeChecksNameTheLengths() {
    assertRejects(
        () -> Arrays2.requireSameLengths(3, "gaps", 2, "best latents", 3, "entropies"),
        "shapes disagree: 3 gaps, 2 best latents, 3 entropies");
    Arrays2.requireSameLengths(2, "gaps", 2, "best latents");
    assertRejects(
        () -> Matrix.of(RAGGED).requireRowLength("importance row", 3, "factor names"),
        "importance row has 0 entries but there are 3 factor names");
    Matrix.of(new double[][] {{1, 2}, {3, 4}}).requireRowLength("row", 2, "factors");
    assertRejects(() -> Arrays2.requirePositive("bins", 0), "bins must be at least 1, got 0");
  }
}
