package dev.candela.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code candela dataset generate <kind>}: procedural dataset generators. */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = "Generate a dataset procedurally (dsprites, candle, toy).",
    subcommands = {
      GenerateCodesCommand.class,
      GenerateDspritesCommand.class,
      GenerateCandleCommand.class,
      GenerateToyCommand.class
    })
public final class DatasetGenerateCommand implements Runnable {
  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public DatasetGenerateCommand() {}

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
