package dev.candela.cli;

import dev.candela.cli.console.UsageCommand;
import picocli.CommandLine.Command;

/**
 * {@code candela graph <shd|sid|aupr|aid|edges>}: distances between a true and a predicted causal
 * graph, with cdt.metrics semantics (AID with gadjid's). Graph files: edge-list or matrix JSON, CSV
 * adjacency, Matrix Market.
 */
@Command(
    name = "graph",
    description =
        "Distances between causal graphs: SHD, SID, AUPR (cdt.metrics semantics), AID (gadjid),"
            + " edge statistics.",
    subcommands = {
      GraphShdCommand.class,
      GraphSidCommand.class,
      GraphAuprCommand.class,
      GraphAidCommand.class,
      GraphEdgesCommand.class
    })
public final class GraphCommand extends UsageCommand {
  /** Creates the command. */
  public GraphCommand() {}
}
