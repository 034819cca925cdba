package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class GraphCommandTest {
  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private Run run(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private Path write(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  @Test
  void shdSidAndAupr() throws Exception {
    Path t = write("t.csv", "0,1,0\n0,0,1\n0,0,0\n");
    Path p = write("p.csv", "0,0,0\n1,0,1\n0,0,0\n");
    Run a = run("graph", "shd", "--truth", t.toString(), "--pred", p.toString());
    assertEquals(0, a.code(), a.err());
    assertEquals("1", a.out().trim());
    Run b =
        run(
            "graph",
            "shd",
            "--truth",
            t.toString(),
            "--pred",
            p.toString(),
            "--double-for-anticausal");
    assertEquals("2", b.out().trim());
    Run c = run("graph", "sid", "--truth", t.toString(), "--pred", p.toString());
    assertEquals(0, c.code(), c.err());
    // guess X1 -> X0, X1 -> X2: i=0 Z={1}: both wrong; i=1 Z={}: (1,0) wrong; i=2 Z={1} = pa.
    assertEquals("3", c.out().trim());
    Path json = dir.resolve("o.json");
    Run d =
        run(
            "graph",
            "sid",
            "--truth",
            t.toString(),
            "--pred",
            t.toString(),
            "--cpdag",
            "--json",
            json.toString());
    assertEquals("6 lower=0 upper=6", d.out().trim());
    assertTrue(Files.readString(json).contains("\"upper\" : 6"));
    Run e = run("graph", "aupr", "--truth", t.toString(), "--pred", t.toString());
    assertEquals(1.0, Double.parseDouble(e.out().trim()), 1e-12);
  }

  @Test
  void cyclicGraphIsOneLineExit2() throws Exception {
    Path t = write("cyc.csv", "0,1\n1,0\n");
    Path c = write("c3.csv", "0,1,0\n0,0,1\n1,0,0\n");
    Run r = run("graph", "sid", "--truth", c.toString(), "--pred", c.toString());
    assertEquals(Main.BAD_INPUT, r.code());
    assertEquals(1, r.err().trim().lines().count(), r.err());
    assertTrue(r.err().contains("c3.csv") && r.err().contains("X0 -> X1 -> X2 -> X0"), r.err());
    Run s = run("graph", "shd", "--truth", t.toString(), "--pred", c.toString());
    assertEquals(Main.BAD_INPUT, s.code());
    assertTrue(s.err().contains("2x2") && s.err().contains("3x3"), s.err());
  }
}
