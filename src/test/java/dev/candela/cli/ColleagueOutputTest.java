package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.MixedRadix;
import dev.candela.cli.console.ConsoleBars;
import dev.candela.data.DSpritesDataset;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import dev.candela.synth.DSpritesGenerator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import me.tongfei.progressbar.ProgressBar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, item 4: output a colleague can use. Files follow the process umask, progress is plain
 * lines off a terminal, {@code score-codes} names {@code .npy} columns, and the training subset to
 * exclude from held-out data can be an index file.
 */
class ColleagueOutputTest {
  @TempDir Path tmp;

  /** Runs the CLI in a child JVM under a umask; returns its exit code. */
  private static int runUnderUmask(String umask, Path log, String... args) throws Exception {
    String cp =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> cmd = new ArrayList<>();
    cmd.add("sh");
    cmd.add("-c");
    cmd.add("umask " + umask + " && exec \"$@\"");
    cmd.add("sh");
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Dai.djl.offline=true");
    cmd.add("-cp");
    cmd.add(cp);
    cmd.add("dev.candela.cli.Main");
    cmd.addAll(List.of(args));
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "child JVM timed out");
    return p.exitValue();
  }

  private static String mode(Path p) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  /**
   * The arguments of {@code dataset generate dsprites} of this many images to {@code x.npz}
   * excluding the training indices listed in a file.
   */
  private Object[] generateExcluding(String count, Path excluded) {
    return new Object[] {
      "dataset",
      "generate",
      "dsprites",
      "--out",
      tmp.resolve("x.npz"),
      "--count",
      count,
      "--exclude-training",
      excluded
    };
  }

  @Test
  void reportsAreWrittenWithTheUmask() throws Exception {
    Path codes = tmp.resolve("codes");
    assertEquals(
        0,
        CliRun.of(
                "dataset",
                "generate",
                "codes",
                "--out",
                codes,
                "--count",
                "120",
                "--factor-sizes",
                "3,4")
            .exit());
    for (String[] c : new String[][] {{"022", "rw-r--r--"}, {"077", "rw-------"}}) {
      Path out = tmp.resolve("report-" + c[0]);
      Path log = tmp.resolve("log-" + c[0]);
      int exit =
          runUnderUmask(
              c[0],
              log,
              "score-codes",
              "--factors",
              codes.resolve("factors.csv").toString(),
              "--latents",
              codes.resolve("latents.csv").toString(),
              "--metrics",
              "irs,mig",
              "--replicates",
              "5",
              "--json",
              out.resolve("report.json").toString(),
              "--html",
              out.resolve("report.html").toString());
      assertEquals(0, exit, Files.readString(log));
      for (String f : List.of("report.json", "report.html")) {
        assertEquals(c[1], mode(out.resolve(f)), "umask " + c[0] + ": " + f);
      }
      assertEquals(c[0].equals("022") ? "rwxr-xr-x" : "rwx------", mode(out));
      try (Stream<Path> s = Files.list(out)) {
        assertEquals(2, s.count(), "no temporary file left");
      }
    }
  }

  @Test
  void progressOffATerminalIsPlainLines() throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream saved = System.err;
    System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
    try (ProgressBar bar = ConsoleBars.onStderr("images", 10, 500)) {
      bar.stepTo(10);
    } finally {
      System.setErr(saved);
    }
    String text = buf.toString(StandardCharsets.UTF_8);
    assertFalse(text.contains("\r"), text);
    List<String> lines = text.lines().toList();
    assertFalse(lines.isEmpty(), text);
    for (String line : lines) {
      assertTrue(line.matches("images: \\d+/10 \\(\\d+%\\), \\d+ s"), line);
    }
    assertEquals("images: 10/10 (100%)", lines.get(lines.size() - 1).replaceAll(", \\d+ s$", ""));
  }

  @Test
  void scoreCodesNamesTheColumnsOfNpyTables() throws Exception {
    int n = 90;
    long[] f = new long[n * 2];
    double[] z = new double[n * 2];
    java.util.Random r = new java.util.Random(1);
    for (int i = 0; i < n; i++) {
      f[2 * i] = i % 3;
      f[2 * i + 1] = i % 5;
      z[2 * i] = f[2 * i] + 0.1 * r.nextGaussian();
      z[2 * i + 1] = r.nextGaussian();
    }
    Path fp = tmp.resolve("f.npy");
    Path lp = tmp.resolve("l.npy");
    NpyWriter.write(fp, NpyDType.I8, new long[] {n, 2}, false, f);
    NpyWriter.write(lp, NpyDType.F8, new long[] {n, 2}, false, z);
    Path json = tmp.resolve("r.json");
    CliRun ok =
        CliRun.ok(
            ScoreCodesCommandTest.scoreCodes(
                fp,
                lp,
                "--factor-names",
                "shape,size",
                "--latent-names",
                "a,b",
                "--metrics",
                "irs,mig",
                "--replicates",
                "0",
                "--json",
                json));
    // the report says "replicates 0"; the console names the flag
    assertTrue(ok.err().contains("warning: intervals off (--replicates 0)"), ok.err());
    assertFalse(ok.out().contains("warning"), ok.out());
    JsonNode j = new ObjectMapper().readTree(json.toFile());
    assertTrue(j.get("warnings").toString().contains("intervals off (replicates 0)"), j.toString());
    assertEquals("[\"shape\",\"size\"]", j.at("/details/columns/factors").toString());
    assertEquals("[\"a\",\"b\"]", j.at("/details/columns/latents").toString());
    CliRun bad =
        CliRun.of(
            ScoreCodesCommandTest.scoreCodes(
                fp, lp, "--factor-names", "shape", "--metrics", "mig"));
    bad.assertBadInput();
    assertEquals(
        "candela score-codes: --factor-names: 1 names (shape) for the 2 columns of " + fp,
        bad.err().strip());
  }

  @Test
  void heldOutDataExcludesTheIndicesOfAnIndexFile() throws Exception {
    long[] train = DSpritesGenerator.chooseIndices(700_000, 3);
    Path txt = tmp.resolve("train.txt");
    StringBuilder sb = new StringBuilder("# flat dSprites indices of the training images\n");
    for (long i : train) {
      sb.append(i).append('\n');
    }
    Files.writeString(txt, sb);
    Path npy = tmp.resolve("train.npy");
    NpyWriter.write(npy, NpyDType.I8, new long[] {train.length}, false, train);
    Set<Long> excluded = new HashSet<>();
    for (long i : train) {
      excluded.add(i);
    }
    for (Path index : List.of(txt, npy)) {
      Path out = tmp.resolve("held-" + index.getFileName() + ".npz");
      CliRun r =
          CliRun.ok(
              "dataset",
              "generate",
              "dsprites",
              "--out",
              out,
              "--count",
              "200",
              "--seed",
              "7",
              "--exclude-training",
              index);
      try (DSpritesDataset ds = DSpritesDataset.open(out)) {
        assertEquals(200, ds.size());
        for (long i = 0; i < ds.size(); i++) {
          long flat = MixedRadix.encode(ds.codes(i), DSpritesGenerator.SIZES);
          assertFalse(excluded.contains(flat), index + ": row " + i + " is training image " + flat);
        }
      }
    }
    Path bad = tmp.resolve("bad.txt");
    Files.writeString(bad, "12\n13\nfourteen\n");
    Object[] fiveExcludingBad = generateExcluding("5", bad);
    CliRun r = CliRun.of(fiveExcludingBad);
    r.assertBadInput();
    assertEquals(
        "candela dataset generate dsprites: "
            + bad
            + ": line 3: 'fourteen' is not an integer index",
        r.err().strip());
    Files.writeString(bad, "12\n737280\n");
    r = CliRun.of(fiveExcludingBad);
    assertEquals(
        "candela dataset generate dsprites: "
            + bad
            + ": index 737280 (entry 2) is outside 0..737279, the flat indices of the"
            + " 737280-image dataset",
        r.err().strip());
    r = CliRun.of(generateExcluding("40000", txt));
    assertEquals(
        "candela dataset generate dsprites: --count must be in 1..37280 (the images outside the"
            + " 700000 training indices of "
            + txt
            + "), got 40000",
        r.err().strip());
    assertFalse(Files.exists(tmp.resolve("x.npz")));
  }
}
