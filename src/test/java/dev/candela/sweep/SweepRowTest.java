package dev.candela.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.metrics.stats.Uncertainty;
import dev.candela.report.JsonReports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The row record's checks, its uncertainty records through files and serialization. */
class SweepRowTest {
  @TempDir Path tmp;

  /** A row with two uncertainties, one of them with a bias estimate. */
  private static SweepRow scored() {
    Map<String, Double> scores = new LinkedHashMap<>();
    scores.put("irs", 0.55);
    scores.put("mig", 0.2);
    Map<String, Uncertainty> u = new LinkedHashMap<>();
    u.put("irs", new Uncertainty(0.01, List.of(0.53, 0.57), Uncertainty.SUBSAMPLING, 20, 0, 1000));
    u.put(
        "mig",
        new Uncertainty(0.004, List.of(0.192, 0.208), Uncertainty.JACKKNIFE, 100, -0.01, 1000));
    return new SweepRow(
        "m",
        "/m",
        0,
        SweepRow.OK,
        null,
        scores,
        u,
        List.of(),
        "c",
        "f",
        "k",
        "m/report.json",
        1.5,
        "h",
        false);
  }

  @Test
  void uncertaintyRecordsSurviveTheRowFileAndJavaSerialization() throws Exception {
    SweepRow row = scored();
    Path file = tmp.resolve("row.json");
    JsonReports.writeValue(row, file);
    SweepRow back = JsonReports.mapper().readValue(file.toFile(), SweepRow.class);
    assertEquals(row, back);
    assertEquals(Uncertainty.JACKKNIFE, back.uncertainty().get("mig").method());
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
      out.writeObject(row);
    }
    try (java.io.ObjectInputStream in =
        new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
      assertEquals(row, in.readObject(), "Spark ships rows by Java serialization");
    }
  }

  @Test
  void uncertaintyColumnsFlattenEveryNumberInTheScoresOrder() {
    Map<String, Double> c = scored().uncertaintyColumns();
    assertEquals(
        List.of(
            "irs.se",
            "irs.ci95.lo",
            "irs.ci95.hi",
            "irs.bias",
            "irs.n",
            "irs.replicates",
            "mig.se",
            "mig.ci95.lo",
            "mig.ci95.hi",
            "mig.bias",
            "mig.n",
            "mig.replicates"),
        List.copyOf(c.keySet()));
    assertEquals(0.192, c.get("mig.ci95.lo"));
    assertEquals(-0.01, c.get("mig.bias"));
    assertEquals(100.0, c.get("mig.replicates"));
    assertTrue(row(SweepRow.OK, null).uncertaintyColumns().isEmpty());
  }

  @Test
  void badStatusAndErrorRowsWithoutTheirErrorAreRejected() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> row("done", null));
    assertEquals("status must be ok or error, got 'done'", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> row(SweepRow.ERROR, null));
    assertEquals("an error row needs its error: m", e.getMessage());
  }

  @Test
  void folderChecksumDependsOnNamesAndBytes() throws Exception {
    Path a = Files.createDirectories(tmp.resolve("a"));
    Path b = Files.createDirectories(tmp.resolve("b"));
    Files.writeString(a.resolve("model.json"), "{}");
    Files.writeString(b.resolve("model.json"), "{}");
    assertEquals(CheckpointScorer.folderChecksum(a), CheckpointScorer.folderChecksum(b));
    Files.writeString(b.resolve("model.json"), "{ }");
    assertTrue(!CheckpointScorer.folderChecksum(a).equals(CheckpointScorer.folderChecksum(b)));
  }

  private static SweepRow row(String status, String error) {
    return new SweepRow(
        "m", "/m", 0, status, error, Map.of(), Map.of(), List.of(), null, null, null, null, 0.0,
        "h", false);
  }
}
