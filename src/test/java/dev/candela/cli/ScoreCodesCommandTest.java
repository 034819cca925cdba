package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.data.CodeTables;
import dev.candela.metrics.LatentCodes;
import dev.candela.synth.SyntheticCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code candela score-codes} end to end: outputs, JSON keys, known structures and bad input. */
class ScoreCodesCommandTest {

  private static final double EXACT = 1e-12;

  @TempDir Path dir;

  private Path[] codes(SyntheticCodes.Kind kind, int n, int[] sizes, int latents, String name)
      throws Exception {
    LatentCodes c = SyntheticCodes.generate(kind, n, sizes, latents, 0.01, 7);
    Path f = dir.resolve(name + "-factors.csv");
    Path l = dir.resolve(name + "-latents.csv");
    CodeTables.writeCsv(f, c.factorNames(), c.factors());
    CodeTables.writeCsv(l, c.latentNames(), c.latents());
    return new Path[] {f, l};
  }

  /** {@code candela score-codes --factors F --latents L} and the further arguments. */
  static Object[] scoreCodes(Path factors, Path latents, Object... more) {
    List<Object> args =
        new ArrayList<>(List.of("score-codes", "--factors", factors, "--latents", latents));
    args.addAll(List.of(more));
    return args.toArray();
  }

  /**
   * Writes the factor and latent tables to {@code f.csv} and {@code l.csv} and gives {@link
   * #scoreCodes} of them.
   */
  private Object[] scoreTables(CharSequence factors, CharSequence latents, Object... more)
      throws java.io.IOException {
    Path f = Files.writeString(dir.resolve("f.csv"), factors);
    Path l = Files.writeString(dir.resolve("l.csv"), latents);
    return scoreCodes(f, l, more);
  }

  /** The error line: the CLI's last line on standard error (earlier lines are progress). */
  private static String errorLine(CliRun r) {
    List<String> lines = r.err().strip().lines().toList();
    return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
  }

  private static List<String> keys(JsonNode node) {
    List<String> k = new ArrayList<>();
    node.fieldNames().forEachRemaining(k::add);
    return k;
  }

  /** The scores of every metric on codes, in report order (evaluate reports them first too). */
  static final List<String> CODE_SCORES =
      List.of(
          "irs",
          "uc@1",
          "jemmig",
          "gaussian_tc",
          "gaussian_wc",
          "gaussian_wc_norm",
          "latent_mi",
          "mig",
          "modularity",
          "mig_sup",
          "dcimig",
          "dci.disentanglement",
          "dci.completeness",
          "dci.informativeness",
          "sap",
          "explicitness",
          "sap_continuous");

  @Test
  void betaVaeAndFactorVaeAreScoredOnTheTable() throws Exception {
    Path[] in = codes(SyntheticCodes.Kind.DISENTANGLED, 400, new int[] {3, 4}, 3, "bf");
    Path json = dir.resolve("bf.json");
    CliRun.ok(
        scoreCodes(
            in[0],
            in[1],
            "--metrics",
            "betavae,factorvae,fos",
            "--replicates",
            "0",
            "--json",
            json));
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    assertEquals(List.of("fos", "rand_fos", "betavae", "factorvae"), keys(root.get("scores")));
    assertTrue(root.at("/details/betavae/evalAccuracy").isNumber(), root.toString());
  }

  @Test
  void unifiedScoresAreScoredWithRefittedIntervalsAndTheirMatricesInTheDetails() throws Exception {
    Path[] in = codes(SyntheticCodes.Kind.DISENTANGLED, 300, new int[] {3, 4}, 3, "u");
    Path json = dir.resolve("u.json");
    CliRun.ok(
        scoreCodes(in[0], in[1], "--metrics", "unified", "--replicates", "4", "--json", json));
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    List<String> k = keys(root.get("scores"));
    assertEquals(21, k.size(), k.toString());
    // the MI matrix of all rows first (a statistic of all rows), then the refitted matrices
    assertEquals("unified.mi.dci_disentanglement", k.get(0));
    assertEquals("unified.gbt.dci_disentanglement", k.get(7));
    assertEquals("unified.svm.max_precision", k.get(20));
    assertEquals(k, keys(root.get("uncertainty")), "every unified score has an interval");
    assertEquals(
        "jackknife", root.at("/uncertainty/unified.mi.mig/method").asText(), root.toString());
    assertEquals(
        "half-samples", root.at("/uncertainty/unified.gbt.mig/method").asText(), root.toString());
    assertEquals(3, root.at("/details/unified.mi/values").size(), "all rows' MI matrix");
    assertEquals("gbt", root.at("/details/unified/matrices/0/matrix").asText());
    assertEquals(3, root.at("/details/unified/matrices/1/values").size(), "one row per latent");
    assertEquals(2.0, root.at("/scores/unified.mi.max_precision").asDouble());
  }

