package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.Provenance;
import dev.candela.cli.bench.BenchCommand;
import dev.candela.cli.bench.BenchSweepCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.console.SettingFlags;
import dev.candela.cli.console.UsageCommand;
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
public final class Main extends UsageCommand {

  /** Creates the top-level command. */
  public Main() {}

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
    cl.addSubcommand(new MonitorCommand());
    cl.addSubcommand(new BenchCommand());
    // bench sweep times whole commands; it gets the tree's builder instead of importing cli
    ((BenchSweepCommand)
            cl.getSubcommands().get("bench").getSubcommands().get("sweep").getCommand())
        .commands(Main::commandLine);
    cl.addSubcommand(new DatasetCommand());
    cl.addSubcommand(new CausalCommand());
    cl.addSubcommand(new TrainCommand());
    cl.addSubcommand(new TrainClassifierCommand());
    cl.addSubcommand(new ClassifierCommand());
    cl.addSubcommand(new GraphCommand());
    cl.addSubcommand(new CounterfactualsCommand());
    cl.addSubcommand(new EngineCommand());
    standardHelpOptions(cl);
    cl.setExecutionExceptionHandler(Main::handle);
    cl.setParameterExceptionHandler(Main::handleParameter);
    cl.setExecutionStrategy(Main::executeGuarded);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    // --metrics names in any case, '-' or '_' (gaussian-tc = gaussian_tc), on every subcommand
    cl.registerConverter(dev.candela.metrics.Metric.class, Main::metric);
    return cl;
  }

  /**
   * Gives every sub-command, to any depth, picocli's standard {@code --help} and {@code --version}
   * ({@code -h}, {@code -V}), declared once here instead of on each {@code @Command}; a sub-command
   * has no version of its own, so its {@code --version} prints nothing.
   */
  private static void standardHelpOptions(CommandLine parent) {
    for (CommandLine sub : parent.getSubcommands().values()) {
      sub.getCommandSpec().mixinStandardHelpOptions(true);
      standardHelpOptions(sub);
    }
  }

  private static dev.candela.metrics.Metric metric(String name) {
    String id = name.strip().replace('-', '_').toUpperCase(java.util.Locale.ROOT);
    for (dev.candela.metrics.Metric m : dev.candela.metrics.Metric.values()) {
      if (m.name().equals(id)) {
        return m;
      }
    }
    throw new CommandLine.TypeConversionException(
        "expected one of "
            + java.util.Arrays.stream(dev.candela.metrics.Metric.values())
                .map(dev.candela.metrics.Metric::id)
                .toList()
            + " (any case, - or _) but was '"
            + name
            + "'");
  }

  /**
   * Runs the CLI and exits with its code.
   *
   * @param args arguments
   */
  public static void main(String[] args) {
    Runtime.getRuntime().addShutdownHook(new Thread(Main::stopChildren, "candela-stop-children"));
    System.exit(commandLine().execute(args));
  }

  /**
   * Stops the processes this one started (Blender workers, a Python helper) when it ends, also on
   * SIGTERM, SIGINT and SIGHUP: each descendant gets SIGTERM, then, after up to 5 s, SIGKILL.
   */
  static void stopChildren() {
    java.util.List<ProcessHandle> children = ProcessHandle.current().descendants().toList();
    children.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + 5_000_000_000L;
    for (ProcessHandle h : children) {
      long left = deadline - System.nanoTime();
      try {
        if (left > 0) {
          h.onExit().get(left, java.util.concurrent.TimeUnit.NANOSECONDS);
        }
      } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
        // killed below
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (h.isAlive()) {
        h.destroyForcibly();
      }
    }
  }

  /**
   * Runs the chosen sub-command; an {@link OutOfMemoryError} becomes one line that names the heap
   * limit, the command's input files and the option that raises the limit, with exit code 1.
   */
  private static int executeGuarded(CommandLine.ParseResult parseResult) {
    try {
      return new CommandLine.RunLast().execute(parseResult);
    } catch (OutOfMemoryError oom) {
      CommandLine leaf =
          parseResult.asCommandLineList().get(parseResult.asCommandLineList().size() - 1);
      PrintWriter err = leaf.getErr();
      err.println(commandName(leaf) + ": " + outOfMemoryMessage(parseResult, oom));
      if (System.getenv("CANDELA_DEBUG") != null) {
        oom.printStackTrace(err);
      }
      err.flush();
      return ExitCodes.FAILURE;
    }
  }

  /**
   * The one-line out-of-memory message.
   *
   * @param parseResult the parsed command line (its file and size options are named)
   * @param oom the error
   * @return the message
   */
  static String outOfMemoryMessage(CommandLine.ParseResult parseResult, OutOfMemoryError oom) {
    StringBuilder inputs = new StringBuilder();
    CommandLine.ParseResult leaf = parseResult;
    while (leaf.hasSubcommand()) {
      leaf = leaf.subcommand();
    }
    for (CommandLine.Model.PositionalParamSpec a : leaf.matchedPositionals()) {
      if (a.getValue() instanceof java.nio.file.Path p) {
        inputs.append(inputs.length() == 0 ? "" : ", ").append(p);
        appendSize(inputs, p);
      }
    }
    for (CommandLine.Model.OptionSpec o : leaf.matchedOptions()) {
      Object v = o.getValue();
      if (v instanceof java.nio.file.Path p) {
        appendInput(inputs, o, p);
        appendSize(inputs, p);
      } else if (v instanceof Number n
          && o.longestName().matches("--(samples|count|batch-size|rows|max-train|max-test|n)")) {
        appendInput(inputs, o, n);
      }
    }
    long max = Runtime.getRuntime().maxMemory();
    return String.format(
        java.util.Locale.ROOT,
        "out of memory (%s) with a Java heap limit of %d MiB%s; raise the limit, for example"
            + " CANDELA_JAVA_OPTS=-Xmx%dg ./candela ..., or use fewer samples or a smaller"
            + " --batch-size",
        oom.getMessage() == null ? "OutOfMemoryError" : oom.getMessage(),
        max >> 20,
        inputs.length() == 0 ? "" : " for " + inputs,
        Math.max(2, 2 * ((max >> 30) + 1)));
  }

  /** Appends {@code (N MiB)} for a regular file to the out-of-memory message's list of inputs. */
  private static void appendSize(StringBuilder inputs, java.nio.file.Path p) {
    try {
      if (java.nio.file.Files.isRegularFile(p)) {
        inputs.append(" (").append(java.nio.file.Files.size(p) >> 20).append(" MiB)");
      }
    } catch (java.io.IOException ignored) {
      // size is informative only
    }
  }

  /** Appends {@code --option value} to the out-of-memory message's list of inputs. */
  private static void appendInput(
      StringBuilder inputs, CommandLine.Model.OptionSpec option, Object value) {
    inputs
        .append(inputs.length() == 0 ? "" : ", ")
        .append(option.longestName())
        .append(' ')
        .append(value);
  }

  /**
   * A bad option (wrong type, unknown enum value, duplicated or missing option): one line naming
   * the option and the value, and a hint to {@code --help}, instead of the whole usage text.
   */
  private static int handleParameter(CommandLine.ParameterException e, String[] args) {
    CommandLine cl = e.getCommandLine();
    PrintWriter err = cl.getErr();
    String name = cl.getCommandSpec().qualifiedName();
    String msg = e.getMessage() == null ? "bad option" : e.getMessage().replace('\n', ' ').trim();
    if (e instanceof CommandLine.OverwrittenOptionException o
        && o.getOverwritten() instanceof CommandLine.Model.OptionSpec opt) {
      java.util.List<String> given = new java.util.ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        for (String n : opt.names()) {
          if (args[i].equals(n) && i + 1 < args.length) {
            given.add("'" + args[i + 1] + "'");
          } else if (args[i].startsWith(n + "=")) {
            given.add("'" + args[i].substring(n.length() + 1) + "'");
          }
        }
      }
      if (!given.isEmpty()) {
        msg += ", got " + String.join(" and ", given);
      }
    }
    err.println(name + ": " + msg + " (see '" + name + " --help')");
    err.flush();
    return ExitCodes.BAD_INPUT;
  }

  /** The command's full name as typed, e.g. {@code candela dataset generate dsprites}. */
  private static String commandName(CommandLine cl) {
    String q = cl.getCommandSpec().qualifiedName(" ");
    return q.startsWith("candela") ? q : "candela " + q;
  }

  /**
   * An exception of a command: one line, the command's name and the message with the settings it
   * names as their flags ({@link SettingFlags}); exit code 2 for bad input, else 1.
   */
  private static int handle(Exception e, CommandLine cl, CommandLine.ParseResult parseResult) {
    PrintWriter err = cl.getErr();
    boolean userError =
        e instanceof BadInputException
            || e instanceof IllegalArgumentException
            || e instanceof java.nio.file.NoSuchFileException;
    // library messages name settings in plain words; the command line shows their flags
    String msg = e.getMessage() == null ? e.getClass().getSimpleName() : SettingFlags.message(e);
    err.println(commandName(cl) + ": " + msg.replace('\n', ' '));
    if (System.getenv("CANDELA_DEBUG") != null) {
      e.printStackTrace(err);
    }
    err.flush();
    return userError ? ExitCodes.BAD_INPUT : ExitCodes.FAILURE;
  }

  /** Supplies {@code --version}. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"candela " + Provenance.candelaVersion()};
    }
  }
}
