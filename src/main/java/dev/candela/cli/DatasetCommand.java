package dev.candela.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code candela dataset <generate|validate|inspect|render>}: dataset tooling. */
@Command(
    name = "dataset",
    mixinStandardHelpOptions = true,
    description = "Generate, validate, inspect and render datasets.",
    subcommands = {
      DatasetGenerateCommand.class,
      DatasetValidateCommand.class,
      DatasetInspectCommand.class,
      DatasetRenderCommand.class
    })
public final class DatasetCommand implements Runnable {
  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public DatasetCommand() {}

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
