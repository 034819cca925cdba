package dev.candela.causal.graph;

import static dev.candela.MessageAssertions.assertBadInput;
import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DagTest {
  @TempDir Path dir;

  @Test
  void parentsChildrenAndOrder() {
    Dag g =
        Dag.builder(List.of("A", "B", "C", "D"))
            .addEdge("C", "B")
            .addEdge("B", "A")
            .addEdge("C", "D")
            .build();
    assertEquals(List.of("C"), g.parents("B"));
    assertEquals(List.of("B", "D"), g.children("C"));
    assertEquals(List.of("C", "B", "D", "A"), g.topologicalNames());
    assertTrue(g.hasEdge(2, 1));
    assertFalse(g.hasEdge(1, 2));
    assertEquals(3, g.edgeCount());
    assertArrayEquals(
        new int[][] {{0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 1}, {0, 0, 0, 0}}, g.adjacencyMatrix());
    assertEquals(g, Dag.of(g.names(), g.adjacencyMatrix()));
  }

  @Test
  void cycleMessageNamesTheVariablesOnIt() {
    assertRejects(
        () ->
            Dag.builder(List.of("A", "B", "C"))
                .addEdge("A", "B")
                .addEdge("B", "C")
                .addEdge("C", "B")
                .build(),
        "B -> C -> B");
  }

  @Test
  void selfLoopIsACycle() {
    assertRejects(() -> Dag.of(new int[][] {{0, 0}, {0, 1}}), "X1 -> X1");
  }

  @Test
  void shapeMismatchNamesBothShapes() {
    assertRejects(
        () -> Dag.of(List.of("A", "B"), new int[][] {{0, 1, 0}, {0, 0, 0}}),
        "3 entries, expected 2");
  }

  @Test
  void readsEdgeJsonAndRejectsCycleWithFileName() throws Exception {
    Path ok = dir.resolve("g.json");
    Files.writeString(
        ok, "{\"variables\":[\"A\",\"B\",\"C\"],\"edges\":[[\"A\",\"B\"],[\"A\",\"C\"]]}");
    Dag g = Dag.read(ok);
    assertEquals(List.of("A"), g.parents("C"));
    Path bad = dir.resolve("cyc.json");
    Files.writeString(bad, "{\"variables\":[\"A\",\"B\"],\"edges\":[[\"A\",\"B\"],[\"B\",\"A\"]]}");
    assertBadInput(() -> Dag.read(bad), "cyc.json", "A -- B");
  }
}
