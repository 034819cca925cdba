package dev.candela.cli.console;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that runs and returns an exit code ({@link ExitCodes}): picocli injects its {@link
 * CommandSpec} here (picocli reads the annotated fields of superclasses too), and {@link #out()}
 * and {@link #err()} are the command line's writers, results to the first, logs and warnings to the
 * second. The commands extend it and declare only their options and {@code call()}.
 */
public abstract class CliCommand implements Callable<Integer> {
  /** This command's model, injected by picocli before {@code call()}. */
  @Spec protected CommandSpec spec;

  /** Creates the command. */
  protected CliCommand() {}

  /**
   * The command line's standard output (results).
   *
   * @return the writer
   */
  protected final PrintWriter out() {
    return spec.commandLine().getOut();
  }

  /**
   * The command line's standard error (logs, warnings, progress).
   *
   * @return the writer
   */
  protected final PrintWriter err() {
    return spec.commandLine().getErr();
  }
}
