package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CausalCommandTest {
  private static final double EXACT = 1e-12;

  private static final String TRUTH =
      """
      {"variables": [
        {"name": "A", "values": ["no", "yes"], "cpt": [[0.5, 0.5]]},
        {"name": "B", "parents": ["A"], "values": ["no", "yes"], "cpt": [[0.8, 0.2], [0.3, 0.7]]}]}
      """;
  private static final String REVERSED =
      """
      {"variables": [
        {"name": "B", "values": ["no", "yes"], "cpt": [[0.55, 0.45]]},
        {"name": "A", "parents": ["B"], "values": ["no", "yes"],
         "cpt": [[0.7272727272727273, 0.2727272727272727], [0.2222222222222222, 0.7777777777777778]]}]}
      """;

  /** {@code candela causal distance} of these models, and the further arguments. */
  static Object[] distance(Path truth, Path model, Object... more) {
    List<Object> args =
        new ArrayList<>(List.of("causal", "distance", "--truth", truth, "--model", model));
    args.addAll(List.of(more));
    return args.toArray();
  }

  @Test
  void distanceWritesFlatScoresDetailsAndProvenance(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("t.json");
    Path m = dir.resolve("m.json");
    Path j = dir.resolve("out.json");
    Files.writeString(t, TRUTH);
    Files.writeString(m, REVERSED);
    CliRun r =
        CliRun.ok(
            distance(
                t,
                m,
                "--metrics",
                "kl,ckl3,wed3,tv,od,id",
                "--distance",
                "tv",
                "--treatment",
                "A=yes",
                "--outcome",
                "B",
                "--json",
                j,
                "--seed",
                "3"));
    JsonNode doc = new ObjectMapper().readTree(j.toFile());
    assertEquals(0.0, doc.at("/scores/kl").asDouble(), 1e-9);
    assertEquals(0.25, doc.at("/scores/tv").asDouble(), 1e-9);
    assertEquals(0.0, doc.at("/scores/od").asDouble(), 1e-9);
    assertTrue(doc.at("/details/ckl3/definition").asText().startsWith("sum over"));
    assertEquals(3, doc.at("/provenance/seed").asLong());
    assertTrue(doc.at("/provenance/inputs/truth").asText().startsWith("sha256:"));
    assertTrue(r.out().contains("wed3"), r.out());
  }

  @Test
  void sampleAndFitRoundTrip(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("t.json");
    Files.writeString(t, TRUTH);
    Path csv = dir.resolve("s.csv");
    CliRun.ok(
        "causal", "sample", "--model", t, "--n", "4000", "--seed", "1", "--do", "A=yes", "--out",
        csv);
    assertTrue(Files.readAllLines(csv).get(1).startsWith("yes,"));
    Path dag = dir.resolve("dag.json");
    Files.writeString(dag, "{\"variables\": [\"A\", \"B\"], \"edges\": [[\"A\", \"B\"]]}");
    Path fitted = dir.resolve("f.json");
    CliRun.ok(
        "causal",
        "fit",
        "--dag",
        dag,
        "--data",
        csv,
        "--smoothing",
        "1",
        "--values-from",
        t,
        "--out",
        fitted);
    JsonNode model = new ObjectMapper().readTree(fitted.toFile());
    // Under do(A=yes) only A=yes is seen: the A row is (0 + 1) / (4000 + 2) for "no".
    assertEquals(1.0 / 4002, model.at("/variables/0/cpt/0/0").asDouble(), EXACT);
  }

  @Test
  void badModelExitsTwoNamingTheVariable(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("bad.json");
    Files.writeString(
        t,
        "{\"variables\": [{\"name\": \"A\", \"parents\": [\"Q\"], \"values\": [\"0\", \"1\"],"
            + " \"cpt\": [[0.5, 0.5]]}]}");
    CliRun r = CliRun.of("causal", "sample", "--model", t);
    r.assertBadInput("variable 'A' has unknown parent 'Q'");
    CliRun d = CliRun.of(distance(t, t));
    d.assertBadInput(t.toString());
  }

  @Test
  void unknownMetricListsKnownIds(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("t.json");
    Files.writeString(t, TRUTH);
    CliRun r = CliRun.of(distance(t, t, "--metrics", "nope"));
    r.assertBadInput("unknown metric 'nope', known: od,id,cd,tv,kl");
  }
}
