package dev.candela.causal.graph;

import static dev.candela.MessageAssertions.assertBadInput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.TempTextFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class GraphIoTest extends TempTextFiles {
  @Test
  void csvWithHeaderAndRowNames() throws Exception {
    Path p = write("g.csv", ",A,B,C\nA,0,1,1\nB,0,0,0\nC,0,1,0\n");
    Dag g = Dag.read(p);
    assertEquals(List.of("A", "B", "C"), g.names());
    assertEquals(List.of("A", "C"), g.parents("B"));
  }

  @Test
  void causalModelJsonGivesTheDagOfItsParents() throws Exception {
    Dag g = Dag.read(Path.of("datasets/causal/candle-factors.json"));
    assertEquals(List.of("scene", "lights", "object_type", "color", "size", "rotation"), g.names());
    assertEquals(List.of("scene", "object_type"), g.parents("size"));
    assertEquals(List.of(), g.parents("rotation"));
    Path bad =
        write(
            "m.json",
            "{\"variables\": [{\"name\": \"A\", \"parents\": [\"Q\"], \"mechanism\": \"cpt\"}]}");
    BadInputException e = assertThrows(BadInputException.class, () -> Dag.read(bad));
    assertEquals(bad + ": variable 'A' has unknown parent \"Q\"", e.getMessage());
  }

  @Test
  void plainCsvAndJsonMatrixAgree() throws Exception {
    Dag a = Dag.read(write("g.csv", "0,1\n0,0\n"));
    Dag b = Dag.read(write("g.json", "[[0,1],[0,0]]"));
    Dag c =
        Dag.read(write("h.json", "{\"variables\":[\"X0\",\"X1\"],\"adjacency\":[[0,1],[0,0]]}"));
    assertEquals(a, b);
    assertEquals(a, c);
  }

  @Test
  void undirectedEdgesInJson() throws Exception {
    Graph g =
        GraphIo.read(
            write(
                "c.json",
                "{\"variables\":[\"A\",\"B\",\"C\"],\"edges\":[[\"A\",\"C\"]],"
                    + "\"undirected\":[[\"A\",\"B\"]]}"));
    assertTrue(g.hasUndirectedEdge(0, 1) && g.hasUndirectedEdge(1, 0));
    assertTrue(g.hasDirectedEdge(0, 2));
  }

  @Test
  void matrixMarketPattern() throws Exception {
    Dag g =
        Dag.read(
            write("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n3 2\n"));
    assertEquals(List.of("X0", "X2"), g.parents("X1"));
  }

  @Test
  void matrixMarketCpdagUndirectedEdgesAsTwo() throws Exception {
    // gadjid's convention: "i j 2" is i -- j, written once in either orientation (or both).
    Graph g =
        GraphIo.read(
            write(
                "c.mtx",
                "%%MatrixMarket matrix coordinate integer general\n% comment\n4 4 4\n"
                    + "1 2 2\n3 2 1\n4 3 2\n3 4 2\n"));
    assertTrue(g.hasUndirectedEdge(0, 1) && g.hasUndirectedEdge(1, 0));
    assertTrue(g.hasUndirectedEdge(2, 3));
    assertTrue(g.hasDirectedEdge(2, 1) && !g.hasDirectedEdge(1, 2));
    assertEquals(1, g.directedEdgeCount());
    assertEquals(2, g.undirectedEdgeCount());
    Path bad = write("b.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 3\n");
    BadInputException e = assertThrows(BadInputException.class, () -> GraphIo.read(bad));
    assertEquals(
        bad + ": entry (1, 2) = 3.0 is not 1 (edge i -> j) or 2 (undirected edge i -- j, i != j)",
        e.getMessage());
    Path dag = write("d.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 2\n");
    assertBadInput(() -> Dag.read(dag), "undirected edge X0 -- X1");
  }

  @Test
  void cyclicCsvNamesFileAndVariable() throws Exception {
    Path p = write("cyc.csv", "A,B,C\n0,1,0\n0,0,1\n1,0,0\n");
    assertBadInput(() -> Dag.read(p), "cyc.csv", "A -> B -> C -> A");
  }

  @Test
  void nonSquareCsv() throws Exception {
    Path p = write("bad.csv", "0,1,0\n0,0,1\n");
    assertBadInput(() -> GraphIo.read(p), "bad.csv", "square");
  }

  @Test
  void nonBinaryEntryInGraphButAllowedAsScores() throws Exception {
    Path p = write("w.csv", "0,0.7\n0,0\n");
    assertBadInput(() -> GraphIo.read(p), "0.7");
    assertEquals(0.7, GraphIo.readMatrix(p).values()[0][1], 0.0);
  }

  @Test
  void unknownVariableInEdges() throws Exception {
    Path p = write("u.json", "{\"variables\":[\"A\"],\"edges\":[[\"A\",\"Z\"]]}");
    assertBadInput(() -> GraphIo.read(p), "'Z'", "u.json");
  }

  @Test
  void missingFile() {
    assertBadInput(() -> GraphIo.read(dir.resolve("nope.csv")), "nope.csv");
  }
}
