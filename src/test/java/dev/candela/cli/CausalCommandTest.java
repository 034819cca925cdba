package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

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

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void distanceWritesFlatScoresDetailsAndProvenance(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("t.json");
    Path m = dir.resolve("m.json");
    Path j = dir.resolve("out.json");
    Files.writeString(t, TRUTH);
    Files.writeString(m, REVERSED);
    Run r =
        run(
            "causal",
            "distance",
            "--truth",
            t.toString(),
            "--model",
            m.toString(),
            "--metrics",
            "kl,ckl3,wed3,tv,od,id",
            "--distance",
            "tv",
            "--treatment",
            "A=yes",
            "--outcome",
            "B",
            "--json",
            j.toString(),
            "--seed",
            "3");
    assertEquals(0, r.code(), r.err());
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
    Run s =
        run(
            "causal",
            "sample",
            "--model",
            t.toString(),
            "--n",
            "4000",
            "--seed",
            "1",
            "--do",
            "A=yes",
            "--out",
            csv.toString());
    assertEquals(0, s.code(), s.err());
    assertTrue(Files.readAllLines(csv).get(1).startsWith("yes,"));
    Path dag = dir.resolve("dag.json");
    Files.writeString(dag, "{\"variables\": [\"A\", \"B\"], \"edges\": [[\"A\", \"B\"]]}");
    Path fitted = dir.resolve("f.json");
    Run f =
        run(
            "causal",
            "fit",
            "--dag",
            dag.toString(),
            "--data",
            csv.toString(),
            "--smoothing",
            "1",
            "--values-from",
            t.toString(),
            "--out",
            fitted.toString());
    assertEquals(0, f.code(), f.err());
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
    Run r = run("causal", "sample", "--model", t.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("variable 'A' has unknown parent 'Q'"), r.err());
    Run d = run("causal", "distance", "--truth", t.toString(), "--model", t.toString());
    assertEquals(2, d.code());
    assertTrue(d.err().contains(t.toString()), d.err());
  }

  @Test
  void unknownMetricListsKnownIds(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("t.json");
    Files.writeString(t, TRUTH);
    Run r =
        run(
            "causal",
            "distance",
            "--truth",
            t.toString(),
            "--model",
            t.toString(),
            "--metrics",
            "nope");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown metric 'nope', known: od,id,cd,tv,kl"), r.err());
  }
}
