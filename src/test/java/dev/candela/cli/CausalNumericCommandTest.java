package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CausalNumericCommandTest {
  /** A nonlinear SCM with a hidden confounder H of X and Y. */
  private static final String CONFOUNDED =
      """
      {"variables": [
        {"name": "H", "mechanism": "linear-gaussian", "sd": 1, "hidden": true},
        {"name": "X", "parents": ["H"], "mechanism": "linear-gaussian", "weights": {"H": 1},
         "sd": 0.5},
        {"name": "Y", "parents": ["X", "H"], "mechanism": "additive", "function": "tanh",
         "weights": {"X": 2, "H": 0.5}, "noise": {"type": "uniform", "scale": 0.5}}
      ]}
      """;

  private static String outcome(String function, double scale) {
    return """
        {"variables": [
          {"name": "T", "mechanism": "linear-gaussian", "sd": 1},
          {"name": "O", "parents": ["T"], "mechanism": "additive", "function": "%s",
           "weights": {"T": 1}, "noise": {"type": "gaussian", "scale": %s}}
        ]}
        """
        .formatted(function, scale);
  }

  /**
   * Writes the truth {@code t.json} (O = tanh(T) + N(0, 0.5²)) and the model {@code m.json} (O =
   * function(T) + N(0, scale²)) into {@code dir}; the arguments of {@code causal distance} of them.
   */
  private static Object[] distanceFromTanh(Path dir, String function, double scale, Object... more)
      throws java.io.IOException {
    Path t = Files.writeString(dir.resolve("t.json"), outcome("tanh", 0.5));
    Path m = Files.writeString(dir.resolve("m.json"), outcome(function, scale));
    return CausalCommandTest.distance(t, m, more);
  }

  @Test
  void counterfactualSampleReportsLikelihoodWeighting(@TempDir Path dir) throws Exception {
    Path model = dir.resolve("m.json");
    Files.writeString(model, CONFOUNDED);
    Path json = dir.resolve("s.json");
    CliRun r =
        CliRun.ok(
            "causal",
            "sample",
            "--model",
            model,
            "--evidence",
            "X=0.3",
            "--do",
            "X=-1",
            "--n",
            "5",
            "--particles",
            "2000",
            "--include-hidden",
            "--json",
            json);
    assertTrue(r.err().contains("counterfactual by likelihood-weighting (ESS "), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals("H,X,Y", lines.get(0));
    assertEquals(6, lines.size());
    assertEquals(-1.0, Double.parseDouble(lines.get(1).split(",")[1]));
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    assertEquals("likelihood-weighting", doc.get("method").asText());
    assertEquals(2000, doc.get("particles").asInt());
    assertTrue(doc.get("ess").asDouble() > 100, doc.toString());
  }

  @Test
  void impossibleEvidenceExitsTwoNamingIt(@TempDir Path dir) throws Exception {
    Path model = dir.resolve("m.json");
    Files.writeString(model, CONFOUNDED);
    // tanh(.) is in (-1, 1) and the noise in [-0.5, 0.5]: Y = 5 is impossible.
    CliRun r = CliRun.of("causal", "sample", "--model", model, "--evidence", "Y=5", "--n", "3");
    r.assertBadInput();
    assertTrue(
        r.err()
            .startsWith(
                "candela causal sample: --evidence: evidence Y=5.0 has weight 0 in all 10000 particles"
                    + " (ESS 0): the value is outside the support of its uniform noise (scale"
                    + " 0.5)"),
        r.err());
  }

  @Test
  void sampleHelpNamesTheMethods() {
    CliRun r = CliRun.of("causal", "sample", "--help");
    assertEquals(0, r.exit());
    assertTrue(r.out().contains("likelihood-weighting"), r.out());
    assertTrue(r.out().contains("exact-gaussian"), r.out());
  }

  @Test
  void numericalTvInDistanceJson(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("d.json");
    CliRun.ok(
        distanceFromTanh(
            dir,
            "linear",
            0.5,
            "--metrics",
            "tv",
            "--treatment",
            "T=1.5",
            "--outcome",
            "O",
            "--tv-points",
            "400",
            "--tv-particles",
            "50",
            "--json",
            json));
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    assertEquals("numerical-likelihood-weighting", doc.at("/details/tv/method").asText());
    assertEquals(400, doc.at("/details/tv/samples").asInt());
    assertEquals(1, doc.at("/details/tv/particles").asInt());
    assertTrue(doc.at("/details/tv/standardError").asDouble() > 0);
    assertEquals(400, doc.at("/provenance/parameters/tvPoints").asInt());
    // Summary (no treatment) also runs and names its method.
    Path json2 = dir.resolve("d2.json");
    CliRun.ok(
        distanceFromTanh(
            dir, "linear", 0.5, "--metrics", "tv", "--tv-points", "200", "--json", json2));
    JsonNode doc2 = new ObjectMapper().readTree(json2.toFile());
    assertEquals("numerical-likelihood-weighting", doc2.at("/details/tv/methods/0").asText());
    assertEquals(0.0, doc2.at("/details/tv/dagSummary/O->T").asDouble());
  }

  @Test
  void zeroNoiseOutcomeExitsTwo(@TempDir Path dir) throws Exception {
    CliRun r =
        CliRun.of(
            distanceFromTanh(
                dir, "sin", 0, "--metrics", "tv", "--treatment", "T=1", "--outcome", "O"));
    r.assertBadInput("outcome 'O' has zero noise in the model");
  }
}
