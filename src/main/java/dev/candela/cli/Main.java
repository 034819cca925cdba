package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.Provenance;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code candela} command line. Results go to standard output, logs and errors to standard
 * error. Exit codes: 0 success, 1 failure, 2 bad input or usage (one line naming the file and the
 * value).
 */
@Command(
    name = "candela",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Evaluate causally disentangled representations and causal models.")
public final class Main implements Runnable {

  /** Exit code for success. */
  public static final int OK = 0;

  /** Exit code for a failure that is not the user's input. */
  public static final int FAILURE = 1;

  /** Exit code for bad input or usage. */
  public static final int BAD_INPUT = 2;

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  /** Creates the top-level command. */
  public Main() {}

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /**
   * Builds the command tree with every sub-command registered.
   *
   * @return the configured command line
   */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.addSubcommand(new ScoreCodesCommand());
    cl.addSubcommand(new EvaluateCommand());
    cl.addSubcommand(new SweepCommand());
    cl.addSubcommand(new EncodeCommand());
    cl.addSubcommand(new BenchCommand());
    cl.addSubcommand(new DatasetCommand());
    cl.addSubcommand(new CausalCommand());
    cl.addSubcommand(new TrainCommand());
    cl.addSubcommand(new TrainClassifierCommand());
    cl.addSubcommand(new ClassifierCommand());
    cl.addSubcommand(new GraphCommand());
    cl.addSubcommand(new CounterfactualsCommand());
    cl.setExecutionExceptionHandler(Main::handle);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    return cl;
  }

  /**
   * Runs the CLI and exits with its code.
   *
   * @param args arguments
   */
  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  private static int handle(Exception e, CommandLine cl, CommandLine.ParseResult parseResult) {
    PrintWriter err = cl.getErr();
    boolean userError =
        e instanceof BadInputException
            || e instanceof IllegalArgumentException
            || e instanceof java.nio.file.NoSuchFileException;
    String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    err.println("candela " + cl.getCommandName() + ": " + msg.replace('\n', ' '));
    if (System.getenv("CANDELA_DEBUG") != null) {
      e.printStackTrace(err);
    }
    err.flush();
    return userError ? BAD_INPUT : FAILURE;
  }

  /** Supplies {@code --version}. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"candela " + Provenance.candelaVersion()};
    }
  }
}