  @Test
  void allMetricsWriteTableJsonAndHtml() throws Exception {
    Path[] in = codes(SyntheticCodes.Kind.DISENTANGLED, 600, new int[] {3, 4, 5}, 5, "d");
    Path json = dir.resolve("r.json");
    Path html = dir.resolve("r.html");
    CliRun r = CliRun.ok(scoreCodes(in[0], in[1], "--json", json, "--html", html));
    assertTrue(r.out().contains("dci.disentanglement"), r.out());
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    assertEquals(CODE_SCORES, keys(root.get("scores")));
    assertEquals(
        List.of("title", "scores", "uncertainty", "details", "warnings", "provenance"), keys(root));
    assertEquals(keys(root.get("scores")), keys(root.get("uncertainty")), "keyed like scores");
    assertEquals("subsampling", root.at("/uncertainty/irs/method").asText());
    assertEquals(20, root.at("/uncertainty/irs/replicates").asInt());
    assertEquals("jackknife", root.at("/uncertainty/mig/method").asText());
    assertEquals("half-samples", root.at("/uncertainty/dci.disentanglement/method").asText());
    assertEquals(10, root.at("/uncertainty/dci.disentanglement/replicates").asInt());
    assertTrue(
        root.at("/uncertainty/mig/ci95/0").asDouble()
            <= root.at("/uncertainty/mig/ci95/1").asDouble());
    assertTrue(r.out().contains(" ± "), r.out());
    assertTrue(root.at("/provenance/inputs").size() == 2);
    assertEquals(0, root.at("/provenance/seed").asLong());
    assertEquals(5, root.at("/details/irs/matrix").size());
    String page = Files.readString(html);
    assertTrue(page.contains("data:image/png;base64,"), "IRS heat map embedded");
    assertTrue(page.contains("Interventional robustness"));
  }

  @Test
  void ucKeysForEveryRhoAndSelection() throws Exception {
    Path[] in = codes(SyntheticCodes.Kind.DISENTANGLED, 400, new int[] {3, 4, 5}, 5, "u");
    Path json = dir.resolve("u.json");
    CliRun.ok(
        scoreCodes(
            in[0],
            in[1],
            "--metrics",
            "irs,uc,mig",
            "--rho",
            "1,2",
            "--uc-selection",
            "topk,fork",
            "--json",
            json));
    JsonNode scores = new ObjectMapper().readTree(json.toFile()).get("scores");
    assertEquals(List.of("irs", "uc@1", "uc@1.fork", "uc@2", "uc@2.fork", "mig"), keys(scores));
    assertEquals(1.0, scores.get("uc@1").asDouble(), EXACT, "one latent per factor: UC@1 = 1");
  }

  @Test
  void sharedLatentLowersUc() throws Exception {
    Path[] in = codes(SyntheticCodes.Kind.SHARED, 600, new int[] {3, 4, 5}, 5, "s");
    Path json = dir.resolve("s.json");
    CliRun.ok(scoreCodes(in[0], in[1], "--metrics", "irs,uc", "--json", json));
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    // Factors 0 and 1 share latent 0 (Jaccard 1); the third pair-wise comparisons are disjoint:
    // UC@1 = 1 − (1 + 0 + 0)/3.
    assertEquals(2.0 / 3.0, root.at("/scores/uc@1").asDouble(), EXACT);
    assertEquals(0, root.at("/details/uc/uc@1/sets/0/0").asInt());
    assertEquals(0, root.at("/details/uc/uc@1/sets/1/0").asInt());
  }

