package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.OutputLock;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.EvaluationMixin;
import dev.candela.cli.options.QuietOption;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.evaluate.EvaluationOptions;
import dev.candela.evaluate.ModelPaths;
import dev.candela.report.TextTable;
import dev.candela.sweep.SparkCheck;
import dev.candela.sweep.SparkSweep;
import dev.candela.sweep.SweepRow;
import dev.candela.sweep.SweepTask;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela sweep}: scores many checkpoints as one Apache Spark job, one task per checkpoint
 * and seed, with the options and the per-checkpoint reports of {@code evaluate}. Spark is not on
 * the default class path: the launcher adds {@code target/spark-lib} and Java 17's module flags for
 * this command only, so this class must not touch a Spark type outside {@link #call}.
 */
@Command(
    name = "sweep",
    sortOptions = false,
    description = {
      "Score a sweep of checkpoints on Apache Spark (local[*] by default; spark-submit on a"
          + " cluster): one task per checkpoint x seed, each writing the evaluate report;"
          + " results.parquet, sweep.json and comparison.csv/json/html in --out. A checkpoint"
          + " that fails gives an error row; a rerun reuses rows whose settings and checksums"
          + " are unchanged."
    })
public final class SweepCommand extends CliCommand {

  @Option(
      names = "--models",
      required = true,
      paramLabel = "LIST|DIR|GLOB",
      description =
          "A text file listing model folders (one a line), a folder of model folders, or a quoted"
              + " glob of model folders (e.g. 'sweep/*/model-*').")
  String models;

  @Option(
      names = "--dataset",
      required = true,
      paramLabel = "PATH",
      description =
          "Dataset (.npz, CANDLE folder, ...): a path every executor can read, or a file shipped"
              + " with spark-submit --files (found by its name).")
  Path dataset;

  @Option(
      names = "--classifier",
      paramLabel = "DIR",
      description =
          "Factor classifier for CG. Default: models/<dataset of the model card>-classifier when"
              + " it exists, otherwise CG is skipped.")
  Path classifier;

  @Option(
      names = "--master",
      paramLabel = "URL",
      description =
          "Spark master: local[N], spark://host:7077, yarn, ... Default: the one spark-submit set,"
              + " else local[*].")
  String master;

  @Option(
      names = "--driver-host",
      paramLabel = "ADDRESS",
      description =
          "Address the driver listens on and executors reach it at (spark.driver.host and"
              + " spark.driver.bindAddress). Default: 127.0.0.1 (loopback only) unless Spark's own"
              + " settings or SPARK_LOCAL_IP name one; needed for a master on another host.")
  String driverHost;

  @Mixin EvaluationMixin evaluation;

  @Option(
      names = "--device",
      defaultValue = "auto",
      paramLabel = "auto|cpu|gpu",
      description = "Device on each executor (default ${DEFAULT-VALUE}).")
  String device;

  @Option(
      names = "--seed",
      split = ",",
      paramLabel = "S",
      description = "Seeds: one task per checkpoint and seed (default 0).")
  List<Long> seeds = new ArrayList<>(List.of(0L));

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Sweep folder.")
  Path out;

  @Mixin QuietOption quiet;

  /** Creates the command. */
  public SweepCommand() {}

  @Override
  @SuppressWarnings("try") // the lock is held by the try block, never read
  public Integer call() throws CandelaException {
    PrintWriter err = spec.commandLine().getErr();
    SparkCheck.requireSpark();
    List<SweepTask> tasks = tasks();
    List<SweepRow> rows;
    try (OutputLock lock = OutputLock.acquire(out, "sweep")) {
      rows =
          SparkSweep.run(
              tasks,
              master,
              driverHost,
              DatasetPaths::open,
              out.toAbsolutePath(),
              msg -> {
                err.println(msg);
                err.flush();
              });
    }
    PrintWriter o = spec.commandLine().getOut();
    for (SweepRow r : rows) {
      o.println(
          "== "
              + r.name()
              + (r.ok()
                  ? String.format(
                      Locale.ROOT, " (%.1f s%s)", r.seconds(), r.resumed() ? ", resumed" : "")
                  : " ERROR: " + r.error()));
      if (r.ok()) {
        o.print(TextTable.scores(r.scores()));
      }
    }
    o.flush();
    long errors = rows.stream().filter(r -> !r.ok()).count();
    err.println(
        "wrote "
            + out.resolve(SparkSweep.PARQUET)
            + ", "
            + SparkSweep.SWEEP_JSON
            + ", comparison.csv/.json/.html and */report.json ("
            + (rows.size() - errors)
            + " scored, "
            + errors
            + " errors)");
    err.flush();
    return ExitCodes.OK;
  }

  /** The tasks: checkpoints × seeds, with evaluate's default classifier per checkpoint. */
  List<SweepTask> tasks() throws BadInputException {
    List<Path> ms = ModelPaths.resolveGlob(models);
    List<String> names = ModelPaths.qualifiedNames(ms);
    List<Long> ss = List.copyOf(new LinkedHashSet<>(seeds));
    EvaluationOptions options = evaluation.options(device);
    options.settings(dataset, null, 0); // validates the options once, on the driver
    Path root = ModelPaths.repoRoot();
    String outDir = out.toAbsolutePath().normalize().toString();
    List<SweepTask> tasks = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      Path m = ms.get(i).toAbsolutePath().normalize();
      Path clf = classifier;
      if (clf == null && evaluation.wantsCg()) {
        try {
          clf = ModelPaths.defaultClassifier(root, m);
        } catch (BadInputException e) {
          clf = null; // the task reports the broken card as its error
        }
      }
      for (long s : ss) {
        String name = ss.size() == 1 ? names.get(i) : names.get(i) + "-seed" + s;
        tasks.add(
            new SweepTask(
                name,
                m.toString(),
                clf == null ? null : clf.toAbsolutePath().normalize().toString(),
                dataset.toString(),
                s,
                outDir,
                options));
      }
    }
    return tasks;
  }
}
