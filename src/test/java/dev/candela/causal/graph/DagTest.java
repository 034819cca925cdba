package dev.candela.causal.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
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
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Dag.builder(List.of("A", "B", "C"))
                    .addEdge("A", "B")
                    .addEdge("B", "C")
                    .addEdge("C", "B")
                    .build());
    assertTrue(e.getMessage().contains("B -> C -> B"), e.getMessage());
  }

  @Test
  void selfLoopIsACycle() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Dag.of(new int[][] {{0, 0}, {0, 1}}));
    assertTrue(e.getMessage().contains("X1 -> X1"), e.getMessage());
  }

  @Test
  void shapeMismatchNamesBothShapes() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Dag.of(List.of("A", "B"), new int[][] {{0, 1, 0}, {0, 0, 0}}));
    assertTrue(e.getMessage().contains("3 entries, expected 2"), e.getMessage());
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
    BadInputException e = assertThrows(BadInputException.class, () -> Dag.read(bad));
    assertTrue(
        e.getMessage().contains("cyc.json") && e.getMessage().contains("A -- B"), e.getMessage());
  }
}
