package dev.candela.cli.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.CandelaException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The parsing and table logic of {@code bench metrics --peers}, on lines recorded from {@code
 * scripts/peer-timings.py} (no timing, no Python).
 */
class PeerTimingsTest {
  /** Printed with 3 decimals: the table's seconds are read back within half the last digit. */
  private static final double PRINTED_SECONDS = 5e-4;

  /** Recorded from peer-timings.py on 6,000 bench rows (values shortened). */
  static final String TC =
      "{\"metric\": \"gaussian_tc\", \"peer\": \"disentanglement_lib evaluation/metrics/"
          + "unsupervised_metrics.py np.cov + gaussian_total_correlation\", \"stages\":"
          + " [\"gaussian_tc\"], \"fullRows\": 6000, \"rows\": 6000, \"complete\": true,"
          + " \"seconds\": 0.013, \"values\": {\"gaussian_tc\": 0.25}, \"tries\": [[1000, 0.002],"
          + " [6000, 0.013]], \"note\": \"\"}";

  static final String SHORT =
      "{\"metric\": \"latent_mi\", \"peer\": \"dl\", \"stages\": [\"latent_mi\"], \"fullRows\":"
          + " 1000000, \"rows\": 100000, \"complete\": false, \"seconds\": 40.0, \"values\":"
          + " {\"latent_mi\": 0.5}, \"tries\": [], \"note\": \"peer stopped at 100000 rows\"}";

  static final String NONE =
      "{\"metric\": \"fos\", \"peer\": \"dent\", \"stages\": [\"fos,rand_fos\"], \"fullRows\":"
          + " 10000, \"rows\": null, \"complete\": false, \"seconds\": null, \"values\": {},"
          + " \"tries\": [], \"note\": \"peer did not finish 1000 rows: out of memory\"}";

  static final String TWO_STAGES =
      "{\"metric\": \"both\", \"stages\": [\"a\", \"b\"], \"fullRows\": 10, \"rows\": 10,"
          + " \"seconds\": 3.0, \"values\": {\"a\": 1.0, \"b\": 2.0, \"unscored\": 9.0}}";

  private static PeerTimings.Candela full() {
    return new PeerTimings.Candela(
        1_000_000,
        2.0,
        Map.of("gaussian_tc", 0.5, "latent_mi", 100.0, "a", 1.0, "b", 0.5),
        Map.of("gaussian_tc", 0.25 + 3e-12, "latent_mi", 0.75, "a", 1.5, "b", 1.0));
  }

  @Test
  void parsesARecordedLine() throws CandelaException {
    PeerTimings.Line l = PeerTimings.parse(TC);
    assertEquals("gaussian_tc", l.metric());
    assertEquals(List.of("gaussian_tc"), l.stages());
    assertEquals(6000, l.rows());
    assertEquals(6000, l.fullRows());
    assertEquals(0.013, l.seconds(), 0.0);
    assertEquals(Map.of("gaussian_tc", 0.25), l.values());
    assertTrue(l.complete());
    assertEquals("", l.note());
  }

  @Test
  void aPeerThatFinishedNothingHasNoSecondsAndNoRows() throws CandelaException {
    PeerTimings.Line l = PeerTimings.parse(NONE);
    assertNull(l.seconds());
    assertEquals(0, l.rows());
    assertTrue(!l.complete());
    String[] row = PeerTimings.table(List.of(l), full(), Map.of()).get(1);
    assertEquals("none", row[1]);
    assertEquals("", row[3]);
    assertEquals("", row[4]);
    assertTrue(row[7].endsWith("peer did not finish 1000 rows: out of memory"), row[7]);
  }

  @Test
  void completeLineStandsBesideCandelaOnAllRows() throws CandelaException {
    // Candela 0.5 s, the peer 0.013 s: ratio 0.013 / 0.5 = 0.026, printed "0.0"; |Δ| 3e-12
    PeerTimings.Line l = PeerTimings.parse(TC.replace("6000", "1000000"));
    List<String[]> t = PeerTimings.table(List.of(l), full(), Map.of());
    assertArrayEquals(PeerTimings.HEADER, t.get(0));
    String[] row = t.get(1);
    assertEquals("gaussian_tc", row[0]);
    assertEquals("1000000", row[1]);
    assertEquals(0.5, Double.parseDouble(row[2]), PRINTED_SECONDS);
    assertEquals(0.013, Double.parseDouble(row[3]), PRINTED_SECONDS);
    assertEquals("0.03", row[4]);
    assertEquals(2.0, Double.parseDouble(row[5]), PRINTED_SECONDS);
    assertEquals(3e-12, Double.parseDouble(row[6]), 1e-13);
  }

