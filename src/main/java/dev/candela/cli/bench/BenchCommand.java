package dev.candela.cli.bench;

import dev.candela.cli.console.UsageCommand;
import picocli.CommandLine.Command;

/**
 * {@code candela bench <what>}: benchmarks that print timings beside a baseline measured in the
 * same run, so the ratio is visible. Timing never goes in unit tests; it goes here.
 */
@Command(
    name = "bench",
    description = "Benchmarks that print ratios against a baseline measured in the same run.",
    subcommands = {
      BenchMetricsCommand.class,
      BenchDataCommand.class,
      BenchSidCommand.class,
      BenchAidCommand.class,
      BenchCausalCommand.class,
      BenchCgCommand.class,
      BenchCgMemoryCommand.class,
      BenchCgTruthCommand.class,
      BenchCodeTableMemoryCommand.class,
      BenchModelsCommand.class,
      BenchSweepCommand.class,
      BenchCoverageCommand.class
    })
public final class BenchCommand extends UsageCommand {
  /** Creates the command. */
  public BenchCommand() {}
}
