package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.TestDatasets;
import dev.candela.cli.console.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 14: a corpus of bad inputs across every command. Each case runs the CLI in-process and
 * asserts the exit code, exactly one standard-error line that names the file or the value, no stack
 * trace, and no output file left behind (neither the final name nor an empty output folder).
 *
 * <p>In the arguments {@code @T} stands for the fixture folder.
 */
class BadInputCorpusTest {
  @TempDir static Path t;

  static final int BAD = ExitCodes.BAD_INPUT;

  @BeforeAll
  static void fixtures() throws Exception {
    TestDatasets.dsprites(t.resolve("d.npz"), 300, 5);
    Files.createDirectories(t.resolve("empty"));
    writeCodeTables(t);
    Files.writeString(t.resolve("ragged.csv"), "z0,z1\n0.1,0.2\n0.3\n");
    Files.writeString(t.resolve("nan.csv"), "z0,z1\n0.1,0.2\n0.3,NaN\n");
    Files.writeString(t.resolve("words.csv"), "z0,z1\n0.1,0.2\n0.3,abc\n");
    Files.writeString(t.resolve("zero.csv"), "");
    Files.writeString(t.resolve("header.csv"), "z0,z1\n");
    Files.writeString(t.resolve("short.csv"), "z0,z1,z2\n0.1,0.2,0.3\n");
    byte[] junk = new byte[2048];
    new Random(0).nextBytes(junk);
    Files.write(t.resolve("junk.npz"), junk);
    Files.write(t.resolve("junk.h5"), junk);
    Files.write(t.resolve("junk.json"), junk);
    Files.writeString(t.resolve("notes.txt"), "hello\n");
    Files.writeString(t.resolve("broken.json"), "{\"variables\": [");
    Files.writeString(t.resolve("graph-bad.csv"), "a,b\n0,1\n1\n");
    Files.writeString(t.resolve("graph-cycle.csv"), ",a,b\na,0,1\nb,1,0\n");
    Files.writeString(t.resolve("graph-ok.csv"), ",a,b\na,0,1\nb,0,0\n");
    Files.writeString(t.resolve("graph-3.csv"), ",a,b,c\na,0,1,0\nb,0,0,1\nc,0,0,0\n");
    Files.createDirectories(t.resolve("nomodel"));
    Files.writeString(t.resolve("nomodel/model.json"), "{\"kind\": \"vae\"");
  }

  static Arguments c(String name, int exit, String mustContain, String outPath, String... args) {
    return Arguments.of(name, exit, mustContain, outPath, args);
  }

  static final String M = "models/dsprites-beta-vae";
  static final String CLF = "models/dsprites-classifier";

