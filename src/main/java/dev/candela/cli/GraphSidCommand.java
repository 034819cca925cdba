package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.causal.graph.Cpdag;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.graph.Graph;
import dev.candela.causal.graph.GraphIo;
import dev.candela.causal.graph.Sid;
import dev.candela.causal.graph.SidResult;
import dev.candela.cli.console.ExitCodes;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code candela graph sid}. */
@Command(
    name = "sid",
    description = {
      "Structural intervention distance (Peters & Buehlmann 2015).",
      "A prediction with undirected edges (CPDAG) also prints lower and upper bounds."
    })
final class GraphSidCommand extends GraphFiles {
  @Option(
      names = "--cpdag",
      description = "Replace the predicted DAG by its CPDAG and report the bounds.")
  boolean cpdag;

  @Override
  public Integer call() throws BadInputException {
    Dag t = Dag.read(truth);
    Graph p = cpdag ? Cpdag.of(Dag.read(pred)) : GraphIo.read(pred);
    SidResult r = Sid.sid(t, p);
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("value", r.sid());
    // With --cpdag the output has the bounds form whether or not the CPDAG has an undirected
    // edge, so a script reads the same structure for every input.
    if (!cpdag && r.isExact() && p.isFullyDirected()) {
      print(Long.toString(r.sid()));
    } else {
      print(r.sid() + " lower=" + r.lowerBound() + " upper=" + r.upperBound());
      values.put("lower", r.lowerBound());
      values.put("upper", r.upperBound());
      values.put("exact_class", r.exactClass());
    }
    write("sid", values, Map.of("cpdag", cpdag));
    return ExitCodes.OK;
  }
}
