package dev.candela.sweep;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.Provenance;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.DatasetOpener;
import dev.candela.evaluate.UdrFiles;
import dev.candela.evaluate.UdrRanking;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.VaeModel;
import dev.candela.report.Comparison;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.spark.SparkFiles;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Runs a sweep on Apache Spark: one partition, hence one task, per {@link SweepTask}; each task
 * runs {@link CheckpointScorer#score} on an executor and returns its row; the driver collects the
 * rows (a few kB each) and writes {@value #PARQUET} (Spark's DataFrame writer), {@value
 * #SWEEP_JSON} (every row, errors included) and the {@code comparison.csv/json/html} of {@code
 * evaluate} (the scored rows). The only class of Candela that uses Spark.
 */
public final class SparkSweep {
  /** The Parquet output folder in the sweep folder. */
  public static final String PARQUET = "results.parquet";

  /** The JSON of all rows in the sweep folder. */
  public static final String SWEEP_JSON = "sweep.json";

  /** The master when neither {@code --master} nor {@code spark-submit} sets one. */
  public static final String DEFAULT_MASTER = "local[*]";

  private SparkSweep() {}

  /**
   * The Parquet schema: one row per task; {@code scores} and {@code uncertainty} are maps from
   * score id to value.
   *
   * @return the schema
   */
  public static StructType schema() {
    return new StructType(
        new StructField[] {
          DataTypes.createStructField("name", DataTypes.StringType, false),
          DataTypes.createStructField("model", DataTypes.StringType, false),
          DataTypes.createStructField("seed", DataTypes.LongType, false),
          DataTypes.createStructField("status", DataTypes.StringType, false),
          DataTypes.createStructField("error", DataTypes.StringType, true),
          DataTypes.createStructField(
              "scores",
              DataTypes.createMapType(DataTypes.StringType, DataTypes.DoubleType, false),
              false),
          DataTypes.createStructField(
              "uncertainty",
              DataTypes.createMapType(DataTypes.StringType, DataTypes.DoubleType, false),
              false),
          DataTypes.createStructField(
              "warnings", DataTypes.createArrayType(DataTypes.StringType, false), false),
          DataTypes.createStructField("modelChecksum", DataTypes.StringType, true),
          DataTypes.createStructField("datasetFingerprint", DataTypes.StringType, true),
          DataTypes.createStructField("settingsKey", DataTypes.StringType, true),
          DataTypes.createStructField("report", DataTypes.StringType, true),
          DataTypes.createStructField("seconds", DataTypes.DoubleType, false),
          DataTypes.createStructField("host", DataTypes.StringType, true),
          DataTypes.createStructField("resumed", DataTypes.BooleanType, false)
        });
  }

  /**
   * Runs the tasks and writes the outputs into {@code out}.
   *
   * @param tasks the tasks (names unique)
   * @param master the Spark master, or {@code null} for the one {@code spark-submit} set, else
   *     {@value #DEFAULT_MASTER}
   * @param driverHost the address the driver listens on and executors reach it at, or {@code null}
   *     for {@link SparkSettings}'s rule (loopback unless Spark's own settings name one)
   * @param opener opens the dataset on the executors
   * @param out the sweep folder (shared by driver and executors on a cluster)
   * @param log one-line messages
   * @return the rows, in task order
   * @throws CandelaException when an output cannot be written, the Spark job fails, or a path is
   *     missing on an executor
   */
  public static List<SweepRow> run(
      List<SweepTask> tasks,
      String master,
      String driverHost,
      DatasetOpener opener,
      Path out,
      Consumer<String> log)
      throws CandelaException {
    if (tasks.isEmpty()) {
      throw new IllegalArgumentException("a sweep needs at least one checkpoint");
    }
    Map<String, String> given = new LinkedHashMap<>();
    System.getProperties()
        .stringPropertyNames()
        .forEach(
            k -> {
              if (k.startsWith("spark.")) {
                given.put(k, System.getProperty(k));
              }
            });
    SparkSettings settings =
        SparkSettings.of(master, driverHost, given, System.getenv("SPARK_LOCAL_IP"), appJar());
    settings.notes().forEach(log);
    SparkSettings.requireReachable(settings.effectiveMaster(), 5_000);
    SparkSession.Builder b = SparkSession.builder().appName("candela sweep");
    if (settings.master() != null) {
      b.master(settings.master());
    }
    settings.conf().forEach(b::config);
    List<SweepRow> rows;
    SparkSession spark = b.getOrCreate();
    try {
      log.accept(
          "sweep: "
              + tasks.size()
              + " tasks on "
              + spark.sparkContext().master()
              + " (default parallelism "
              + spark.sparkContext().defaultParallelism()
              + ")");
      JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
      if (!spark.sparkContext().isLocal()) {
        requireSharedPaths(jsc, tasks);
      }
      try {
        rows =
            jsc.parallelize(tasks, tasks.size())
                .map(t -> CheckpointScorer.score(t, opener, SparkSweep::localDataset))
                .collect();
      } catch (RuntimeException e) {
        throw new CandelaException("the Spark job failed: " + firstLine(e), e);
      }
      List<Row> sparkRows = new ArrayList<>();
      for (SweepRow r : rows) {
        sparkRows.add(
            RowFactory.create(
                r.name(),
                r.model(),
                r.seed(),
                r.status(),
                r.error(),
                r.scores(),
                r.uncertaintyColumns(),
                r.warnings(),
                r.modelChecksum(),
                r.datasetFingerprint(),
                r.settingsKey(),
                r.report(),
                r.seconds(),
                r.host(),
                r.resumed()));
      }
      spark
          .createDataFrame(sparkRows, schema())
          .coalesce(1)
          .write()
          .mode(SaveMode.Overwrite)
          .parquet(out.resolve(PARQUET).toString());
    } finally {
      spark.stop();
    }
    writeTables(rows, out, udr(tasks, rows, opener, log));
    return List.copyOf(rows);
  }

  /** The jar (or class folder) Candela's classes are loaded from. */
  private static Path appJar() {
    try {
      return Path.of(SparkSweep.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  private static String firstLine(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getMessage() == null) {
      t = t.getCause();
    }
    String m = t.getMessage() == null ? t.getClass().getName() : t.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  /**
   * Checks, on the executors, that the paths the tasks read and write exist there: one small task
   * per default-parallelism slot (at most one per sweep task) lists, on its host, the model and
   * classifier folders, the dataset and the output folder that exist on the driver but not there.
   *
   * @param jsc the context
   * @param tasks the tasks
   * @throws BadInputException naming the first host and path that are missing, in one line
   */
  static void requireSharedPaths(JavaSparkContext jsc, List<SweepTask> tasks)
      throws BadInputException {
    List<String> paths = new ArrayList<>();
    for (SweepTask t : tasks) {
      for (String p : new String[] {t.model(), t.classifier(), t.out()}) {
        if (p != null && !paths.contains(p) && Files.exists(Path.of(p))) {
          paths.add(p);
        }
      }
    }
    String dataset = tasks.get(0).dataset();
    int n = Math.max(1, Math.min(tasks.size(), jsc.defaultParallelism()));
    List<Integer> slots = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      slots.add(i);
    }
    List<String> missing =
        jsc.parallelize(slots, n)
            .flatMap(i -> SparkSweep.missingHere(paths, dataset).iterator())
            .distinct()
            .collect();
    if (!missing.isEmpty()) {
      throw new BadInputException(
          missing.get(0)
              + (missing.size() > 1 ? " (and " + (missing.size() - 1) + " more)" : "")
              + ": models, classifier, dataset and the output folder must be on a file system every executor"
              + " mounts at the same path (see docs/sweep.md)");
    }
  }

  /**
   * The paths missing on this host, as {@code host HOST cannot read PATH}.
   *
   * @param paths folders and files that must exist
   * @param dataset the dataset (a path, or a file shipped with {@code --files})
   * @return the missing ones
   */
  static List<String> missingHere(List<String> paths, String dataset) {
    String host = CheckpointScorer.hostName();
    List<String> out = new ArrayList<>();
    for (String p : paths) {
      if (!Files.exists(Path.of(p))) {
        out.add("executor host " + host + " cannot read " + p);
      }
    }
    if (!Files.exists(localDataset(dataset))) {
      out.add("executor host " + host + " cannot read the dataset " + dataset);
    }
    return out;
  }

  /**
   * UDR over the distinct checkpoints of the scored rows, on the driver ({@link UdrRanking}, the
   * same inputs and seed as {@code evaluate --model LIST}: the first scored row's dataset and
   * seed), ranked on the encodings of the shared inputs that the executors' evaluations kept in
   * their rows' folders ({@link UdrFiles#readInputs}): per checkpoint, those of its first scored
   * row with that seed (a checkpoint without one is left out, said on {@code log}), so no model is
   * loaded here. {@code null} with fewer than two checkpoints or when it fails (said on {@code
   * log}: the rows' own scores stand).
   *
   * @param tasks the tasks
   * @param rows their rows
   * @param opener opens the dataset
   * @param log one-line messages
   * @return the ranking (model names: the first row name of each checkpoint), or {@code null}
   */
  static UdrRanking.Outcome udr(
      List<SweepTask> tasks, List<SweepRow> rows, DatasetOpener opener, Consumer<String> log) {
    Map<String, String> firstRow = new LinkedHashMap<>();
    for (SweepRow r : rows) {
      if (r.ok()) {
        firstRow.putIfAbsent(r.model(), r.name());
      }
    }
    if (firstRow.size() < 2) {
      return null;
    }
    Map<String, SweepTask> taskOf = new LinkedHashMap<>();
    tasks.forEach(t -> taskOf.put(t.name(), t));
    SweepTask first = taskOf.get(firstRow.values().iterator().next());
    long seed = first.seed();
    Map<String, SweepTask> encodedBy = new LinkedHashMap<>();
    for (SweepRow r : rows) {
      if (r.ok() && r.seed() == seed) {
        encodedBy.putIfAbsent(r.model(), taskOf.get(r.name()));
      }
    }
    try (FactorDataset ds = opener.open(localDataset(first.dataset()))) {
      long[] inputs = UdrRanking.inputs(ds.size(), seed);
      List<UdrRanking.Encoded> encoded = new ArrayList<>();
      for (Map.Entry<String, String> m : firstRow.entrySet()) {
        SweepTask t = encodedBy.get(m.getKey());
        if (t == null) {
          log.accept(
              "sweep: UDR leaves out " + m.getKey() + " (no scored row with seed " + seed + ")");
          continue;
        }
        VaeModel.Encoding e = UdrFiles.readInputs(Path.of(t.out()).resolve(t.name()), inputs);
        String setting = UdrRanking.setting(ModelCard.read(Path.of(m.getKey())));
        encoded.add(new UdrRanking.Encoded(m.getValue(), setting, e.mean(), e.logVar()));
      }
      if (encoded.size() < 2) {
        return null;
      }
      return UdrRanking.rank(encoded, seed, Progress.messages(log::accept));
    } catch (CandelaException | RuntimeException e) {
      log.accept("sweep: no UDR (" + e.getMessage() + ")");
      return null;
    }
  }

  /**
   * The dataset path on an executor: the path itself when it exists there, else the file of that
   * name shipped with {@code spark-submit --files}.
   *
   * @param dataset the path the driver was given
   * @return the local path
   */
  static Path localDataset(String dataset) {
    Path p = Path.of(dataset);
    if (Files.exists(p)) {
      return p;
    }
    String shipped = SparkFiles.get(p.getFileName().toString());
    return new File(shipped).exists() ? Path.of(shipped) : p;
  }

  /**
   * Writes {@value #SWEEP_JSON} and, for the scored rows, the comparison files of {@code evaluate
   * --model LIST} ({@link Comparison#write}: {@code comparison.csv/json/html} and {@code
   * scores.csv}), with each score's uncertainty as the row carries it from its evaluation, so the
   * two commands write the same files.
   *
   * @param rows the rows
   * @param out the folder
   * @throws CandelaException when a file cannot be written
   */
  public static void writeTables(List<SweepRow> rows, Path out) throws CandelaException {
    writeTables(rows, out, null);
  }

  /**
   * {@link #writeTables(List, Path)} with each row's UDR ({@value UdrRanking#KEY}, the ranking of
   * its checkpoint) added to the comparison and {@value UdrRanking#FILE} written.
   *
   * @param rows the rows
   * @param out the folder
   * @param udr the ranking of the rows' checkpoints, or {@code null}
   * @throws CandelaException when a file cannot be written
   */
  public static void writeTables(List<SweepRow> rows, Path out, UdrRanking.Outcome udr)
      throws CandelaException {
    Map<String, ScoreReport> reports = new LinkedHashMap<>();
    Map<String, String> modelOf = new LinkedHashMap<>();
    Map<String, String> firstRow = new LinkedHashMap<>();
    for (SweepRow r : rows) {
      if (r.ok()) {
        modelOf.put(r.name(), firstRow.computeIfAbsent(r.model(), m -> r.name()));
        Map<String, String> inputs = new LinkedHashMap<>();
        inputs.put("model:" + r.model(), r.modelChecksum());
        reports.put(
            r.name(),
            new ScoreReport(
                r.name(),
                r.scores(),
                r.uncertainty(),
                Map.of(),
                r.warnings(),
                Provenance.now(inputs, r.seed(), Map.of())));
      }
    }
    if (udr != null) {
      UdrFiles.write(udr, out);
      reports = UdrFiles.withUdr(reports, udr, modelOf);
    }
    if (!reports.isEmpty()) {
      Comparison.write(reports, out);
    }
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("tasks", rows.size());
    json.put("scored", reports.size());
    json.put("errors", rows.stream().filter(r -> !r.ok()).count());
    json.put("resumed", rows.stream().filter(SweepRow::resumed).count());
    json.put("rows", rows);
    JsonReports.writeValue(json, out.resolve(SWEEP_JSON));
  }
}
