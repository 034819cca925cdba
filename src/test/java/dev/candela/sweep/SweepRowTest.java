package dev.candela.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The row record's checks and the flattening of a report's {@code uncertainty} object. */
class SweepRowTest {
  @TempDir Path tmp;

  @Test
  void anIntervalInsideAnObjectBecomesLoAndHi() throws Exception {
    Path report = tmp.resolve("interval.json");
    Files.writeString(
        report,
        "{\"uncertainty\": {\"irs\": {\"se\": 0.01, \"ci95\": [0.5, 0.6],"
            + " \"method\": \"subsampling\", \"n\": 1000}}}");
    Map<String, Double> expected = new LinkedHashMap<>();
    expected.put("irs.se", 0.01);
    expected.put("irs.ci95.lo", 0.5);
    expected.put("irs.ci95.hi", 0.6);
    expected.put("irs.n", 1000.0);
    assertEquals(expected, CheckpointScorer.uncertainty(report));
  }

  @Test
  void uncertaintyIsFlattenedInTheReportsOrder() throws Exception {
    Path report = tmp.resolve("report.json");
    Files.writeString(
        report,
        "{\"scores\": {\"irs\": 0.6},"
            + " \"uncertainty\": {\"irs\": {\"se\": 0.01, \"lo\": 0.58, \"hi\": 0.62,"
            + " \"method\": \"bootstrap\"}, \"mig\": 0.02, \"sap\": [0.1, 0.2],"
            + " \"dci\": \"n/a\"}}");
    Map<String, Double> expected = new LinkedHashMap<>();
    expected.put("irs.se", 0.01);
    expected.put("irs.lo", 0.58);
    expected.put("irs.hi", 0.62);
    expected.put("mig", 0.02);
    expected.put("sap.lo", 0.1);
    expected.put("sap.hi", 0.2);
    Map<String, Double> got = CheckpointScorer.uncertainty(report);
    assertEquals(expected, got);
    assertEquals(List.copyOf(expected.keySet()), List.copyOf(got.keySet()));
  }

  @Test
  void aReportWithoutUncertaintyGivesAnEmptyMap() throws Exception {
    Path report = tmp.resolve("plain.json");
    Files.writeString(report, "{\"scores\": {\"irs\": 0.6}}");
    assertTrue(CheckpointScorer.uncertainty(report).isEmpty());
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
