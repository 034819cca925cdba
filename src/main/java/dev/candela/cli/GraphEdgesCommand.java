package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.causal.graph.EdgeStatistics;
import dev.candela.causal.graph.Graph;
import dev.candela.causal.graph.GraphIo;
import dev.candela.cli.console.ExitCodes;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;

/** {@code candela graph edges}. */
@Command(
    name = "edges",
    description = {
      "Edge statistics: precision, recall, F1, TPR, FDR, FPR on the skeleton and on oriented"
          + " edges, and SHD in the cdt (reversed edge 2), cdt single (1) and bnlearn (CPDAG)"
          + " conventions."
    })
final class GraphEdgesCommand extends GraphFiles {
  /** The SHD conventions, in output order: key, description. */
  static final Map<String, String> SHD_CONVENTIONS = shdConventions();

  private static Map<String, String> shdConventions() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("shd_cdt", "cdt.metrics.SHD, double_for_anticausal=True: a reversed edge counts 2");
    m.put(
        "shd_cdt_single",
        "cdt.metrics.SHD, double_for_anticausal=False: each differing pair counts 1");
    m.put("shd_bnlearn", "bnlearn shd(): between the CPDAGs, each differing pair counts 1");
    return m;
  }

  @Override
  public Integer call() throws BadInputException {
    Graph t = GraphIo.read(truth);
    Graph p = GraphIo.read(pred);
    EdgeStatistics.Result r = compare(() -> EdgeStatistics.of(t, p));
    PrintWriter out = out();
    out.printf(Locale.ROOT, "%-10s %10s %10s%n", "", "skeleton", "oriented");
    for (String k : new String[] {"tp", "fp", "fn", "tn"}) {
      out.printf(
          Locale.ROOT, "%-10s %10d %10d%n", k, count(r.skeleton(), k), count(r.oriented(), k));
    }
    for (String k : new String[] {"precision", "recall", "f1", "tpr", "fdr", "fpr"}) {
      out.printf(
          Locale.ROOT,
          "%-10s %10s %10s%n",
          k,
          format(rate(r.skeleton(), k)),
          format(rate(r.oriented(), k)));
    }
    long[] shd = {r.shdCdt(), r.shdCdtSingle(), r.shdBnlearn()};
    int i = 0;
    for (Map.Entry<String, String> c : SHD_CONVENTIONS.entrySet()) {
      out.printf(Locale.ROOT, "%-15s %6d  (%s)%n", c.getKey(), shd[i++], c.getValue());
    }
    out.flush();
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("skeleton", section(r.skeleton()));
    values.put("oriented", section(r.oriented()));
    i = 0;
    for (String k : SHD_CONVENTIONS.keySet()) {
      values.put(k, shd[i++]);
    }
    values.put("shd_conventions", SHD_CONVENTIONS);
    write("edges", values, Map.of());
    return ExitCodes.OK;
  }

  private static long count(EdgeStatistics.Confusion c, String k) {
    return switch (k) {
      case "tp" -> c.tp();
      case "fp" -> c.fp();
      case "fn" -> c.fn();
      default -> c.tn();
    };
  }

  private static double rate(EdgeStatistics.Confusion c, String k) {
    return switch (k) {
      case "precision" -> c.precision();
      case "recall" -> c.recall();
      case "f1" -> c.f1();
      case "tpr" -> c.tpr();
      case "fdr" -> c.fdr();
      default -> c.fpr();
    };
  }

  private static String format(double v) {
    return Double.isNaN(v) ? "undefined" : String.format(Locale.ROOT, "%.4f", v);
  }

  /** One JSON section: the counts and the rates, an undefined rate as null. */
  private static Map<String, Object> section(EdgeStatistics.Confusion c) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (String k : new String[] {"tp", "fp", "fn", "tn"}) {
      m.put(k, count(c, k));
    }
    for (String k : new String[] {"precision", "recall", "f1", "tpr", "fdr", "fpr"}) {
      double v = rate(c, k);
      m.put(k, Double.isNaN(v) ? null : v);
    }
    return m;
  }
}
