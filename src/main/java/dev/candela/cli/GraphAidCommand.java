package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.causal.graph.Aid;
import dev.candela.causal.graph.AidResult;
import dev.candela.causal.graph.Graph;
import dev.candela.causal.graph.GraphIo;
import dev.candela.cli.console.ExitCodes;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code candela graph aid}. */
@Command(
    name = "aid",
    description = {
      "Adjustment identification distance (Henckel, Wuertzen & Weichwald 2024, gadjid) between"
          + " DAGs or CPDAGs.",
      "Prints the value (mistakes / (p(p-1))) and the mistake count."
    })
final class GraphAidCommand extends GraphFiles {
  @Option(
      names = "--kind",
      required = true,
      description = "ancestor, oset or parent (parent-AID equals the SID on DAGs).")
  String kind;

  @Override
  public Integer call() throws BadInputException {
    Aid.Kind k;
    try {
      k = Aid.Kind.parse(kind);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--kind: " + e.getMessage(), e);
    }
    Graph t = GraphIo.read(truth);
    Graph p = GraphIo.read(pred);
    AidResult r = compare(() -> Aid.aid(t, p, k));
    print(r.value() + " count=" + r.count());
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("value", r.value());
    values.put("count", r.count());
    values.put("comparisons", r.comparisons());
    values.put("nodes", r.nodes());
    write(r.metric(), values, Map.of("kind", k.name().toLowerCase(Locale.ROOT)));
    return ExitCodes.OK;
  }
}
