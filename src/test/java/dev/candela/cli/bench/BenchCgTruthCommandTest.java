package dev.candela.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench cg-truth}: a tiny run writes its rows, bad options are refused with the value. */
class BenchCgTruthCommandTest {

  @Test
  void writesOneCsvLineAndJsonRowPerRow(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("o");
    CliRun r =
        CliRun.ok(
            "bench",
            "cg-truth",
            "--samples",
            "32",
            "--decoders",
            "disentangled,leak-0.5",
            "--degradation",
            "none",
            "--baselines",
            "max-deviation,zero",
            "--factors",
            "shape,posX",
            "--readouts",
            "exact",
            "--device",
            "cpu",
            "--out",
            out.toString());
    assertTrue(r.out().contains("rows within tolerance:"), r.out());
    assertTrue(r.out().contains("order none | exact | max-deviation"), r.out());
    List<String> csv = Files.readAllLines(out.resolve("cg-truth.csv"));
    assertEquals(5, csv.size(), String.join("\n", csv));
    assertTrue(csv.get(0).startsWith("decoder,degradation,readout,baseline,classifier,samples"));
    assertTrue(csv.get(0).endsWith("true_set.posX,candela_set.posX"), csv.get(0));
    assertTrue(csv.get(1).startsWith("disentangled,none,exact,max-deviation,"), csv.get(1));
    JsonNode json = new ObjectMapper().readTree(out.resolve("cg-truth.json").toFile());
    assertTrue(json.get("complete").asBoolean());
    assertEquals(4, json.get("rows").size());
    assertEquals(2, json.get("orders").size());
    assertEquals(1.0, json.get("rows").get(0).get("trueCg").asDouble(), 1e-12);
  }

  @Test
  void refusesUnknownNames() {
    CliRun.of("bench", "cg-truth", "--decoders", "wobbly")
        .assertBadInput("--decoders: unknown decoder 'wobbly' (known: disentangled, leak-0.25");
    CliRun.of("bench", "cg-truth", "--degradation", "2,0.8")
        .assertBadInput("--degradation: '2,0.8' is neither 'none' nor SIGMA,CONTRAST,OFFSET,NOISE");
    CliRun.of("bench", "cg-truth", "--degradation", "2,1.5,0,0")
        .assertBadInput("--degradation '2,1.5,0,0': contrast must be in (0, 1], got 1.5");
    CliRun.of("bench", "cg-truth", "--baselines", "median")
        .assertBadInput("--baselines: unknown baseline 'median'");
    CliRun.of("bench", "cg-truth", "--readouts", "fuzzy")
        .assertBadInput("--readouts: unknown CG read-out 'fuzzy' (choices: exact, tolerant)");
    CliRun.of("bench", "cg-truth", "--factors", "hue")
        .assertBadInput("--factors: unknown factor 'hue'");
  }
}
