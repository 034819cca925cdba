package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.TestDatasets;
import dev.candela.cli.console.ExitCodes;
import dev.candela.evaluate.UdrRanking;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvaluateCommandTest {
  /** ice.csv holds shortest round-trip doubles summed in the metric's order: equal bit for bit. */
  private static final double EXACT = 0.0;

  @TempDir static Path tmp;
  static Path data;
  static final Path MODELS = dev.candela.evaluate.ModelPaths.repoRoot().resolve("models");

  /** Tiny sizes so that every metric runs in a few seconds. */
  static final String[] TINY = {
    "--samples", "150", "--cg-samples", "20", "--max-train", "80", "--max-test", "40",
    "--classic-scale", "0.005", "--grid-samples", "3", "--batch-size", "64", "--device", "cpu",
    "--quiet"
  };

  @BeforeAll
  static void generate() throws Exception {
    data = TestDatasets.dsprites(tmp.resolve("dsprites-400.npz"), 400, 5);
  }

  @Test
  void theDefaultEvaluationGivesEveryScoreAnIntervalTheScmOnesFromItsReplicates() throws Exception {
    Path small = TestDatasets.dsprites(tmp.resolve("dsprites-3000.npz"), 3000, 9);
    Path out = tmp.resolve("scm");
    CliRun r =
        CliRun.of(
            "evaluate",
            "--dataset",
            small.toString(),
            "--model",
            MODELS.resolve("dsprites-beta-vae").toString(),
            "--samples",
            "3000",
            "--cg-samples",
            "20",
            "--max-train",
            "300",
            "--max-test",
            "150",
            "--classic-scale",
            "0.005",
            "--grid-samples",
            "3",
            "--replicates",
            "4",
            "--refits",
            "2",
            "--device",
            "cpu",
            "--quiet",
            "--out",
            out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode j = new ObjectMapper().readTree(out.resolve("report.json").toFile());
    // OD, ID and CD are means over R sampled replicates: their SE is the interval's
    for (String k : List.of("scm.od", "scm.id", "scm.cd")) {
      assertTrue(j.get("scores").has(k), k + " missing: " + j.get("scores") + "\n" + r.err());
      JsonNode u = j.at("/uncertainty/" + k);
      assertEquals("replicates", u.path("method").asText(), k + ": " + u);
      assertEquals(3, u.get("replicates").asInt(), k + ": " + u);
      // the SE is the interval's, not a score of its own
      assertFalse(j.get("scores").has(k + ".se"), k + ".se is a score: " + j.get("scores"));
      double se = u.get("se").asDouble();
      assertTrue(se > 0 && Double.isFinite(se), k + ": " + u);
      double v = j.at("/scores/" + k).asDouble();
      // t(0.975, 2) = 4.303
      assertEquals(v - 4.302652729911275 * se, u.get("ci95").get(0).asDouble(), 1e-9, k);
    }
    // the default evaluation: every score has an uncertainty with a 95% interval around it
    j.get("scores")
        .properties()
        .forEach(
            e -> {
              String k = e.getKey();
              assertFalse(k.endsWith(".se") || k.endsWith(".null"), k + " is a score");
              JsonNode ci = j.at("/uncertainty/" + k + "/ci95");
              assertTrue(ci.isArray() && ci.size() == 2, k + " has no interval: " + ci);
              double v = e.getValue().asDouble();
              assertTrue(
                  ci.get(0).asDouble() <= v && v <= ci.get(1).asDouble(), k + ": " + v + " " + ci);
            });
  }

  static String[] args(String... extra) {
    return Stream.concat(Stream.of(extra), Stream.of(TINY)).toArray(String[]::new);
  }

  /**
   * The arguments of {@code evaluate} at the tiny sizes: {@code --dataset}, {@code --model}, then
   * the extra options, then {@code --out}.
   */
  static String[] evaluateArgs(Path dataset, Object model, Object out, String... extra) {
    List<String> a =
        new java.util.ArrayList<>(List.of("evaluate", "--dataset", dataset.toString()));
    a.addAll(List.of("--model", model.toString()));
    a.addAll(List.of(extra));
    a.addAll(List.of("--out", out.toString()));
    return args(a.toArray(String[]::new));
  }

  /** How close the exact read-out must come to the numbers of the release before it. */
  private static final double SAME_CG = 1e-9;

  @Test
  void theExactReadOutWithTheCleanClassifierGivesTheCgOfTheReleaseBeforeTheReadOut()
      throws Exception {
    // ./candela evaluate --seed 1 --metrics cg --samples 1000 --cg-samples 100 --replicates 0,
    // run with the jar of commit 665b070 (before the read-out, the latent activity and the
    // degraded-image classifier), whose default classifier is now models/dsprites-classifier-clean
    // and whose read-out was the exact one; the default model's chosen latents are all active.
    Path out = tmp.resolve("exact-as-before");
    CliRun r =
        CliRun.of(
            "evaluate",
            "--seed",
            "1",
            "--metrics",
            "cg",
            "--samples",
            "1000",
            "--cg-samples",
            "100",
            "--replicates",
            "0",
            "--cg-readout",
            "exact",
            "--classifier",
            MODELS.resolve("dsprites-classifier-clean").toString(),
            "--out",
            out.toString(),
            "--quiet");
    assertEquals(0, r.exit(), r.err());
    JsonNode j = new ObjectMapper().readTree(out.resolve("report.json").toFile());
    JsonNode s = j.get("scores");
    assertEquals(0.2484840538199878, s.get("cg").asDouble(), SAME_CG);
    assertEquals(0.4247055772699288, s.get("cg.shape").asDouble(), SAME_CG);
    assertEquals(0.3260907136372765, s.get("cg.scale").asDouble(), SAME_CG);
    assertEquals(0.31984779311744577, s.get("cg.orientation").asDouble(), SAME_CG);
    assertEquals(0.09851236160312399, s.get("cg.posX").asDouble(), SAME_CG);
    assertEquals(0.07326382347216416, s.get("cg.posY").asDouble(), SAME_CG);
    assertEquals("exact", j.at("/details/cg/readout").asText());
    assertEquals(j.at("/details/cg/ucSets"), j.at("/details/cg/sets"));
  }

  /** Runs {@code evaluate} at the tiny sizes on the 400-sample dataset ({@link #evaluateArgs}). */
  static CliRun evaluate(String model, String out, String... extra) {
    return CliRun.of(evaluateArgs(data, model, out, extra));
  }

  @Test
  void evaluatesOneModelEndToEnd() throws Exception {
    Path out = tmp.resolve("one");
    CliRun r = evaluate(MODELS.resolve("dsprites-beta-vae").toString(), out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode j = new ObjectMapper().readTree(out.resolve("report.json").toFile());
    List<String> scores = new java.util.ArrayList<>(ScoreCodesCommandTest.CODE_SCORES);
    scores.addAll(
        List.of(
            "betavae",
            "factorvae",
            "cg",
            "cg.shape",
            "cg.scale",
            "cg.orientation",
            "cg.posX",
            "cg.posY"));
    for (String k : scores) {
      assertTrue(j.get("scores").has(k), "missing score " + k + " in " + j.get("scores"));
      double v = j.get("scores").get(k).asDouble();
      // TC, WC and FoS are in [0, ∞) and latent MI in [0, ln 20]; every other score in [-1, 1]
      boolean unbounded = k.startsWith("gaussian_") || k.equals("latent_mi") || k.contains("fos");
      assertTrue(v >= -1 && (unbounded || v <= 1), k + " = " + v);
      JsonNode u = j.at("/uncertainty/" + k);
      assertTrue(u.has("se") && u.get("ci95").size() == 2, "uncertainty of " + k + ": " + u);
      assertEquals(expectedMethod(k), u.get("method").asText(), k + ": " + u);
    }
    // the baseline redraws: one per group of at least 10 CG samples, at most 100
    assertEquals(
        Math.min(100, j.at("/details/cg/samples").asInt() / 10),
        j.at("/uncertainty/cg.shape/replicates").asInt());
    assertEquals(j.at("/details/cg/samples").asInt(), j.at("/uncertainty/cg/n").asInt());
    assertEquals(10, j.at("/uncertainty/sap/replicates").asInt());
    // color has a single value: excluded like score-codes does
    assertTrue(!j.get("scores").has("cg.color"));
    assertTrue(j.get("warnings").toString().contains("color"), j.get("warnings").toString());
    // warnings go to standard error only; one model gets scores.csv too
    assertTrue(r.err().contains("warning: "), r.err());
    assertTrue(!r.out().contains("warning"), r.out());
    List<String> csv = Files.readAllLines(out.resolve("scores.csv"));
    assertEquals("model,metric,value,se,ci_lo,ci_hi,seed", csv.get(0));
    assertEquals(j.get("scores").size() + 1, csv.size());
    assertTrue(csv.get(1).startsWith("dsprites-beta-vae,"), csv.get(1));
    JsonNode prov = j.get("provenance");
    assertTrue(prov.get("inputs").toString().contains("sha256:"), prov.toString());
    assertTrue(prov.get("inputs").toString().contains("dsprites:400:"), prov.toString());
    assertEquals(0, prov.get("seed").asLong());
    assertTrue(j.get("details").get("cg").get("summary").has("factors"));
    assertEquals("ice.csv", j.get("details").get("cg").get("iceFile").asText());
    assertEquals("tolerant", j.at("/details/cg/readout").asText());
    assertEquals("tolerant", j.at("/provenance/parameters/cgReadout").asText());
    checkIceCsvReproducesTheScores(out.resolve("ice.csv"), j);
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("data:image/png;base64,"));
    assertTrue(html.contains("Counterfactuals of posX"));
    assertTrue(html.contains("Reconstructions"));
    assertEquals(1, count(html, "<h2>Warnings</h2>"), "warnings once");
    assertEquals(1, count(html, "<h2>Provenance</h2>"), "provenance once");
    assertTrue(html.contains("classifier accuracy: held-out"), "accuracy beside CG");
    String headline = html.substring(html.indexOf("class=\"headline\""));
    headline = headline.substring(0, headline.indexOf("</table>"));
    assertTrue(headline.contains("cg.posY") && headline.contains(" ± "), headline);
    assertTrue(r.err().contains("wrote " + out.resolve("report.html").toAbsolutePath()), r.err());
    for (String png :
        List.of("irs.png", "reconstructions.png", "traversals.png", "counterfactuals-shape.png")) {
      assertTrue(Files.size(out.resolve(png)) > 100, png);
    }
    assertTrue(r.out().contains("factorvae"), r.out());
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  /**
   * Sums the per-sample rows of ice.csv in file order (the order the metric summed them): the
   * per-factor means must equal cg.<factor>, meanIceIntervened and meanIceComplement of the report
   * exactly, and each row's ICE terms must follow from its three probabilities.
   */
  private static void checkIceCsvReproducesTheScores(Path ice, JsonNode report) throws IOException {
    List<String> lines = Files.readAllLines(ice);
    assertEquals(dev.candela.evaluate.cf.ChunkCsv.HEADER, lines.get(0));
    java.util.Map<String, double[]> sums = new java.util.LinkedHashMap<>();
    java.util.Map<String, Long> lastSample = new java.util.HashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] c = line.split(",");
      double p = Double.parseDouble(c[3]);
      double pi = Double.parseDouble(c[4]);
      double pc = Double.parseDouble(c[5]);
      double iceI = Double.parseDouble(c[6]);
      double iceC = Double.parseDouble(c[7]);
      double term = Double.parseDouble(c[8]);
      assertEquals(Math.abs(p - pi), iceI, EXACT, line);
      assertEquals(Math.abs(p - pc), iceC, EXACT, line);
      assertEquals(Math.abs(iceI - iceC), term, EXACT, line);
      long sample = Long.parseLong(c[0]);
      assertTrue(sample >= 0 && sample < 400, line);
      Long before = lastSample.put(c[1], sample);
      assertTrue(before == null || before < sample, "dataset indices increase: " + line);
      double[] acc = sums.computeIfAbsent(c[1], k -> new double[4]);
      acc[0] += term;
      acc[1] += iceI;
      acc[2] += iceC;
      acc[3]++;
    }
    assertEquals(
        List.of("shape", "scale", "orientation", "posX", "posY"), List.copyOf(sums.keySet()));
    JsonNode factors = report.get("details").get("cg").get("summary").get("factors");
    for (JsonNode f : factors) {
      double[] acc = sums.get(f.get("name").asText());
      assertEquals(20, acc[3], EXACT, "--cg-samples rows of " + f.get("name"));
      assertEquals(
          report.get("scores").get("cg." + f.get("name").asText()).asDouble(),
          acc[0] / acc[3],
          EXACT);
      assertEquals(f.get("meanIceIntervened").asDouble(), acc[1] / acc[3], EXACT);
      assertEquals(f.get("meanIceComplement").asDouble(), acc[2] / acc[3], EXACT);
    }
  }

  @Test
  void comparesTwoCheckpointsFromAListFile() throws Exception {
    Path list = tmp.resolve("models.txt");
    Files.writeString(
        list,
        "# two shipped models\n"
            + MODELS.resolve("dsprites-beta-vae")
            + "\n"
            + MODELS.resolve("dsprites-beta-tcvae")
            + "\n");
    Path out = tmp.resolve("many");
    CliRun r =
        evaluate(
            list.toString(),
            out.toString(),
            "--metrics",
            "irs,uc,mig,betavae,factorvae,cg,kl,mig_sampled");
    assertEquals(0, r.exit(), r.err());
    List<String> csv = Files.readAllLines(out.resolve("comparison.csv"));
    assertEquals(3, csv.size(), csv.toString());
    assertTrue(csv.get(0).startsWith("model,irs,uc@1,mig,betavae,factorvae,cg"), csv.get(0));
    assertTrue(csv.get(1).startsWith("dsprites-beta-vae,"), csv.get(1));
    assertTrue(csv.get(2).startsWith("dsprites-beta-tcvae,"), csv.get(2));
    // the model metrics are columns like every score (issue 40)
    assertTrue(
        csv.get(0).contains(",kl.z0,") && csv.get(0).contains(",kl.total,mig_sampled,"),
        csv.get(0));
    JsonNode j = new ObjectMapper().readTree(out.resolve("comparison.json").toFile());
    assertEquals(2, j.get("models").size());
    assertTrue(Files.isRegularFile(out.resolve("dsprites-beta-tcvae/report.json")));
    String page = Files.readString(out.resolve("comparison.html"));
    assertTrue(page.contains("dsprites-beta-tcvae"));
    assertTrue(page.contains("href=\"dsprites-beta-tcvae/report.html\""), "links to each report");
    assertTrue(page.contains("class=\"sortable compact\""), "sortable table");
    assertTrue(page.contains("cg across models"), "dot-and-interval chart per score");
    List<String> longCsv = Files.readAllLines(out.resolve("scores.csv"));
    assertEquals("model,metric,value,se,ci_lo,ci_hi,seed", longCsv.get(0));
    int perModel = j.get("models").get(0).get("scores").size();
    assertEquals(1 + 2 * perModel, longCsv.size(), "one row per model and score");
    String[] irs = longCsv.get(1).split(",", -1);
    assertEquals(List.of("dsprites-beta-vae", "irs"), List.of(irs[0], irs[1]));
    assertTrue(
        Double.parseDouble(irs[4]) <= Double.parseDouble(irs[5]) && !irs[3].isEmpty(),
        longCsv.get(1));
    assertEquals("0", irs[6], "seed");
    // UDR over the two models: each alone in its setting (beta-VAE, beta-TCVAE), so each one's
    // median is over the other
    JsonNode udr = new ObjectMapper().readTree(out.resolve("udr.json").toFile());
    assertEquals(2, udr.get("settings").size());
    assertNotEquals(udr.get("settings").get(0), udr.get("settings").get(1));
    assertFalse(udr.get("withinSetting").get(0).asBoolean());
    assertEquals(Math.min(UdrRanking.SAMPLES, 400), udr.get("samples").asInt(), "all 400 images");
    List<String[]> udrRows =
        longCsv.stream().map(l -> l.split(",", -1)).filter(c -> c[1].equals("udr")).toList();
    assertEquals(2, udrRows.size(), longCsv.toString());
    assertEquals(
        udr.get("pairwise").get(1).get(0).asDouble(),
        Double.parseDouble(udrRows.get(0)[2]),
        0.0,
        "model 0's UDR is UDR_10");
    assertFalse(udrRows.get(0)[3].isEmpty(), "udr has a jackknife standard error");
    assertTrue(csv.get(0).endsWith(",udr"), csv.get(0));
  }

  @Test
  void missingModelIsOneLine() {
    CliRun r = evaluate(tmp.resolve("nope").toString(), tmp.resolve("x").toString());
    r.assertOneLineBadInput("nope: no such model folder or list file");
  }

  @Test
  void modelFactorMismatchIsOneLine() throws Exception {
    Path m = copyWithRename(MODELS.resolve("dsprites-beta-vae"), "\"posX\"", "\"x\"");
    CliRun r = evaluate(m.toString(), tmp.resolve("y").toString());
    r.assertOneLineBadInput("do not match the dataset's factors");
  }

  @Test
  void classifierFactorNamesMustMatch() throws Exception {
    Path c = copyWithRename(MODELS.resolve("dsprites-classifier"), "\"posY\"", "\"y\"");
    CliRun r =
        evaluate(
            MODELS.resolve("dsprites-beta-vae").toString(),
            tmp.resolve("z").toString(),
            "--classifier",
            c.toString(),
            "--metrics",
            "irs,cg");
    assertEquals(ExitCodes.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("classifier has no factor 'posY'"), r.err());
  }

  @Test
  void exactReadoutIsRecordedWhereCgAndItsGateAre() throws Exception {
    Path out = tmp.resolve("exact");
    CliRun r =
        evaluate(
            MODELS.resolve("dsprites-beta-vae").toString(),
            out.toString(),
            "--metrics",
            "irs,cg",
            "--cg-readout",
            "exact");
    assertEquals(0, r.exit(), r.err());
    JsonNode j = new ObjectMapper().readTree(out.resolve("report.json").toFile());
    assertEquals("exact", j.at("/details/cg/readout").asText());
    assertEquals("exact", j.at("/provenance/parameters/cgReadout").asText());
    JsonNode acc = j.at("/details/cg/classifierAccuracy/posX");
    assertEquals("exact", acc.get("readout").asText(), acc.toString());
    // the gate reads as CG does: the exact accuracy, not the tolerant one
    assertEquals(
        acc.at("/exact/reconstructions/value").asDouble(),
        acc.at("/reconstructions/value").asDouble(),
        EXACT);
    assertTrue(
        acc.at("/tolerant/reconstructions/value").asDouble()
            >= acc.at("/exact/reconstructions/value").asDouble(),
        acc.toString());
  }

  @Test
  void badReadoutIsRejected() {
    CliRun r = CliRun.of(args("evaluate", "--dataset", data.toString(), "--cg-readout", "fuzzy"));
    assertEquals(ExitCodes.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("unknown CG read-out 'fuzzy' (choices: exact, tolerant)"), r.err());
  }

  @Test
  void badBaselineIsRejected() {
    CliRun r = CliRun.of(args("evaluate", "--dataset", data.toString(), "--cg-baseline", "max"));
    assertEquals(ExitCodes.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("--cg-baseline must be max-deviation, mean or zero, got 'max'"));
  }

  private static Path copyWithRename(Path src, String from, String to) throws IOException {
    Path dst = Files.createTempDirectory(tmp, src.getFileName().toString());
    try (Stream<Path> s = Files.list(src)) {
      for (Path f : s.toList()) {
        Files.copy(f, dst.resolve(f.getFileName()));
      }
    }
    Path card = dst.resolve("model.json");
    Files.writeString(card, Files.readString(card).replace(from, to));
    return dst;
  }

  /** The interval method chosen for each score (docs/evaluate.md). */
  private static String expectedMethod(String k) {
    if (k.contains("vae")) {
      return "repeats";
    }
    if (k.startsWith("cg")) {
      return "mean+baseline";
    }
    if (k.equals("irs")
        || k.startsWith("uc@")
        || k.equals("jemmig")
        || k.startsWith("gaussian_")
        || k.equals("latent_mi")) {
      return "subsampling";
    }
    if (k.equals("mig") || k.equals("modularity") || k.equals("mig_sup") || k.equals("dcimig")) {
      return "jackknife";
    }
    if (k.contains("fos")) {
      return "mean";
    }
    return "half-samples";
  }
}
