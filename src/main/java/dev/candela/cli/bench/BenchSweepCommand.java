package dev.candela.cli.bench;

import dev.candela.CandelaException;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.sweep.SparkCheck;
import dev.candela.sweep.SweepResults;
import dev.candela.sweep.TinyCheckpoints;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela bench sweep}: M tiny random-initialised checkpoints scored three ways in one JVM
 * (after one warm-up evaluate and one warm-up sweep of one checkpoint): the sequential {@code
 * evaluate --model LIST}, then {@code sweep} with {@code local[1]} and with {@code local[2]};
 * prints wall times, the per-checkpoint cost and the ratios against the sequential run, checks that
 * the sweep's scores equal the sequential ones, and extrapolates the per-checkpoint cost to a sweep
 * of N checkpoints on a cluster.
 */
@Command(
    name = "sweep",
    description =
        "Sequential evaluate --model LIST vs sweep on local[1] and local[2] over M tiny"
            + " checkpoints, with ratios, and an extrapolation to a cluster.")
public final class BenchSweepCommand extends CliCommand {

  @Option(
      names = "--checkpoints",
      paramLabel = "M",
      description = "Checkpoints (default ${DEFAULT-VALUE}).")
  int checkpoints = 6;

  @Option(
      names = "--samples",
      paramLabel = "N",
      description = "Evaluation samples per checkpoint (default ${DEFAULT-VALUE}).")
  int samples = 300;

  @Option(
      names = "--cg-samples",
      paramLabel = "N",
      description = "CG samples per checkpoint (default ${DEFAULT-VALUE}).")
  int cgSamples = 100;

  @Option(
      names = "--extrapolate",
      paramLabel = "N",
      description = "Checkpoints of the extrapolated sweep (default ${DEFAULT-VALUE}).")
  int extrapolate = 1800;

  @Option(
      names = "--cores",
      paramLabel = "C",
      description = "Executor cores of the extrapolated cluster (default ${DEFAULT-VALUE}).")
  int cores = 64;

  @Option(names = "--work", paramLabel = "DIR", description = "Work folder (default: temporary).")
  Path work;

  /** Creates the command. */
  public BenchSweepCommand() {}

  /** Builds a fresh command tree to run {@code evaluate} and {@code sweep} in this process. */
  private java.util.function.Supplier<CommandLine> commands;

  /**
   * Sets the builder of the command tree whose {@code evaluate} and {@code sweep} this bench times
   * ({@code Main} passes its own; the bench does not import {@code cli}).
   *
   * @param builder a fresh, fully registered command line per call
   */
  public void commands(java.util.function.Supplier<CommandLine> builder) {
    this.commands = builder;
  }

  @Override
  public Integer call() throws Exception {
    if (checkpoints < 2 || samples < 10 || cgSamples < 1 || extrapolate < 1 || cores < 1) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "--checkpoints ≥ 2, --samples ≥ 10, --cg-samples, --extrapolate and --cores ≥ 1;"
                  + " got %d, %d, %d, %d, %d",
              checkpoints,
              samples,
              cgSamples,
              extrapolate,
              cores));
    }
    SparkCheck.requireSpark();
    PrintWriter out = out();
    PrintWriter err = err();
    try (WorkFolder folder = WorkFolder.of(work, "candela-bench-sweep")) {
      Path dir = folder.dir();
      TinyCheckpoints tiny = TinyCheckpoints.write(dir, checkpoints);
      Path listFile = tiny.writeList(dir.resolve("models.txt"));
      String[] common = {
        "--dataset", tiny.data().toString(),
        "--classifier", tiny.classifier().toString(),
        "--samples", Integer.toString(samples),
        "--cg-samples", Integer.toString(cgSamples),
        "--device", "cpu"
      };
      err.printf(
          Locale.ROOT,
          "bench sweep: %d tiny random checkpoints (tiny-dense64, 10 latents), %d samples, CG on"
              + " %d; one warm-up evaluate and one warm-up sweep first%n",
          checkpoints,
          samples,
          cgSamples);
      err.flush();
      Path first = tiny.models().get(0);
      run(err, common, dir, "warm", "evaluate", "--model", first);
      run(err, common, dir, "warm-sweep", "sweep", "--master", "local[1]", "--models", first);
      double seq = run(err, common, dir, "seq", "evaluate", "--model", listFile);
      double l1 =
          run(err, common, dir, "local1", "sweep", "--master", "local[1]", "--models", listFile);
      double l2 =
          run(err, common, dir, "local2", "sweep", "--master", "local[2]", "--models", listFile);
      boolean same =
          SweepResults.sameScores(dir.resolve("seq"), dir.resolve("local1"))
              && SweepResults.sameScores(dir.resolve("seq"), dir.resolve("local2"));
      double task = SweepResults.meanTaskSeconds(dir.resolve("local1"));

      out.printf(Locale.ROOT, "%-32s %9s %14s %10s%n", "run", "wall s", "s/checkpoint", "ratio");
      row(out, "evaluate --model LIST (baseline)", seq, seq);
      row(out, "sweep --master local[1]", l1, seq);
      row(out, "sweep --master local[2]", l2, seq);
      out.printf(
          Locale.ROOT,
          "scores of both sweeps equal the sequential run's: %s%n",
          same ? "yes" : "NO");
      out.printf(
          Locale.ROOT,
          "mean task time on local[1]: %.2f s; local[1] wall − sequential wall: %+.1f s"
              + " (Spark start-up and scheduling, plus the machine's noise)%n",
          task,
          l1 - seq);
      double hours = extrapolate * task / cores / 3600.0;
      out.printf(
          Locale.ROOT,
          "extrapolation: %d checkpoints x %.2f s / %d cores = %.2f h (these tiny checkpoints;"
              + " scale by the cost of your own checkpoint, see docs/sweep.md)%n",
          extrapolate,
          task,
          cores,
          hours);
      out.flush();
      return ExitCodes.OK;
    }
  }

  private void row(PrintWriter out, String name, double wall, double base) {
    out.printf(
        Locale.ROOT, "%-32s %9.1f %14.2f %10.2f%n", name, wall, wall / checkpoints, base / wall);
  }

  /**
   * Runs {@code candela COMMAND [--quiet] OPTION VALUE --out DIR/NAME COMMON...} through the
   * command line and returns its wall time; evaluate gets {@code --quiet}.
   */
  private double run(
      PrintWriter err, String[] common, Path dir, String name, String command, Object... options)
      throws CandelaException {
    List<String> args = new ArrayList<>(List.of(command));
    if (command.equals("evaluate")) {
      args.add("--quiet");
    }
    for (Object o : options) {
      args.add(o.toString());
    }
    args.addAll(List.of("--out", dir.resolve(name).toString()));
    args.addAll(List.of(common));
    StringWriter errs = new StringWriter();
    if (commands == null) {
      throw new IllegalStateException("bench sweep: no command tree (Main registers it)");
    }
    CommandLine cl = commands.get();
    cl.setOut(new PrintWriter(new StringWriter()));
    cl.setErr(new PrintWriter(errs));
    Timing.Timed<Integer> run = Timing.time(() -> cl.execute(args.toArray(String[]::new)));
    double s = run.seconds();
    if (run.value() != 0) {
      throw new CandelaException("bench sweep: '" + String.join(" ", args) + "' failed: " + errs);
    }
    err.printf(Locale.ROOT, "  %s %s: %.1f s%n", args.get(0), args.get(1), s);
    err.flush();
    return s;
  }
}
