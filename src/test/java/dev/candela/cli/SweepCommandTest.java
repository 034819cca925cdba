package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.TestDatasets;
import dev.candela.TinyCheckpoints;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.model.CounterfactualModels;
import dev.candela.model.card.ModelCard;
import dev.candela.report.Comparison;
import dev.candela.sweep.SparkSweep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code candela sweep} in Spark local mode over three checkpoints (two tiny random-initialised DJL
 * VAEs and one with truncated weights): every good row holds exactly the scores of a single {@code
 * evaluate} of that checkpoint with the same seed, the sweep's {@code scores.csv} (intervals
 * included) and {@code comparison.csv} equal those of {@code evaluate --model LIST} on the good
 * checkpoints, the corrupt one is an error row, the Parquet holds all three rows, and a rerun
 * reuses the finished rows.
 */
class SweepCommandTest {
  /** Same code, same seed, same inputs: the scores are equal bit for bit. */
  private static final double EXACT = 0.0;

  @TempDir static Path tmp;
  static Path data;
  static Path classifier;
  static Path models;

  /** Tiny sizes so that each checkpoint takes a second or two. */
  static final String[] TINY = {
    "--samples", "120", "--cg-samples", "16", "--max-train", "60", "--max-test", "30",
    "--classic-scale", "0.005", "--grid-samples", "2", "--batch-size", "64", "--device", "cpu"
  };

  @BeforeAll
  static void checkpoints() throws Exception {
    data = TestDatasets.dsprites(tmp.resolve("dsprites-300.npz"), 300, 3);
    List<ModelCard.FactorInfo> factors;
    try (FactorDataset ds = DatasetPaths.open(data)) {
      factors = ModelCard.factorsOf(ds.space());
    }
    Path[] a = CounterfactualModels.writeTinyRandom(tmp.resolve("a"), 6, 1, factors, "t", 1);
    Path[] b = CounterfactualModels.writeTinyRandom(tmp.resolve("b"), 6, 1, factors, "t", 2);
    classifier = a[1];
    Path corrupt = Files.createDirectories(tmp.resolve("c/tiny-vae"));
    try (Stream<Path> s = Files.list(a[0])) {
      for (Path f : s.toList()) {
        byte[] bytes = Files.readAllBytes(f);
        if (f.getFileName().toString().endsWith(".params")) {
          bytes = java.util.Arrays.copyOf(bytes, bytes.length / 3); // truncated weights
        }
        Files.write(corrupt.resolve(f.getFileName()), bytes);
      }
    }
    models = tmp.resolve("models.txt");
    Files.writeString(models, a[0] + "\n" + corrupt + "\n" + b[0] + "\n");
  }

  private static String[] args(String... extra) {
    return Stream.concat(Stream.of(extra), Stream.of(TINY)).toArray(String[]::new);
  }

  /** {@code candela evaluate} of these models on the test data and classifier, with seed 7. */
  private static String[] evaluateSeed7(String models, Path out) {
    return args(
        "evaluate",
        "--model",
        models,
        "--dataset",
        data.toString(),
        "--classifier",
        classifier.toString(),
        "--seed",
        "7",
        "--quiet",
        "--out",
        out.toString());
  }

  /**
   * {@code candela sweep} of these models on the test data and classifier with this Spark master,
   * the further options, then {@code --out}.
   */
  private static String[] sweepArgs(String models, String master, Path out, String... more) {
    List<String> a = new java.util.ArrayList<>(List.of("sweep", "--models", models));
    a.addAll(List.of("--dataset", data.toString(), "--classifier", classifier.toString()));
    a.addAll(List.of("--master", master));
    a.addAll(List.of(more));
    a.addAll(List.of("--out", out.toString()));
    return args(a.toArray(String[]::new));
  }

