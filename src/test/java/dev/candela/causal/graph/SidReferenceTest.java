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
 * The 180 reference pairs of R's SID 1.1 (test data of gadjid, MPL-2.0): SID and SHD
 * (double_for_anticausal = false) of every row of the CSVs.
 */
class SidReferenceTest {

  /** The bundled copy; falls back to ../shared/reference/sid-testgraphs from the working dir. */
  static Path referenceDir() throws URISyntaxException {
    var url = SidReferenceTest.class.getResource("/sid-testgraphs/README.md");
    if (url != null) {
      return Path.of(url.toURI()).getParent();
    }
    Path shared = Path.of("..", "shared", "reference", "sid-testgraphs");
    assertTrue(
        Files.isDirectory(shared), "reference graphs not found at " + shared.toAbsolutePath());
    return shared;
  }

  static Stream<Arguments> rows() throws IOException, URISyntaxException {
    Path dir = referenceDir();
    List<Arguments> out = new ArrayList<>();
    for (int size : new int[] {10, 100}) {
      List<String> lines = Files.readAllLines(dir.resolve("SID-" + size + "-node-DAGs.csv"));
      assertEquals("G_true,G_guess,SHD,SID", lines.get(0));
      for (String line : lines.subList(1, lines.size())) {
        if (line.isBlank()) {
          continue;
        }
        String[] f = line.split(",");
        out.add(
            Arguments.of(
                dir.resolve(size + "-node-DAG-" + f[0] + ".mtx"),
                dir.resolve(size + "-node-DAG-" + f[1] + ".mtx"),
                Integer.parseInt(f[2]),
                Long.parseLong(f[3])));
      }
    }
    assertEquals(180, out.size(), "expected 180 reference pairs");
    return out.stream();
  }

  @Test
  void bundledCopyEqualsSharedReferenceWhenPresent() throws Exception {
    Path shared = Path.of("..", "shared", "reference", "sid-testgraphs");
    Assumptions.assumeTrue(Files.isDirectory(shared), "shared reference folder not present");
    Path copy = referenceDir();
    try (Stream<Path> files = Files.list(shared)) {
      for (Path f : files.filter(f -> !f.getFileName().toString().equals("README.md")).toList()) {
        assertEquals(
            Files.readString(f), Files.readString(copy.resolve(f.getFileName())), f.toString());
      }
    }
  }

  @ParameterizedTest(name = "{0} vs {1}")
  @MethodSource("rows")
  void matchesR(Path truth, Path guess, int shd, long sid) throws Exception {
    Dag t = Dag.read(truth);
    Dag g = Dag.read(guess);
    assertEquals(sid, Sid.sid(t, g).sid(), "SID");
    assertEquals(shd, Shd.shd(t.toGraph(), g.toGraph(), false), "SHD");
  }
}