  @Test
  void shortLineStandsBesideCandelaOnTheSameFirstRows() throws CandelaException {
    PeerTimings.Line l = PeerTimings.parse(SHORT);
    PeerTimings.Candela at =
        new PeerTimings.Candela(100_000, 0.2, Map.of("latent_mi", 8.0), Map.of("latent_mi", 0.5));
    String[] row = PeerTimings.table(List.of(l), full(), Map.of(100_000, at)).get(1);
    assertEquals("100000 of 1000000", row[1]);
    assertEquals(8.0, Double.parseDouble(row[2]), PRINTED_SECONDS); // not the 100 s on all rows
    assertEquals("5.00", row[4]); // 40 / 8
    assertEquals(0.2, Double.parseDouble(row[5]), PRINTED_SECONDS);
    assertEquals(0.0, Double.parseDouble(row[6]), 0.0);
    // without Candela on those rows, no Candela time and no ratio (never the all-rows time)
    String[] bare = PeerTimings.table(List.of(l), full(), Map.of()).get(1);
    assertEquals("", bare[2]);
    assertEquals("", bare[4]);
    assertEquals("", bare[6]);
  }

  @Test
  void stagesAddAndTheWorstDeltaSkipsUnscoredKeys() throws CandelaException {
    // a + b: 1.0 + 0.5 = 1.5 s; |Δ| of a 0.5, of b 1.0; "unscored" has no Candela value
    PeerTimings.Line l = PeerTimings.parse(TWO_STAGES);
    PeerTimings.Candela c =
        new PeerTimings.Candela(10, 0.1, Map.of("a", 1.0, "b", 0.5), Map.of("a", 1.5, "b", 1.0));
    assertEquals(1.5, c.seconds(l.stages()), 0.0);
    assertEquals(1.0, c.worstDelta(l), 0.0);
    assertNull(c.seconds(List.of("a", "missing")));
    assertEquals("2.00", PeerTimings.table(List.of(l), c, Map.of()).get(1)[4]); // 3 / 1.5
  }

  @Test
  void aNanValueIsTheWorstDelta() throws CandelaException {
    PeerTimings.Line l = PeerTimings.parse(TWO_STAGES);
    PeerTimings.Candela c =
        new PeerTimings.Candela(
            10, 0.1, Map.of("a", 1.0, "b", 0.5), Map.of("a", Double.NaN, "b", 1.0));
    assertTrue(Double.isNaN(c.worstDelta(l)));
  }

  @Test
  void shortRowsAreTheRowsOfPeersThatStoppedShort() throws CandelaException {
    List<PeerTimings.Line> lines =
        PeerTimings.parseAll(
            "warming up\n"
                + SHORT
                + "\n"
                + TC
                + "\n"
                + NONE
                + "\n"
                + SHORT.replace("\"rows\": 100000", "\"rows\": 10000")
                + "\n"
                + SHORT
                + "\n");
    assertEquals(5, lines.size());
    assertEquals(List.of(10_000, 100_000), PeerTimings.shortRows(lines));
  }

  @Test
  void aLineThatIsNotJsonIsNamed() {
    CandelaException e =
        assertThrows(CandelaException.class, () -> PeerTimings.parse("{\"metric\": oops"));
    assertTrue(e.getMessage().contains("is not JSON: {\"metric\": oops"), e.getMessage());
  }

  @Test
  void aLineWithoutStagesSaysWhichFieldIsMissing() {
    CandelaException e =
        assertThrows(
            CandelaException.class,
            () -> PeerTimings.parse("{\"metric\": \"x\", \"fullRows\": 3, \"values\": {}}"));
    assertTrue(e.getMessage().contains("lacks \"stages\""), e.getMessage());
  }
}
