package dev.candela.cli;

import dev.candela.cli.console.UsageCommand;
import picocli.CommandLine.Command;

/** {@code candela dataset generate <kind>}: procedural dataset generators. */
@Command(
    name = "generate",
    description = "Generate a dataset procedurally (dsprites, candle, toy).",
    subcommands = {
      GenerateCodesCommand.class,
      GenerateDspritesCommand.class,
      GenerateCandleCommand.class,
      GenerateToyCommand.class
    })
public final class DatasetGenerateCommand extends UsageCommand {
  /** Creates the command. */
  public DatasetGenerateCommand() {}
}
