package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.data.CodeTables;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Metric;
import dev.candela.synth.SyntheticCodes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code --metrics} offers each command (score-codes and monitor: the families computed from
 * codes, {@link Metric#fromCodes()}; evaluate: all), {@code explicitness} chosen by its own name,
 * and {@code --irs-quantile} on score-codes.
 */
class CodeMetricChoicesTest {

  @TempDir Path dir;

  /** The {@code --metrics} description of a command's help, its lines joined by single spaces. */
  private static String metricsHelp(String... command) {
    List<String> args = new ArrayList<>(List.of(command));
    args.add("--help");
    String help = CliRun.ok(args.toArray(String[]::new)).out().replaceAll("\\s+", " ");
    int at = help.indexOf("Metrics among ");
    assertTrue(at >= 0, help);
    return help.substring(at, help.indexOf(").", at) + 2);
  }

  private static String among(List<Metric> metrics, String defaults) {
    return "Metrics among "
        + metrics.stream().map(Metric::name).collect(Collectors.joining(", "))
        + " (default: "
        + defaults
        + ").";
  }

  @Test
  void scoreCodesAndMonitorOfferOnlyTheFamiliesComputedFromCodes() {
    String codes =
        among(
            List.copyOf(Metric.fromCodeTable()),
            "all but fos, unified, downstream, downstream-gbt, dci-es, betavae and factorvae");
    assertEquals(
        "Metrics among IRS, UC, MIG, DCI, SAP, MODULARITY, EXPLICITNESS, MIG_SUP, JEMMIG, DCIMIG,"
            + " SAP_CONTINUOUS, GAUSSIAN_TC, GAUSSIAN_WC, LATENT_MI, FOS, UNIFIED, DOWNSTREAM, DOWNSTREAM_GBT, DCI_ES, BETAVAE,"
            + " FACTORVAE (default: all but fos, unified, downstream, downstream-gbt, dci-es, betavae and factorvae).",
        codes);
    assertEquals(codes, metricsHelp("score-codes"));
    assertEquals(codes, metricsHelp("monitor"));
    assertEquals(
        among(
            Arrays.asList(Metric.values()),
            "all but the opt-in fos, unified, downstream, downstream-gbt and dci-es"),
        metricsHelp("evaluate"));
  }

  private Path[] tables() throws Exception {
    LatentCodes c =
        SyntheticCodes.generate(
            SyntheticCodes.Kind.DISENTANGLED, 300, new int[] {3, 4}, 3, 0.05, 7);
    Path f = dir.resolve("factors.csv");
    Path l = dir.resolve("latents.csv");
    CodeTables.writeCsv(f, c.factorNames(), c.factors());
    CodeTables.writeCsv(l, c.latentNames(), c.latents());
    return new Path[] {f, l};
  }

  private JsonNode scores(Path[] in, Object... more) throws Exception {
    Path json = dir.resolve("r" + System.nanoTime() + ".json");
    List<Object> args =
        new ArrayList<>(
            List.of("score-codes", "--factors", in[0], "--latents", in[1], "--json", json));
    args.addAll(List.of(more));
    CliRun.ok(args.toArray());
    return new ObjectMapper().readTree(json.toFile());
  }

  private static List<String> keys(JsonNode node) {
    List<String> k = new ArrayList<>();
    node.fieldNames().forEachRemaining(k::add);
    return k;
  }

  @Test
  void explicitnessAndModularityAreChosenByTheirOwnNames() throws Exception {
    Path[] in = tables();
    JsonNode explicitness = scores(in, "--metrics", "explicitness", "--refits", "0");
    assertEquals(List.of("explicitness"), keys(explicitness.get("scores")));
    JsonNode modularity = scores(in, "--metrics", "modularity", "--replicates", "0");
    assertEquals(List.of("modularity"), keys(modularity.get("scores")));
    JsonNode both =
        scores(in, "--metrics", "modularity,explicitness", "--replicates", "0", "--refits", "0");
    assertEquals(
        explicitness.at("/scores/explicitness").asDouble(),
        both.at("/scores/explicitness").asDouble());
  }

  @Test
  void theIrsQuantileReachesTheDetailsWithTheFactorBinsUsed() throws Exception {
    Path[] in = tables();
    JsonNode paper = scores(in, "--metrics", "irs", "--irs-quantile", "1", "--replicates", "0");
    assertEquals(1.0, paper.at("/details/irs/options/diffQuantile").asDouble());
    assertEquals(20, paper.at("/details/irs/options/factorBins").asInt());
    JsonNode reference = scores(in, "--metrics", "irs", "--replicates", "0", "--factor-bins", "5");
    assertEquals(0.99, reference.at("/details/irs/options/diffQuantile").asDouble());
    assertEquals(5, reference.at("/details/irs/options/factorBins").asInt());
  }

  @Test
  void theRegressorLearnersReachTheKeysTheDetailsAndThePage() throws Exception {
    Path[] in = tables();
    for (String learner : List.of("lasso", "random-forest")) {
      Path html = dir.resolve(learner + ".html");
      JsonNode r =
          scores(in, "--metrics", "dci", "--refits", "0", "--dci-learner", learner, "--html", html);
      assertEquals(
          List.of("dci.disentanglement", "dci.completeness", "dci.informativeness"),
          keys(r.get("scores")));
      assertEquals(
          learner.toUpperCase(java.util.Locale.ROOT).replace('-', '_'),
          r.at("/details/dci/learner").asText());
      assertEquals(learner, r.at("/provenance/parameters/dciLearner").asText());
      assertEquals(0.99, r.at("/provenance/parameters/irsQuantile").asDouble());
      String page = java.nio.file.Files.readString(html);
      assertTrue(
          page.contains(
              learner.equals("lasso") ? "DCI (lasso regression" : "DCI (random-forest regression"),
          learner);
    }
  }

  @Test
  void dciEsReachesItsKeysTheCurvesAndThePage() throws Exception {
    Path[] in = tables();
    Path html = dir.resolve("dci-es.html");
    JsonNode r = scores(in, "--metrics", "dci-es", "--refits", "0", "--html", html);
    assertEquals(
        List.of(
            "dci_es.explicitness",
            "dci_es.size",
            "dci_es.disentanglement",
            "dci_es.completeness",
            "dci_es.informativeness"),
        keys(r.get("scores")));
    // 2 factors, 3 latents
    assertEquals(2.0 / 3.0, r.at("/scores/dci_es.size").asDouble(), 1e-15);
    assertEquals(12, r.at("/details/dci_es/capacities").size());
    assertEquals(2, r.at("/details/dci_es/losses").size());
    String page = java.nio.file.Files.readString(html);
    assertTrue(page.contains("DCI-ES: loss-capacity curves"), "no DCI-ES section on the page");
  }

  @Test
  void aBadIrsQuantileIsOneLineNamingTheValue() throws Exception {
    Path[] in = tables();
    for (String q : List.of("0", "-1", "1.5", "NaN")) {
      CliRun r =
          CliRun.of("score-codes", "--factors", in[0], "--latents", in[1], "--irs-quantile", q);
      r.assertOneLineBadInput(
          "candela score-codes: --irs-quantile must be in (0, 1] (0.99 as disentanglement_lib, 1"
              + " as the paper), got "
              + Double.parseDouble(q));
    }
  }
}
