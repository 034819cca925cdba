package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.graph.GraphIo;
import dev.candela.causal.graph.Shd;
import dev.candela.cli.console.ExitCodes;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code candela graph shd}. */
@Command(name = "shd", description = "Structural Hamming distance (cdt.metrics.SHD / SHD_CPDAG).")
final class GraphShdCommand extends GraphFiles {
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
    boolean doubled = doubleForAnticausal == null ? !cpdag : doubleForAnticausal;
    if (cpdag && doubled) {
      throw new BadInputException(
          "--cpdag always counts a differing pair once; drop --double-for-anticausal");
    }
    long value =
        compare(
            () ->
                cpdag
                    ? Shd.shdCpdag(Dag.read(truth), Dag.read(pred))
                    : Shd.shd(GraphIo.read(truth), GraphIo.read(pred), doubled));
    print(Long.toString(value));
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("double_for_anticausal", doubled);
    params.put("cpdag", cpdag);
    write(cpdag ? "shd_cpdag" : "shd", Map.of("value", value), params);
    return ExitCodes.OK;
  }
}
