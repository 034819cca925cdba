package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.DatasetPaths;
import dev.candela.evaluate.EvaluationSettings;
import dev.candela.metrics.UcSelection;
import dev.candela.report.TextTable;
import dev.candela.sweep.SparkSweep;
import dev.candela.sweep.SweepOptions;
import dev.candela.sweep.SweepRow;
import dev.candela.sweep.SweepTask;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code candela sweep}: scores many checkpoints as one Apache Spark job, one task per checkpoint
 * and seed, with the options and the per-checkpoint reports of {@code evaluate}. Spark is not on
 * the default class path: the launcher adds {@code target/spark-lib} and Java 17's module flags for
 * this command only, so this class must not touch a Spark type outside {@link #call}.
 */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Score a sweep of checkpoints on Apache Spark (local[*] by default; spark-submit on a"
          + " cluster): one task per checkpoint x seed, each writing the evaluate report;"
          + " results.parquet, sweep.json and comparison.csv/json/html in --out. A checkpoint"
          + " that fails gives an error row; a rerun reuses rows whose settings and checksums"
          + " are unchanged."
    })
public final class SweepCommand implements Callable<Integer> {

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
      names = "--metrics",
      split = ",",
      paramLabel = "M",
      description = "Metrics among ${COMPLETION-CANDIDATES} (default: all).")
  List<EvaluationSettings.Metric> metrics =
      new ArrayList<>(List.of(EvaluationSettings.Metric.values()));

  @Option(
      names = "--samples",
      paramLabel = "N",
      description = "Evaluation samples (default ${DEFAULT-VALUE}).")
  int samples = 1000;

  @Option(
      names = "--rho",
      split = ",",
      paramLabel = "ρ",
      description = "UC sizes ρ; the first sets CG's latent sets (default 1).")
  List<Integer> rhos = new ArrayList<>(List.of(1));

  @Option(
      names = "--cg-baseline",
      paramLabel = "B",
      description = "max-deviation (the authors'), mean or zero (default ${DEFAULT-VALUE}).")
  String cgBaseline = "max-deviation";

  @Option(
      names = "--uc-selection",
      paramLabel = "MODE",
      description = "topk (default) or fork (the CANDLE authors' argpartition code).")
  UcSelection ucSelection = UcSelection.TOPK;

  @Option(
      names = "--batch-size",
      paramLabel = "B",
      description = "Images per encoder/decoder/classifier call (default ${DEFAULT-VALUE}).")
  int batchSize = 256;

  @Option(
      names = "--device",
      paramLabel = "auto|cpu|gpu",
      description = "Device on each executor (default ${DEFAULT-VALUE}).")
  String device = "auto";

  @Option(
      names = "--seed",
      split = ",",
      paramLabel = "S",
      description = "Seeds: one task per checkpoint and seed (default 0).")
  List<Long> seeds = new ArrayList<>(List.of(0L));

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Sweep folder.")
  Path out;

  @Option(
      names = "--max-train",
      paramLabel = "N",
      description = "Cap on DCI/SAP/explicitness training rows (default ${DEFAULT-VALUE}).")
  int maxTrain = 2000;

  @Option(
      names = "--max-test",
      paramLabel = "N",
      description = "Cap on their test rows (default ${DEFAULT-VALUE}).")
  int maxTest = 1000;

  @Option(
      names = "--classic-scale",
      paramLabel = "f",
      description = "Scale of BetaVAE/FactorVAE's reference sizes (default ${DEFAULT-VALUE}).")
  double classicScale = 0.1;

  @Option(
      names = "--grid-samples",
      paramLabel = "N",
      description = "Samples in the report's image grids (default ${DEFAULT-VALUE}).")
  int gridSamples = 8;

  @Option(
      names = "--cg-samples",
      paramLabel = "N",
      description = "CG on a seeded subset of this many samples (default ${DEFAULT-VALUE}).")
  int cgSamples = 500;

  @Option(
      names = "--classic-from-dataset",
      description = "BetaVAE/FactorVAE draw their batches from the whole dataset.")
  boolean classicFromDataset;

  @Option(names = "--quiet", description = "Accepted for symmetry with evaluate (no bars here).")
  boolean quiet;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public SweepCommand() {}

  /** The fully qualified name of a Spark class, to check the class path before using Spark. */
  static final String SPARK_PROBE = "org.apache.spark.sql.SparkSession";

  @Override
  public Integer call() throws CandelaException {
    PrintWriter err = spec.commandLine().getErr();
    requireSpark();
    List<SweepTask> tasks = tasks();
    List<SweepRow> rows =
        SparkSweep.run(
            tasks,
            master,
            DatasetPaths::open,
            out.toAbsolutePath(),
            msg -> {
              err.println(msg);
              err.flush();
            });
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
    return Main.OK;
  }

  /** The tasks: checkpoints × seeds, with evaluate's default classifier per checkpoint. */
  List<SweepTask> tasks() throws BadInputException {
    List<Path> ms = resolve(models);
    List<String> names = names(ms);
    List<Long> ss = List.copyOf(new LinkedHashSet<>(seeds));
    SweepOptions options =
        new SweepOptions(
            metrics,
            samples,
            List.copyOf(new LinkedHashSet<>(rhos)),
            ucSelection,
            EvaluateCommand.parseBaseline(cgBaseline),
            batchSize,
            device,
            maxTrain,
            maxTest,
            classicScale,
            gridSamples,
            cgSamples,
            classicFromDataset);
    options.settings(dataset, null, 0); // validates the options once, on the driver
    Path root = EvaluateCommand.repoRoot();
    String outDir = out.toAbsolutePath().normalize().toString();
    List<SweepTask> tasks = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      Path m = ms.get(i).toAbsolutePath().normalize();
      Path clf = classifier;
      if (clf == null && metrics.contains(EvaluationSettings.Metric.CG)) {
        try {
          clf = EvaluateCommand.defaultClassifier(root, m);
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

  /**
   * Row names: the folders' names when they are distinct; otherwise (sweeps often keep every run as
   * {@code <run>/checkpoint}) {@code <parent>-<name>}; made unique with {@code -2}, {@code -3}, ...
   * as {@code evaluate} does.
   */
  static List<String> names(List<Path> models) {
    List<Path> abs = models.stream().map(m -> m.toAbsolutePath().normalize()).toList();
    long distinct = abs.stream().map(m -> m.getFileName().toString()).distinct().count();
    if (distinct == abs.size()) {
      return EvaluateCommand.uniqueNames(abs);
    }
    List<Path> qualified = new ArrayList<>();
    for (Path m : abs) {
      Path parent = m.getParent();
      String p = parent == null || parent.getFileName() == null ? "" : parent.getFileName() + "-";
      qualified.add(Path.of(p + m.getFileName()));
    }
    return EvaluateCommand.uniqueNames(qualified);
  }

  /**
   * Checkpoint folders from a list file, a folder of model folders (as {@code evaluate --model}),
   * or a glob (folders holding {@code model.json}, in name order).
   */
  static List<Path> resolve(String spec) throws BadInputException {
    Path p = Path.of(spec);
    if (Files.exists(p)) {
      return EvaluateCommand.resolveModels(p);
    }
    if (!spec.contains("*") && !spec.contains("?") && !spec.contains("[")) {
      throw new BadInputException(spec + ": no such model folder, list file or glob");
    }
    Path abs = Path.of(spec).toAbsolutePath().normalize();
    Path base = abs.getRoot();
    for (Path part : abs) {
      String t = part.toString();
      if (t.contains("*") || t.contains("?") || t.contains("[")) {
        break;
      }
      base = base.resolve(t);
    }
    PathMatcher matcher =
        FileSystems.getDefault().getPathMatcher("glob:" + abs.toString().replace("\\", "\\\\"));
    int depth = abs.getNameCount() - base.getNameCount();
    List<Path> found;
    try (Stream<Path> s = Files.walk(base, depth)) {
      found =
          s.filter(q -> matcher.matches(q) && Files.isRegularFile(q.resolve("model.json")))
              .sorted()
              .toList();
    } catch (IOException e) {
      throw new BadInputException(spec + ": cannot list " + base + " (" + e.getMessage() + ")");
    }
    if (found.isEmpty()) {
      throw new BadInputException(spec + ": the glob matches no model folder (with model.json)");
    }
    return found;
  }

  /** Fails with one line when Spark is not on the class path (plain java -jar). */
  static void requireSpark() throws BadInputException {
    try {
      Class.forName(SPARK_PROBE, false, SweepCommand.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new BadInputException(
          "Apache Spark is not on the class path: run sweep through ./candela (which adds"
              + " target/spark-lib) or spark-submit");
    }
  }
}
