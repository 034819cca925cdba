package dev.candela.cli.console;

import picocli.CommandLine;

/**
 * A command that only groups sub-commands: run on its own, it prints its usage to standard output.
 * The groups ({@code candela causal}, {@code candela bench}, …) extend it and keep only their
 * {@code @Command} annotation.
 */
public abstract class UsageCommand implements Runnable {
  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  protected UsageCommand() {}

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
