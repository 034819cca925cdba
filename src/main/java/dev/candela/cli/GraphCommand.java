package dev.candela.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.candela.BadInputException;
import dev.candela.Provenance;
import dev.candela.causal.graph.Cpdag;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.graph.Graph;
import dev.candela.causal.graph.GraphIo;
import dev.candela.causal.graph.PrecisionRecall;
import dev.candela.causal.graph.ScoreMatrix;
import dev.candela.causal.graph.Shd;
import dev.candela.causal.graph.Sid;
import dev.candela.causal.graph.SidResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela graph <shd|sid|aupr>}: distances between a true and a predicted causal graph, with
 * cdt.metrics semantics. Graph files: edge-list or matrix JSON, CSV adjacency, Matrix Market.
 */
@Command(
    name = "graph",
    mixinStandardHelpOptions = true,
    description = "Distances between causal graphs: SHD, SID, AUPR (cdt.metrics semantics).",
    subcommands = {
      GraphCommand.ShdCommand.class,
      GraphCommand.SidCommand.class,
      GraphCommand.AuprCommand.class
    })
public final class GraphCommand implements Runnable {
  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public GraphCommand() {}

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Options shared by the graph subcommands. */
  static class Common {
    @Option(names = "--truth", required = true, description = "True graph file.")
    Path truth;

    @Option(names = "--pred", required = true, description = "Predicted graph (or score) file.")
    Path pred;

    @Option(names = "--json", description = "Also write the result as JSON to this file.")
    Path json;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    void write(String metric, Map<String, Object> values, Map<String, Object> params)
        throws BadInputException {
      if (json == null) {
        return;
      }
      Map<String, String> inputs = new LinkedHashMap<>();
      inputs.put("truth:" + truth, Provenance.sha256(truth));
      inputs.put("pred:" + pred, Provenance.sha256(pred));
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("metric", metric);
      out.putAll(values);
      out.put("provenance", Provenance.now(inputs, null, params));
      try {
        dev.candela.AtomicFiles.writeBytes(
            json,
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(out));
      } catch (IOException e) {
        throw new BadInputException(json + ": cannot write JSON: " + e.getMessage(), e);
      }
    }

    void print(String line) {
      spec.commandLine().getOut().println(line);
      spec.commandLine().getOut().flush();
    }
  }

  /** {@code candela graph shd}. */
  @Command(
      name = "shd",
      mixinStandardHelpOptions = true,
      description = "Structural Hamming distance (cdt.metrics.SHD / SHD_CPDAG).")
  static final class ShdCommand extends Common implements Callable<Integer> {
    @Option(
        names = "--double-for-anticausal",
        negatable = true,
        description =
            "A reversed edge counts 2 (the default, as cdt's double_for_anticausal=True);"
                + " --no-double-for-anticausal counts each differing pair once.")
    Boolean doubleForAnticausal;

    @Option(names = "--cpdag", description = "SHD between the CPDAGs of two DAGs (SHD_CPDAG).")
    boolean cpdag;

    @Override
    public Integer call() throws BadInputException {
      long value;
      boolean doubled = doubleForAnticausal == null ? !cpdag : doubleForAnticausal;
      if (cpdag && doubled) {
        throw new BadInputException(
            "--cpdag always counts a differing pair once; drop --double-for-anticausal");
      }
      try {
        value =
            cpdag
                ? Shd.shdCpdag(Dag.read(truth), Dag.read(pred))
                : Shd.shd(GraphIo.read(truth), GraphIo.read(pred), doubled);
      } catch (IllegalArgumentException e) {
        throw new BadInputException(truth + " vs " + pred + ": " + e.getMessage(), e);
      }
      print(Long.toString(value));
      Map<String, Object> params = new LinkedHashMap<>();
      params.put("double_for_anticausal", doubled);
      params.put("cpdag", cpdag);
      write(cpdag ? "shd_cpdag" : "shd", Map.of("value", value), params);
      return Main.OK;
    }
  }

  /** {@code candela graph sid}. */
  @Command(
      name = "sid",
      mixinStandardHelpOptions = true,
      description = {
        "Structural intervention distance (Peters & Buehlmann 2015).",
        "A prediction with undirected edges (CPDAG) also prints lower and upper bounds."
      })
  static final class SidCommand extends Common implements Callable<Integer> {
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
      return Main.OK;
    }
  }

  /** {@code candela graph aupr}. */
  @Command(
      name = "aupr",
      mixinStandardHelpOptions = true,
      description = "Area under the precision-recall curve (cdt.metrics.precision_recall).")
  static final class AuprCommand extends Common implements Callable<Integer> {
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
      return Main.OK;
    }
  }
}