  @Test
  void goodRowsEqualSingleEvaluationsAndTheCorruptOneIsAnErrorRow() throws Exception {
    Path out = tmp.resolve("sweep");
    String[] sweep = sweepArgs(models.toString(), "local[2]", out, "--seed", "7");
    CliRun r = CliRun.ok(sweep);
    ObjectMapper json = new ObjectMapper();
    JsonNode rows = json.readTree(out.resolve(SparkSweep.SWEEP_JSON).toFile()).get("rows");
    assertEquals(3, rows.size(), rows.toString());
    assertEquals(List.of("a-tiny-vae", "c-tiny-vae", "b-tiny-vae"), names(rows));

    JsonNode bad = rows.get(1);
    assertEquals("error", bad.get("status").asText());
    assertTrue(bad.get("error").asText().contains("differs from the card"), bad.toString());
    assertTrue(bad.get("scores").isEmpty());
    assertTrue(r.out().contains("== c-tiny-vae ERROR: "), r.out());

    for (int i : new int[] {0, 2}) {
      JsonNode row = rows.get(i);
      assertEquals("ok", row.get("status").asText(), row.toString());
      assertEquals(7, row.get("seed").asLong());
      assertFalse(row.get("resumed").asBoolean());
      Path single = tmp.resolve("single-" + i);
      CliRun.ok(evaluateSeed7(row.get("model").asText(), single));
      JsonNode expected = json.readTree(single.resolve("report.json").toFile()).get("scores");
      assertTrue(expected.has("cg") && expected.has("dci.disentanglement"), expected.toString());
      TinyCheckpoints.assertSameScores(expected, row.get("scores"), row.get("name").asText());
      JsonNode report =
          json.readTree(out.resolve(row.get("report").asText()).toFile()).get("scores");
      assertEquals(expected, report, "the sweep's own report.json");
    }

    // the same checkpoints through `evaluate --model LIST`: the same scores.csv, intervals included
    Path list = tmp.resolve("good.txt");
    Files.writeString(
        list, rows.get(0).get("model").asText() + "\n" + rows.get(2).get("model").asText() + "\n");
    Path listOut = tmp.resolve("list");
    CliRun.ok(evaluateSeed7(list.toString(), listOut));
    String scoresCsv = Files.readString(listOut.resolve(Comparison.SCORES_CSV));
    String cgLine =
        scoresCsv
            .lines()
            .filter(l -> l.startsWith("a-tiny-vae,cg,"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no cg row of a-tiny-vae in\n" + scoresCsv));
    assertFalse(cgLine.split(",")[3].isEmpty(), "cg has a standard error: " + cgLine);
    assertEquals(scoresCsv, Files.readString(out.resolve(Comparison.SCORES_CSV)));
    assertEquals(
        2, scoresCsv.lines().filter(l -> l.contains("-tiny-vae,udr,")).count(), "UDR per model");
    assertEquals(
        Files.readString(listOut.resolve("udr.json")), Files.readString(out.resolve("udr.json")));
    assertEquals(
        Files.readString(listOut.resolve("comparison.csv")),
        Files.readString(out.resolve("comparison.csv")));

    List<String> csv = Files.readAllLines(out.resolve("comparison.csv"));
    assertEquals(3, csv.size(), csv.toString());
    assertTrue(csv.get(1).startsWith("a-tiny-vae,") && csv.get(2).startsWith("b-tiny-vae,"));
    assertTrue(Files.readString(out.resolve("comparison.html")).contains("b-tiny-vae"));
    Map<String, String> parquet = parquetStatus(out.resolve(SparkSweep.PARQUET));
    assertEquals(Map.of("a-tiny-vae", "ok", "c-tiny-vae", "error", "b-tiny-vae", "ok"), parquet);

    // a rerun reuses the two finished rows and tries the corrupt checkpoint again
    CliRun.ok(sweep);
    JsonNode rows2 = json.readTree(out.resolve(SparkSweep.SWEEP_JSON).toFile()).get("rows");
    for (int i : new int[] {0, 2}) {
      assertTrue(rows2.get(i).get("resumed").asBoolean(), rows2.get(i).toString());
      assertEquals(rows.get(i).get("scores"), rows2.get(i).get("scores"));
    }
    assertEquals("error", rows2.get(1).get("status").asText());
    assertFalse(rows2.get(1).get("resumed").asBoolean());
  }

  @Test
  void changedSettingsAreScoredAgain() throws Exception {
    Path out = tmp.resolve("resume");
    String[] first = sweepArgs(tmp.resolve("a/tiny-vae").toString(), "local[1]", out);
    assertEquals(0, CliRun.of(first).exit());
    String[] other =
        Stream.concat(Stream.of(first), Stream.of("--rho", "2")).toArray(String[]::new);
    CliRun.ok(other);
    JsonNode row =
        new ObjectMapper().readTree(out.resolve(SparkSweep.SWEEP_JSON).toFile()).get("rows").get(0);
    assertFalse(row.get("resumed").asBoolean(), "ρ changed: " + row);
    assertTrue(row.get("scores").has("uc@2"), row.toString());
  }

  @Test
  void aRowWithNonDefaultOptionsEqualsOneEvaluateWithThemUncertaintyIncluded() throws Exception {
    String[] options = {
      "--seed",
      "7",
      "--replicates",
      "5",
      "--refits",
      "4",
      "--rho",
      "2",
      "--metrics",
      "irs,uc,mig,dci"
    };
    Path model = tmp.resolve("a/tiny-vae");
    Path out = tmp.resolve("options-sweep");
    CliRun.ok(sweepArgs(model.toString(), "local[1]", out, options));
    ObjectMapper json = new ObjectMapper();
    JsonNode row = json.readTree(out.resolve(SparkSweep.SWEEP_JSON).toFile()).get("rows").get(0);
    assertEquals("ok", row.get("status").asText(), row.toString());
    JsonNode swept = json.readTree(out.resolve(row.get("report").asText()).toFile());

    Path single = tmp.resolve("options-single");
    List<String> a =
        new java.util.ArrayList<>(
            List.of("evaluate", "--model", model.toString(), "--dataset", data.toString()));
    a.addAll(List.of("--classifier", classifier.toString(), "--quiet", "--out", single.toString()));
    a.addAll(List.of(options));
    CliRun.ok(args(a.toArray(String[]::new)));
    JsonNode expected = json.readTree(single.resolve("report.json").toFile());

    assertTrue(expected.get("scores").has("uc@2"), "ρ = 2 reached evaluate: " + expected);
    assertEquals(5, expected.at("/uncertainty/irs/replicates").asInt(), "R = 5 reached IRS");
    assertEquals(4, expected.at("/uncertainty/dci.disentanglement/replicates").asInt(), "4 refits");
    TinyCheckpoints.assertSameScores(expected.get("scores"), row.get("scores"), "scores");
    assertEquals(expected.get("scores"), swept.get("scores"), "the sweep row's report.json");
    assertEquals(expected.get("uncertainty"), swept.get("uncertainty"), "uncertainty");
  }

  @Test
  void aGlobThatMatchesNothingIsOneLine() {
    CliRun r =
        CliRun.of(
            args(
                "sweep",
                "--models",
                tmp.resolve("nowhere-*").toString(),
                "--dataset",
                data.toString(),
                "--out",
                tmp.resolve("x").toString()));
    r.assertOneLineBadInput("the glob matches no model folder");
  }

  @Test
  void aGlobFindsModelFolders() throws Exception {
    List<Path> found =
        dev.candela.evaluate.ModelPaths.resolveGlob(tmp.resolve("[ab]/tiny-*").toString());
    assertEquals(
        List.of(
            tmp.resolve("a/tiny-classifier"),
            tmp.resolve("a/tiny-vae"),
            tmp.resolve("b/tiny-classifier"),
            tmp.resolve("b/tiny-vae")),
        found);
  }

  private static List<String> names(JsonNode rows) {
    List<String> n = new java.util.ArrayList<>();
    rows.forEach(x -> n.add(x.get("name").asText()));
    return n;
  }

  private static Map<String, String> parquetStatus(Path parquet) {
    SparkSession spark =
        SparkSession.builder()
            .master("local[1]")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .getOrCreate();
    try {
      Dataset<Row> df = spark.read().parquet(parquet.toString());
      Map<String, String> m = new HashMap<>();
      for (Row row : df.select("name", "status").collectAsList()) {
        m.put(row.getString(0), row.getString(1));
      }
      return m;
    } finally {
      spark.stop();
    }
  }
}
