package dev.candela.causal.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * gadjid's snapshot values (MPL-2.0 test data) for the 10 shared pairs, DAG and CPDAG: the three
 * AID counts and normalised values and the SHD (each differing pair once) must equal gadjid's.
 */
class AidReferenceTest {
  /** The shared folder when present (preferred), else the bundled copy. */
  static Path referenceDir() throws URISyntaxException {
    Path shared = Path.of("..", "shared", "reference", "aid");
    if (Files.isRegularFile(shared.resolve("pairs.csv"))) {
      return shared;
    }
    var url = AidReferenceTest.class.getResource("/aid/pairs.csv");
    assertTrue(url != null, "AID reference graphs not found (shared folder or test resources)");
    return Path.of(url.toURI()).getParent();
  }

  static Stream<Arguments> pairs() throws IOException, URISyntaxException {
    Path dir = referenceDir();
    List<String> lines = Files.readAllLines(dir.resolve("pairs.csv"));
    assertEquals(
        "g_true,g_guess,kind,shd_norm,shd_count,ancestor_aid_norm,ancestor_aid_count,"
            + "oset_aid_norm,oset_aid_count,parent_aid_norm,parent_aid_count",
        lines.get(0));
    List<Arguments> out = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      if (!line.isBlank()) {
        String[] f = line.split(",");
        out.add(Arguments.of(dir.resolve(f[0] + ".mtx"), dir.resolve(f[1] + ".mtx"), f));
      }
    }
    assertEquals(10, out.size(), "expected 10 reference pairs");
    return out.stream();
  }

  @ParameterizedTest(name = "{0} vs {1}")
  @MethodSource("pairs")
  void equalsGadjid(Path truth, Path guess, String[] row) throws Exception {
    Graph t = GraphIo.read(truth);
    Graph g = GraphIo.read(guess);
    assertEquals(row[2].equals("DAG"), t.isFullyDirected() && g.isFullyDirected(), "kind");
    assertEquals(Long.parseLong(row[4]), Shd.shd(t, g, false), "shd count");
    Aid.Kind[] kinds = {Aid.Kind.ANCESTOR, Aid.Kind.OSET, Aid.Kind.PARENT};
    for (int k = 0; k < kinds.length; k++) {
      AidResult r = Aid.aid(t, g, kinds[k]);
      assertEquals(Long.parseLong(row[6 + 2 * k]), r.count(), kinds[k].metric() + " count");
      // gadjid's decimal string is the shortest round-trip form of the same double
      assertEquals(Double.parseDouble(row[5 + 2 * k]), r.value(), 0.0, kinds[k].metric());
    }
  }

  @Test
  void bundledCopyEqualsSharedReferenceWhenPresent() throws Exception {
    Path shared = Path.of("..", "shared", "reference", "aid");
    Assumptions.assumeTrue(Files.isDirectory(shared), "shared reference folder not present");
    var url = AidReferenceTest.class.getResource("/aid/pairs.csv");
    assertTrue(url != null, "bundled copy missing");
    Path copy = Path.of(url.toURI()).getParent();
    try (Stream<Path> files = Files.list(shared)) {
      List<Path> data = files.filter(f -> !f.getFileName().toString().equals("README.md")).toList();
      assertEquals(21, data.size(), "20 graphs and pairs.csv");
      for (Path f : data) {
        assertEquals(
            Files.readString(f), Files.readString(copy.resolve(f.getFileName())), f.toString());
      }
    }
  }
}
