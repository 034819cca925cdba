package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.TempTextFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code graph aid} and {@code graph edges}: output, JSON and bad input. */
class GraphAidCommandTest extends TempTextFiles {
  private Path resource(String name) throws Exception {
    return Path.of(GraphAidCommandTest.class.getResource("/aid/" + name).toURI());
  }

  @Test
  void aidOnGadjidCpdagPairWithJson() throws Exception {
    // pairs.csv: 10-node-CPDAG-14 vs 10-node-CPDAG-15: oset_aid 44 / 90
    Path json = dir.resolve("aid.json");
    CliRun r =
        CliRun.ok(
            "graph",
            "aid",
            "--kind",
            "oset",
            "--truth",
            resource("10-node-CPDAG-14.mtx"),
            "--pred",
            resource("10-node-CPDAG-15.mtx"),
            "--json",
            json);
    assertEquals("0.4888888888888889 count=44", r.out().trim());
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    assertEquals("oset_aid", doc.get("metric").asText());
    assertEquals(44.0 / 90, doc.get("value").asDouble(), 0.0);
    assertEquals(44, doc.get("count").asLong());
    assertEquals(90, doc.get("comparisons").asLong());
    assertTrue(doc.get("provenance").toString().contains("10-node-CPDAG-14.mtx"), doc.toString());
    CliRun parent =
        CliRun.of(
            "graph",
            "aid",
            "--kind",
            "parent",
            "--truth",
            resource("10-node-DAG-14.mtx"),
            "--pred",
            resource("10-node-DAG-15.mtx"));
    assertEquals("0.6666666666666666 count=60", parent.out().trim());
  }

  @Test
  void aidBadInput() throws Exception {
    Path t = write("t.csv", "0,1\n0,0\n");
    Path three = write("p.csv", "0,1,0\n0,0,1\n0,0,0\n");
    CliRun kind = CliRun.of("graph", "aid", "--kind", "sid", "--truth", t, "--pred", t);
    kind.assertBadInput();
    assertEquals(1, kind.err().trim().lines().count(), kind.err());
    assertTrue(kind.err().contains("--kind: unknown AID kind 'sid'"), kind.err());
    CliRun shape = CliRun.of("graph", "aid", "--kind", "parent", "--truth", t, "--pred", three);
    shape.assertBadInput("truth is 2x2, guess is 3x3", "p.csv");
    Path bad = write("b.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 5\n");
    CliRun value = CliRun.of("graph", "aid", "--kind", "parent", "--truth", bad, "--pred", t);
    value.assertBadInput("b.mtx: entry (1, 2) = 5.0");
  }

  @Test
  void edgesTableAndJson() throws Exception {
    // truth A -> B, B -> C, D -> C; pred B -> A, B -> C, D -> C, A -> D (EdgeStatisticsTest)
    Path t = write("t.csv", "A,B,C,D\n0,1,0,0\n0,0,1,0\n0,0,0,0\n0,0,1,0\n");
    Path p = write("p.csv", "A,B,C,D\n0,0,0,1\n1,0,1,0\n0,0,0,0\n0,0,1,0\n");
    Path json = dir.resolve("e.json");
    CliRun r = CliRun.ok("graph", "edges", "--truth", t, "--pred", p, "--json", json);
    assertTrue(r.out().contains("precision      0.7500     0.5000"), r.out());
    assertTrue(r.out().contains("fpr            0.3333     0.2222"), r.out());
    assertTrue(r.out().contains("shd_cdt              3  (cdt.metrics.SHD"), r.out());
    assertTrue(r.out().contains("shd_cdt_single       2"), r.out());
    assertTrue(r.out().contains("shd_bnlearn          1  (bnlearn"), r.out());
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    assertEquals("edges", doc.get("metric").asText());
    assertEquals(3, doc.get("skeleton").get("tp").asLong());
    assertEquals(0.5, doc.get("oriented").get("precision").asDouble(), 0.0);
    assertEquals(3, doc.get("shd_cdt").asLong());
    assertEquals(2, doc.get("shd_cdt_single").asLong());
    assertEquals(1, doc.get("shd_bnlearn").asLong());
    assertTrue(doc.get("shd_conventions").has("shd_bnlearn"));
    // an undefined rate is null in JSON and "undefined" on stdout
    Path empty = write("e.csv", "0,0\n0,0\n");
    Path ej = dir.resolve("empty.json");
    CliRun u = CliRun.of("graph", "edges", "--truth", empty, "--pred", empty, "--json", ej);
    assertTrue(u.out().contains("precision   undefined  undefined"), u.out());
    assertTrue(new ObjectMapper().readTree(ej.toFile()).get("skeleton").get("f1").isNull());
  }
}
