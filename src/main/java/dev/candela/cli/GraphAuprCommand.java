package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.causal.graph.GraphIo;
import dev.candela.causal.graph.PrecisionRecall;
import dev.candela.causal.graph.ScoreMatrix;
import dev.candela.cli.console.ExitCodes;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code candela graph aupr}. */
@Command(
    name = "aupr",
    description = "Area under the precision-recall curve (cdt.metrics.precision_recall).")
final class GraphAuprCommand extends GraphFiles {
  @Option(
      names = "--low-confidence-undirected",
      description = "Down-weight entries equal to their transpose (cdt option).")
  boolean lowConfidenceUndirected;

  @Override
  public Integer call() throws BadInputException {
    ScoreMatrix t = GraphIo.readMatrix(truth);
    ScoreMatrix p = GraphIo.readMatrix(pred);
    if (t.size() != p.size()) {
      throw new BadInputException(
          "shape mismatch: "
              + truth
              + " is "
              + t.size()
              + "x"
              + t.size()
              + ", "
              + pred
              + " is "
              + p.size()
              + "x"
              + p.size());
    }
    PrecisionRecall.Result r =
        PrecisionRecall.aupr(t.values(), p.values(), lowConfidenceUndirected);
    print(Double.toString(r.aupr()));
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("value", r.aupr());
    values.put("precision", r.precision());
    values.put("recall", r.recall());
    values.put("thresholds", r.thresholds());
    write("aupr", values, Map.of("low_confidence_undirected", lowConfidenceUndirected));
    return ExitCodes.OK;
  }
}