  @Test
  void rowCountMismatchIsBadInput() throws Exception {
    Path[] a = codes(SyntheticCodes.Kind.RANDOM, 50, new int[] {2, 3}, 2, "a");
    Path[] b = codes(SyntheticCodes.Kind.RANDOM, 40, new int[] {2, 3}, 2, "b");
    CliRun r = CliRun.of(scoreCodes(a[0], b[1]));
    r.assertBadInput();
    assertEquals(
        "candela score-codes: row counts differ: " + a[0] + " has 50 rows, " + b[1] + " has 40",
        errorLine(r));
  }

  @Test
  void rhoLargerThanLatentsIsBadInput() throws Exception {
    Path[] in = codes(SyntheticCodes.Kind.DISENTANGLED, 100, new int[] {2, 3}, 3, "r");
    CliRun r = CliRun.of(scoreCodes(in[0], in[1], "--metrics", "uc", "--rho", "4"));
    r.assertBadInput("4", "3");
    assertEquals(
        1,
        r.err().lines().filter(l -> l.startsWith("candela score-codes:")).count(),
        "one error line: " + r.err());
  }

  @Test
  void singleValuedFactorIsExcludedWithAWarning() throws Exception {
    StringBuilder fs = new StringBuilder("color,shape\n");
    StringBuilder ls = new StringBuilder("z0,z1\n");
    for (int i = 0; i < 60; i++) {
      fs.append("white,").append(i % 3).append('\n');
      ls.append(i % 3).append('.').append(i % 7).append(',').append(i % 5).append('\n');
    }
    Path json = dir.resolve("w.json");
    CliRun r = CliRun.ok(scoreTables(fs, ls, "--metrics", "irs,mig", "--json", json));
    assertTrue(r.err().contains("factor 'color' has a single value"), r.err());
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    assertTrue(root.get("warnings").get(0).asText().contains("'color'"));
    assertEquals(1, root.at("/details/irs/matrix/0").size(), "only 'shape' is scored");
  }

  @Test
  void allFactorsConstantIsBadInput() throws Exception {
    CliRun r = CliRun.of(scoreTables("a\n1\n1\n1\n", "z\n0.1\n0.2\n0.3\n"));
    r.assertBadInput();
    assertEquals(
        "candela score-codes: no factor has two or more values (factors: [a])", errorLine(r));
  }

  @Test
  void constantLatentIsDroppedWithAWarning() throws Exception {
    StringBuilder fs = new StringBuilder("a\n");
    StringBuilder ls = new StringBuilder("z0,dead\n");
    for (int i = 0; i < 40; i++) {
      fs.append(i % 2).append('\n');
      ls.append(i % 2 + 0.01 * (i % 5)).append(",0.5\n");
    }
    CliRun r = CliRun.ok(scoreTables(fs, ls, "--metrics", "irs"));
    assertTrue(r.err().contains("latent 'dead' is constant"), r.err());
  }

  @Test
  void badFactorBinsIsAUsageError() throws Exception {
    Path[] in = codes(SyntheticCodes.Kind.RANDOM, 30, new int[] {2, 3}, 2, "b");
    CliRun r = CliRun.of(scoreCodes(in[0], in[1], "--factor-bins", "one"));
    r.assertBadInput();
    assertEquals(
        "candela score-codes: --factor-bins must be 'none' or an integer ≥ 2, got 'one'",
        errorLine(r));
  }

  @Test
  void metricNamesTakeDashOrUnderscoreInAnyCase() throws Exception {
    Path[] in = codes(SyntheticCodes.Kind.SHARED, 300, new int[] {3, 4}, 4, "u");
    Path json = dir.resolve("u.json");
    CliRun.ok(
        scoreCodes(in[0], in[1], "--metrics", "gaussian-tc,GAUSSIAN_WC,latent_mi", "--json", json));
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    assertEquals(
        List.of("gaussian_tc", "gaussian_wc", "gaussian_wc_norm", "latent_mi"),
        keys(root.get("scores")));
    CliRun r = CliRun.of(scoreCodes(in[0], in[1], "--metrics", "gaussian-t"));
    r.assertBadInput();
    assertTrue(
        errorLine(r).contains("expected one of [irs, uc, mig")
            && errorLine(r).contains("'gaussian-t'"),
        errorLine(r));
  }
}
