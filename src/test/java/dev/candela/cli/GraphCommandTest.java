package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.TempTextFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class GraphCommandTest extends TempTextFiles {
  @Test
  void shdSidAndAupr() throws Exception {
    Path t = write("t.csv", "0,1,0\n0,0,1\n0,0,0\n");
    Path p = write("p.csv", "0,0,0\n1,0,1\n0,0,0\n");
    CliRun a = CliRun.ok("graph", "shd", "--truth", t, "--pred", p, "--no-double-for-anticausal");
    assertEquals("1", a.out().trim());
    CliRun byDefault = CliRun.of("graph", "shd", "--truth", t, "--pred", p);
    assertEquals("2", byDefault.out().trim(), "cdt's default double_for_anticausal=True");
    CliRun b = CliRun.of("graph", "shd", "--truth", t, "--pred", p, "--double-for-anticausal");
    assertEquals("2", b.out().trim());
    CliRun c = CliRun.ok("graph", "sid", "--truth", t, "--pred", p);
    // guess X1 -> X0, X1 -> X2: i=0 Z={1}: both wrong; i=1 Z={}: (1,0) wrong; i=2 Z={1} = pa.
    assertEquals("3", c.out().trim());
    Path json = dir.resolve("o.json");
    CliRun d = CliRun.of("graph", "sid", "--truth", t, "--pred", t, "--cpdag", "--json", json);
    assertEquals("6 lower=0 upper=6", d.out().trim());
    assertTrue(Files.readString(json).contains("\"upper\" : 6"));
    // A v-structure's CPDAG has no undirected edge: --cpdag still prints the bounds form.
    Path v = write("v.csv", "0,0,1\n0,0,1\n0,0,0\n");
    CliRun vs = CliRun.ok("graph", "sid", "--truth", v, "--pred", v, "--cpdag");
    assertEquals("0 lower=0 upper=0", vs.out().trim());
    CliRun e = CliRun.of("graph", "aupr", "--truth", t, "--pred", t);
    assertEquals(1.0, Double.parseDouble(e.out().trim()), 1e-12);
  }

  @Test
  void cyclicGraphIsOneLineExit2() throws Exception {
    Path t = write("cyc.csv", "0,1\n1,0\n");
    Path c = write("c3.csv", "0,1,0\n0,0,1\n1,0,0\n");
    CliRun r = CliRun.of("graph", "sid", "--truth", c, "--pred", c);
    r.assertBadInput();
    assertEquals(1, r.err().trim().lines().count(), r.err());
    assertTrue(r.err().contains("c3.csv") && r.err().contains("X0 -> X1 -> X2 -> X0"), r.err());
    CliRun s = CliRun.of("graph", "shd", "--truth", t, "--pred", c);
    s.assertBadInput("2x2", "3x3");
  }
}
