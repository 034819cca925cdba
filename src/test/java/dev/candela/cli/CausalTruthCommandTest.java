package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.ModelJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code causal truth}: the shipped CANDLE truth is reproducible; options and bad input. */
class CausalTruthCommandTest {
  @TempDir Path dir;

  @Test
  void regeneratesTheShippedCandleTruthByteForByte() throws Exception {
    Path out = dir.resolve("candle.json");
    CliRun r = CliRun.ok("causal", "truth", "--dataset", "candle", "--out", out);
    assertTrue(r.err().contains("12546 of 21600 factor combinations allowed"), r.err());
    assertTrue(r.err().contains("size <- [scene, object_type]"), r.err());
    assertEquals(
        Files.readString(Path.of("datasets/causal/candle-factors.json")), Files.readString(out));
  }

  @Test
  void codesLabelsAnotherOrderAndNoRules() throws Exception {
    Path out = dir.resolve("t.json");
    CliRun r =
        CliRun.ok(
            "causal",
            "truth",
            "--dataset",
            "candle",
            "--order",
            "size,object_type,scene,lights,color,rotation",
            "--labels",
            "codes",
            "--out",
            out);
    CausalModel m = ModelJson.read(out);
    assertEquals(List.of("size", "object_type", "scene", "lights", "color", "rotation"), m.names());
    assertEquals(List.of("size"), m.dag().parents("object_type"));
    assertEquals(
        List.of("0", "1", "2"),
        ((dev.candela.causal.model.Cpt) m.variable(0).mechanism()).values());
    r = CliRun.of("causal", "truth", "--dataset", "dsprites", "--out", out);
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.err().contains("737280 of 737280"), r.err());
    assertEquals(List.of(), ModelJson.read(out).dag().parents("posY"));
  }

  @Test
  void unknownFactorInOrderNamesIt() {
    CliRun r =
        CliRun.of(
            "causal",
            "truth",
            "--order",
            "scene,lights,shape,color,size,rotation",
            "--out",
            dir.resolve("x.json"));
    r.assertBadInput("--order: unknown factor 'shape'");
    assertTrue(Files.notExists(dir.resolve("x.json")));
  }
}
