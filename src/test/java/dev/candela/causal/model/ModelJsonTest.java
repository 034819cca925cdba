package dev.candela.causal.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelJsonTest {
  private static final double EXACT = 0.0;

  private static final String MIXED =
      """
      {"kind": "scm", "variables": [
        {"name": "Rain", "values": ["no", "yes"], "cpt": [[0.8, 0.2]]},
        {"name": "Wet", "parents": ["Rain"], "values": ["dry", "wet"],
         "cpt": [[0.9, 0.1], [0.2, 0.8]]},
        {"name": "X", "mechanism": "linear-gaussian", "intercept": 1.5, "sd": 2},
        {"name": "Y", "parents": ["X", "Rain"], "mechanism": "additive", "function": "tanh",
         "weights": {"X": 2.0, "Rain": -1}, "intercept": 0.5,
         "noise": {"type": "uniform", "scale": 1}, "hidden": true}
      ]}
      """;

  @Test
  void parsesAllMechanismsAndRoundTrips(@TempDir Path dir) throws Exception {
    CausalModel m = ModelJson.parse(MIXED, "mixed.json");
    assertEquals(4, m.size());
    assertFalse(m.isDiscrete());
    assertTrue(m.variable(3).hidden());
    assertEquals(java.util.List.of("Rain", "Wet", "X"), m.observedNames());
    AdditiveNoise y = (AdditiveNoise) m.variable(3).mechanism();
    assertEquals(FunctionForm.TANH, y.form());
    assertEquals(-1.0, y.weight(1), EXACT);
    assertEquals(Noise.uniform(1), y.noise());
    // Rain → Wet, X → Y, Rain → Y; rows are causes, columns effects
    int[][] edges = {{0, 1, 0, 1}, {0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 0}};
    assertArrayEquals(edges, m.adjacency());
    Path f = dir.resolve("m.json");
    ModelJson.write(m, f);
    assertEquals(m, ModelJson.read(f));
  }

  private static String msg(String json) {
    return assertThrows(BadInputException.class, () -> ModelJson.parse(json, "t.json"))
        .getMessage();
  }

  @Test
  void rejectsCycleNamingVariables() {
    String m =
        msg(
            """
            {"variables": [
              {"name": "A", "parents": ["C"], "mechanism": "linear-gaussian",
               "weights": {"C": 1}, "sd": 1},
              {"name": "B", "parents": ["A"], "mechanism": "linear-gaussian",
               "weights": {"A": 1}, "sd": 1},
              {"name": "C", "parents": ["B"], "mechanism": "linear-gaussian",
               "weights": {"B": 1}, "sd": 1},
              {"name": "D", "mechanism": "linear-gaussian", "sd": 1}]}
            """);
    assertTrue(m.startsWith("t.json: graph has a cycle: "), m);
    assertTrue(m.contains("A -> B") && m.contains("C"), m);
  }

  @Test
  void rejectsRowNotSummingToOne() {
    String m =
        msg(
            """
            {"variables": [{"name": "A", "values": ["0", "1"], "cpt": [[0.5, 0.5]]},
              {"name": "B", "parents": ["A"], "values": ["0", "1"],
               "cpt": [[0.5, 0.5], [0.7, 0.4]]}]}
            """);
    assertTrue(m.contains("variable 'B' CPT row 1 sums to 1.1"), m);
  }

  @Test
  void rejectsUnknownParent() {
    String m =
        msg(
            """
            {"variables": [{"name": "A", "parents": ["Z"], "values": ["0", "1"],
               "cpt": [[0.5, 0.5], [0.5, 0.5]]}]}
            """);
    assertTrue(m.contains("variable 'A' has unknown parent 'Z'"), m);
  }

  @Test
  void rejectsShapeMismatch() {
    String rows =
        msg(
            """
            {"variables": [{"name": "A", "values": ["0", "1", "2"], "cpt": [[0.2, 0.3, 0.5]]},
              {"name": "B", "parents": ["A"], "values": ["0", "1"],
               "cpt": [[0.5, 0.5], [0.5, 0.5]]}]}
            """);
    assertTrue(rows.contains("variable 'B' CPT has 2 rows, expected 3"), rows);
    String cols =
        msg(
            """
            {"variables": [{"name": "A", "values": ["0", "1"], "cpt": [[0.2, 0.3, 0.5]]}]}
            """);
    assertTrue(cols.contains("variable 'A' CPT row 0 has 3 entries, expected 2"), cols);
    String weights =
        msg(
            """
            {"variables": [{"name": "X", "mechanism": "linear-gaussian", "sd": 1},
              {"name": "Y", "parents": ["X"], "mechanism": "linear-gaussian",
               "weights": [1, 2], "sd": 1}]}
            """);
    assertTrue(weights.contains("variable 'Y': 2 weights for 1 parents"), weights);
  }

  @Test
  void rejectsNegativeProbabilityAndUnknownFunction() {
    String neg =
        msg(
            "{\"variables\": [{\"name\": \"A\", \"values\": [\"0\", \"1\"], \"cpt\": [[-0.1, 1.1]]}]}");
    assertTrue(neg.contains("variable 'A' CPT row 0 has invalid probability -0.1 for value '0'"));
    String fn =
        msg(
            "{\"variables\": [{\"name\": \"A\", \"mechanism\": \"additive\", \"function\": \"cosh\","
                + " \"sd\": 1}]}");
    assertTrue(fn.contains("variable 'A': unknown function 'cosh'"), fn);
  }

  @Test
  void rejectsUnreadableFile(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("bad.json");
    Files.writeString(f, "{not json");
    String m = assertThrows(BadInputException.class, () -> ModelJson.read(f)).getMessage();
    assertTrue(m.startsWith(f + ": invalid JSON"), m);
  }
}