  static Stream<Arguments> corpus() {
    List<Arguments> a = new ArrayList<>();
    // option parsing (one line naming the option and value, and --help)
    a.add(
        c(
            "wrong int",
            BAD,
            "'--seed': 'x'",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/l.csv",
            "--seed",
            "x"));
    a.add(
        c(
            "wrong double",
            BAD,
            "'--train-fraction': 'half'",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/l.csv",
            "--train-fraction",
            "half"));
    a.add(
        c(
            "duplicated option",
            BAD,
            "'--latents'",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/l.csv",
            "--latents",
            "@T/l.csv"));
    a.add(
        c(
            "unknown option",
            BAD,
            "--frobnicate",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/l.csv",
            "--frobnicate"));
    a.add(c("missing required", BAD, "--latents", null, "score-codes", "--factors", "@T/f.csv"));
    a.add(c("unknown command", BAD, "'scoreit'", null, "scoreit"));
    a.add(c("unknown subcommand", BAD, "'frob'", null, "dataset", "frob"));
    a.add(
        c(
            "unknown enum",
            BAD,
            "sideways",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/l.csv",
            "--uc-selection",
            "sideways"));
    a.add(
        c(
            "encode wrong int",
            BAD,
            "'--samples': 'many'",
            null,
            "encode",
            "--dataset",
            "@T/d.npz",
            "--model",
            M,
            "--samples",
            "many",
            "--out",
            "@T/o1"));
    a.add(
        c(
            "train unknown objective",
            BAD,
            "vae-9000",
            "@T/o2",
            "train",
            "--dataset",
            "@T/d.npz",
            "--objective",
            "vae-9000",
            "--out",
            "@T/o2"));
    a.add(
        c(
            "generate negative count",
            BAD,
            "--count",
            "@T/o3.npz",
            "dataset",
            "generate",
            "dsprites",
            "--count",
            "-5",
            "--out",
            "@T/o3.npz"));
    a.add(
        c("graph missing pred", BAD, "--pred", null, "graph", "shd", "--truth", "@T/graph-ok.csv"));
    // score-codes: tables
    a.add(
        c(
            "missing factors file",
            BAD,
            "@T/nope.csv",
            null,
            "score-codes",
            "--factors",
            "@T/nope.csv",
            "--latents",
            "@T/l.csv"));
    a.add(
        c(
            "missing latents file",
            BAD,
            "@T/nope.csv",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/nope.csv"));
    a.add(
        c(
            "ragged latents",
            BAD,
            "@T/ragged.csv",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/ragged.csv"));
    a.add(
        c(
            "NaN latent",
            BAD,
            "@T/nan.csv",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/nan.csv"));
    a.add(
        c(
            "non-numeric latent",
            BAD,
            "abc",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/words.csv"));
    a.add(
        c(
            "empty latents",
            BAD,
            "@T/zero.csv",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/zero.csv"));
    a.add(
        c(
            "header-only latents",
            BAD,
            "@T/header.csv",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/header.csv"));
    a.add(
        c(
            "row counts differ",
            BAD,
            "@T/short.csv",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/short.csv"));
    a.add(
        c(
            "latents is a folder",
            BAD,
            "@T/empty",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/empty"));
    a.add(
        c(
            "junk npy latents",
            BAD,
            "@T/junk.npz",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/junk.npz"));
    a.add(
        c(
            "unknown metric",
            BAD,
            "nope",
            "@T/s1.json",
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/l.csv",
            "--metrics",
            "nope",
            "--json",
            "@T/s1.json"));
    a.add(
        c(
            "rho too large",
            BAD,
            "10",
            "@T/s2.json",
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/l.csv",
            "--metrics",
            "irs,uc",
            "--rho",
            "10",
            "--json",
            "@T/s2.json"));
    a.add(
        c(
            "train fraction 0",
            BAD,
            "--train-fraction",
            "@T/s3.json",
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/l.csv",
            "--train-fraction",
            "0",
            "--json",
            "@T/s3.json"));
    a.add(
        c(
            "bad factor bins",
            BAD,
            "--factor-bins",
            null,
            "score-codes",
            "--factors",
            "@T/f.csv",
            "--latents",
            "@T/l.csv",
            "--factor-bins",
            "0"));
    // datasets
    a.add(
        c(
            "encode missing dataset",
            BAD,
            "@T/none.npz",
            "@T/o4",
            "encode",
            "--dataset",
            "@T/none.npz",
            "--model",
            M,
            "--out",
            "@T/o4"));
    a.add(
        c(
            "encode junk npz",
            BAD,
            "@T/junk.npz",
            "@T/o5",
            "encode",
            "--dataset",
            "@T/junk.npz",
            "--model",
            M,
            "--out",
            "@T/o5"));
    a.add(
        c(
            "encode junk h5",
            BAD,
            "@T/junk.h5",
            "@T/o6",
            "encode",
            "--dataset",
            "@T/junk.h5",
            "--model",
            M,
            "--out",
            "@T/o6"));
    a.add(
        c(
            "encode txt dataset",
            BAD,
            "@T/notes.txt",
            "@T/o7",
            "encode",
            "--dataset",
            "@T/notes.txt",
            "--model",
            M,
            "--out",
            "@T/o7"));
    a.add(
        c(
            "encode empty folder",
            BAD,
            "holds no samples",
            "@T/o8",
            "encode",
            "--dataset",
            "@T/empty",
            "--model",
            M,
            "--out",
            "@T/o8"));
    a.add(
        c(
            "encode too many samples",
            BAD,
            "--samples 5000",
            "@T/o9",
            "encode",
            "--dataset",
            "@T/d.npz",
            "--model",
            M,
            "--samples",
            "5000",
            "--out",
            "@T/o9"));
    a.add(
        c(
            "encode batch 0",
            BAD,
            "--batch-size",
            "@T/o10",
            "encode",
            "--dataset",
            "@T/d.npz",
            "--model",
            M,
            "--batch-size",
            "0",
            "--out",
            "@T/o10"));
    a.add(
        c(
            "encode no model folder",
            BAD,
            "@T/empty",
            "@T/o11",
            "encode",
            "--dataset",
            "@T/d.npz",
            "--model",
            "@T/empty",
            "--out",
            "@T/o11"));
    a.add(
        c(
            "encode broken card",
            BAD,
            "@T/nomodel/model.json",
            "@T/o12",
            "encode",
            "--dataset",
            "@T/d.npz",
            "--model",
            "@T/nomodel",
            "--out",
            "@T/o12"));
    a.add(
        c(
            "encode candle model on dsprites",
            BAD,
            "does not match the dataset",
            "@T/o13",
            "encode",
            "--dataset",
            "@T/d.npz",
            "--model",
            "models/candle-beta-vae",
            "--out",
            "@T/o13"));
    a.add(
        c(
            "encode bad device",
            BAD,
            "quantum",
            "@T/o14",
            "encode",
            "--dataset",
            "@T/d.npz",
            "--model",
            M,
            "--device",
            "quantum",
            "--out",
            "@T/o14"));
    a.add(c("validate empty", BAD, "holds no samples", null, "dataset", "validate", "@T/empty"));
    a.add(c("validate missing", BAD, "@T/gone", null, "dataset", "validate", "@T/gone"));
    a.add(c("validate junk npz", BAD, "@T/junk.npz", null, "dataset", "validate", "@T/junk.npz"));
    a.add(c("inspect empty", BAD, "holds no samples", null, "dataset", "inspect", "@T/empty"));
    a.add(c("inspect txt", BAD, "@T/notes.txt", null, "dataset", "inspect", "@T/notes.txt"));
    a.add(c("inspect junk h5", BAD, "@T/junk.h5", null, "dataset", "inspect", "@T/junk.h5"));
    a.add(
        c(
            "validate bad rules variant",
            BAD,
            "nonesuch",
            null,
            "dataset",
            "validate",
            "@T/empty",
            "--rules",
            "nonesuch"));
    a.add(
        c(
            "generate dsprites too many",
            BAD,
            "--count",
            "@T/o15.npz",
            "dataset",
            "generate",
            "dsprites",
            "--count",
            "99999999",
            "--out",
            "@T/o15.npz"));
    a.add(
        c(
            "generate toy count 0",
            BAD,
            "--count",
            "@T/o16",
            "dataset",
            "generate",
            "toy",
            "--count",
            "0",
            "--out",
            "@T/o16"));
    a.add(
        c(
            "generate candle count 0",
            BAD,
            "--count",
            "@T/o17",
            "dataset",
            "generate",
            "candle",
            "--count",
            "0",
            "--out",
            "@T/o17"));
    a.add(
        c(
            "generate candle junk rules",
            BAD,
            "@T/junk.json",
            "@T/o18",
            "dataset",
            "generate",
            "candle",
            "--count",
            "2",
            "--rules-file",
            "@T/junk.json",
            "--out",
            "@T/o18"));
    a.add(
        c(
            "generate codes bad sizes",
            BAD,
            "--factor-sizes",
            "@T/o19",
            "dataset",
            "generate",
            "codes",
            "--factor-sizes",
            "3,x",
            "--out",
            "@T/o19"));
    // evaluate
    a.add(
        c(
            "evaluate missing dataset",
            BAD,
            "@T/none.npz",
            "@T/o20",
            "evaluate",
            "--dataset",
            "@T/none.npz",
            "--model",
            M,
            "--out",
            "@T/o20",
            "--quiet"));
    a.add(
        c(
            "evaluate empty folder",
            BAD,
            "holds no samples",
            "@T/o21",
            "evaluate",
            "--dataset",
            "@T/empty",
            "--model",
            M,
            "--out",
            "@T/o21",
            "--quiet"));
    a.add(
        c(
            "evaluate foreign classifier",
            BAD,
            "classifier has no factor",
            "@T/o22",
            "evaluate",
            "--dataset",
            "@T/d.npz",
            "--model",
            M,
            "--classifier",
            "models/candle-classifier",
            "--out",
            "@T/o22",
            "--quiet"));
    a.add(
        c(
            "evaluate classifier not a folder",
            BAD,
            "@T/empty",
            "@T/o23",
            "evaluate",
            "--dataset",
            "@T/d.npz",
            "--model",
            M,
            "--classifier",
            "@T/empty",
            "--out",
            "@T/o23",
            "--quiet"));
    a.add(
        c(
            "evaluate broken card",
            BAD,
            "@T/nomodel/model.json",
            "@T/o24",
            "evaluate",
            "--dataset",
            "@T/d.npz",
            "--model",
            "@T/nomodel",
            "--out",
            "@T/o24",
            "--quiet"));
    a.add(
        c(
            "evaluate unknown metric",
            BAD,
            "nope",
            "@T/o25",
            "evaluate",
            "--dataset",
            "@T/d.npz",
            "--model",
            M,
            "--metrics",
            "nope",
            "--out",
            "@T/o25",
            "--quiet"));
    // counterfactuals
    a.add(
        c(
            "counterfactuals foreign classifier",
            BAD,
            "candle-classifier",
            "@T/o26",
            "counterfactuals",
            "--dataset",
            "@T/d.npz",
            "--model",
            M,
            "--classifier",
            "models/candle-classifier",
            "--out",
            "@T/o26",
            "--quiet"));
    a.add(
        c(
            "counterfactuals missing dataset",
            BAD,
            "@T/none.npz",
            "@T/o27",
            "counterfactuals",
            "--dataset",
            "@T/none.npz",
            "--model",
            M,
            "--classifier",
            CLF,
            "--out",
            "@T/o27",
            "--quiet"));
    // training
    a.add(
        c(
            "train empty dataset",
            BAD,
            "holds no samples",
            "@T/o28",
            "train",
            "--dataset",
            "@T/empty",
            "--objective",
            "beta-vae",
            "--out",
            "@T/o28"));
    a.add(
        c(
            "train resume without checkpoint",
            BAD,
            "no checkpoint to resume",
            "@T/o29",
            "train",
            "--dataset",
            "@T/d.npz",
            "--objective",
            "beta-vae",
            "--epochs",
            "1",
            "--limit",
            "64",
            "--resume",
            "--out",
            "@T/o29"));
    a.add(
        c(
            "train epochs 0",
            BAD,
            "--epochs",
            "@T/o30",
            "train",
            "--dataset",
            "@T/d.npz",
            "--objective",
            "beta-vae",
            "--epochs",
            "0",
            "--out",
            "@T/o30"));
    a.add(
        c(
            "train-classifier bad head",
            BAD,
            "tanh",
            "@T/o31",
            "train-classifier",
            "--dataset",
            "@T/d.npz",
            "--head",
            "tanh",
            "--out",
            "@T/o31"));
    a.add(
        c(
            "train-classifier missing dataset",
            BAD,
            "@T/none.npz",
            "@T/o32",
            "train-classifier",
            "--dataset",
            "@T/none.npz",
            "--out",
            "@T/o32"));
    // causal and graphs
    a.add(
        c(
            "graph missing truth",
            BAD,
            "@T/none.csv",
            null,
            "graph",
            "shd",
            "--truth",
            "@T/none.csv",
            "--pred",
            "@T/graph-ok.csv"));
    a.add(
        c(
            "graph ragged",
            BAD,
            "@T/graph-bad.csv",
            null,
            "graph",
            "shd",
            "--truth",
            "@T/graph-bad.csv",
            "--pred",
            "@T/graph-ok.csv"));
    a.add(
        c(
            "graph sizes differ",
            BAD,
            "@T/graph-3.csv",
            "@T/g1.json",
            "graph",
            "shd",
            "--truth",
            "@T/graph-ok.csv",
            "--pred",
            "@T/graph-3.csv",
            "--json",
            "@T/g1.json"));
    a.add(
        c(
            "sid of a cyclic graph",
            BAD,
            "@T/graph-cycle.csv",
            "@T/g2.json",
            "graph",
            "sid",
            "--truth",
            "@T/graph-cycle.csv",
            "--pred",
            "@T/graph-ok.csv",
            "--json",
            "@T/g2.json"));
    a.add(
        c(
            "causal distance broken json",
            BAD,
            "@T/broken.json",
            "@T/c1.json",
            "causal",
            "distance",
            "--truth",
            "@T/broken.json",
            "--model",
            "@T/broken.json",
            "--json",
            "@T/c1.json"));
    a.add(
        c(
            "causal sample missing model",
            BAD,
            "@T/none.json",
            "@T/c2.csv",
            "causal",
            "sample",
            "--model",
            "@T/none.json",
            "--out",
            "@T/c2.csv"));
    a.add(
        c(
            "causal sample bad do",
            BAD,
            "nosuchvar",
            "@T/c3.csv",
            "causal",
            "sample",
            "--model",
            "datasets/examples/causal/sprinkler.json",
            "--do",
            "nosuchvar=1",
            "--out",
            "@T/c3.csv"));
    a.add(
        c(
            "causal fit missing data",
            BAD,
            "@T/none.csv",
            "@T/c4.json",
            "causal",
            "fit",
            "--dag",
            "@T/graph-ok.csv",
            "--data",
            "@T/none.csv",
            "--out",
            "@T/c4.json"));
    a.add(
        c(
            "causal fit-latent ragged",
            BAD,
            "@T/ragged.csv",
            "@T/c5.json",
            "causal",
            "fit-latent",
            "--latents",
            "@T/ragged.csv",
            "--factors",
            "@T/f.csv",
            "--dag",
            "@T/graph-ok.csv",
            "--out",
            "@T/c5.json"));
    a.add(
        c(
            "causal truth junk spec",
            BAD,
            "@T/junk.json",
            "@T/c6.json",
            "causal",
            "truth",
            "--spec",
            "@T/junk.json",
            "--out",
            "@T/c6.json"));
    return a.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void oneLineNoTraceNoPartialOutput(
      String name, int exit, String mustContain, String outPath, String[] args) throws Exception {
    String[] real = new String[args.length];
    for (int i = 0; i < args.length; i++) {
      real[i] = args[i].replace("@T", t.toString());
    }
    CliRun r = CliRun.of(real);
    String err = r.err().strip();
    String want = mustContain.replace("@T", t.toString());
    assertEquals(exit, r.exit(), name + ": " + err);
    assertEquals(1, err.lines().count(), name + ": stderr is not one line: " + err);
    assertTrue(err.startsWith("candela"), name + ": " + err);
    assertTrue(err.contains(want), name + ": does not name '" + want + "': " + err);
    assertFalse(err.contains("\tat ") || err.contains("Exception:"), name + ": trace: " + err);
    if (outPath != null) {
      assertFalse(
          Files.exists(Path.of(outPath.replace("@T", t.toString()))),
          name + ": output left behind: " + outPath);
    }
  }

  /**
   * Writes {@code f.csv} (60 rows of two factors with 3 and 4 values) and {@code l.csv} (three
   * seeded Gaussian latents) into {@code dir}: the small code tables of the CLI's bad-input tests.
   */
  static void writeCodeTables(Path dir) throws java.io.IOException {
    StringBuilder f = new StringBuilder("a,b\n");
    StringBuilder l = new StringBuilder("z0,z1,z2\n");
    Random r = new Random(0);
    for (int i = 0; i < 60; i++) {
      f.append(i % 3).append(',').append(i % 4).append('\n');
      l.append(r.nextGaussian()).append(',').append(r.nextGaussian()).append(',');
      l.append(r.nextGaussian()).append('\n');
    }
    Files.writeString(dir.resolve("f.csv"), f);
    Files.writeString(dir.resolve("l.csv"), l);
  }
}
