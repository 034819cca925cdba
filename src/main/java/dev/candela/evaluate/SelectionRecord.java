package dev.candela.evaluate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.cf.EarlierRun;
import dev.candela.model.card.ModelCard;
import dev.candela.report.JsonReports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The selection file of {@link CounterfactualDriver} ({@value CounterfactualDriver#SELECTION}): the
 * parameters that decide the evaluation samples' codes and the latent-set selection (a rerun with
 * other values is refused, so that it may reuse the codes), recorded beside the selection itself
 * (Z_I, UC's sets, the latent activity, the exclusions and the statistics).
 */
final class SelectionRecord {
  private SelectionRecord() {}

  /** What decides the codes and the selection: a rerun with other values is refused. */
  static JsonNode parameters(
      CounterfactualSettings s,
      FactorDataset data,
      int population,
      int samples,
      int cgSamples,
      ModelCard vaeCard)
      throws CandelaException {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("dataset", s.dataset().toAbsolutePath().normalize().toString());
    p.put("datasetSize", data.size());
    p.put("population", population);
    p.put("samples", samples);
    p.put("cgSamples", cgSamples);
    p.put("seed", s.seed());
    p.put("vaeWeights", vaeCard.weights());
    p.put("rho", s.rho());
    p.put("ucSelection", s.ucSelection().name());
    try {
      // Through text, so numbers compare as they read back from the file (int vs long nodes).
      return JsonReports.mapper().readTree(JsonReports.mapper().writeValueAsString(p));
    } catch (IOException e) {
      throw new CandelaException("cannot encode the job's parameters: " + e.getMessage(), e);
    }
  }

  /**
   * Refuses a rerun whose parameters differ from those an earlier run recorded in {@code file}.
   *
   * @param file the selection file (nothing is checked when it does not exist)
   * @param parameters this run's parameters ({@link #parameters})
   * @throws CandelaException when the file cannot be read or holds other parameters
   */
  static void requireSame(Path file, JsonNode parameters) throws CandelaException {
    if (Files.isRegularFile(file)) {
      EarlierRun.requireSame(file, parameters, EarlierRun.read(file).path("parameters"));
    }
  }

  /** Records the selection beside its parameters (for reading; a rerun recomputes it). */
  static void write(Path file, JsonNode parameters, SelectionPass sel, int samples, int cgSamples)
      throws CandelaException {
    Map<String, Object> record = new LinkedHashMap<>();
    record.put("parameters", parameters);
    record.put("samples", samples);
    record.put("cgSamples", cgSamples);
    record.put("irs", sel.irs().score());
    record.put("uc", sel.uc().score());
    record.put("factors", sel.factorNames());
    record.put("sets", sel.sets());
    record.put("ucSets", sel.uc().sets());
    record.put("activity", sel.activity());
    record.put("excluded", sel.excluded());
    record.put("stats", sel.stats());
    JsonReports.writeValue(record, file);
  }
}
