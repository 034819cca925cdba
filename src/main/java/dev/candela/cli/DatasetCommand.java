package dev.candela.cli;

import dev.candela.cli.console.UsageCommand;
import picocli.CommandLine.Command;

/** {@code candela dataset <generate|validate|inspect|render>}: dataset tooling. */
@Command(
    name = "dataset",
    description = "Generate, validate, inspect and render datasets.",
    subcommands = {
      DatasetGenerateCommand.class,
      DatasetValidateCommand.class,
      DatasetInspectCommand.class,
      DatasetRenderCommand.class
    })
public final class DatasetCommand extends UsageCommand {
  /** Creates the command. */
  public DatasetCommand() {}
}
