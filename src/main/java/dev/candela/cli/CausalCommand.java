package dev.candela.cli;

import dev.candela.cli.console.UsageCommand;
import picocli.CommandLine.Command;

/** {@code candela causal <distance|sample|fit>}: causal models and their distances. */
@Command(
    name = "causal",
    description = "Sample, fit and compare causal models (SCMs and causal Bayesian networks).",
    subcommands = {
      CausalDistanceCommand.class,
      CausalSampleCommand.class,
      CausalFitCommand.class,
      CausalFitLatentCommand.class,
      CausalTruthCommand.class
    })
public final class CausalCommand extends UsageCommand {
  /** Creates the command. */
  public CausalCommand() {}
}
