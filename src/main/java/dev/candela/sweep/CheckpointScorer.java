package dev.candela.sweep;

import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.Provenance;
import dev.candela.StagedFolder;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.DatasetOpener;
import dev.candela.evaluate.Evaluation;
import dev.candela.evaluate.EvaluationSettings;
import dev.candela.evaluate.UdrFiles;
import dev.candela.evaluate.UdrRanking;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scores one sweep task on the machine it runs on (a Spark executor, or the driver in local mode):
 * opens the dataset, loads the checkpoint with DJL once, and runs the {@link Evaluation} of {@code
 * candela evaluate} into {@code out/name}, so the row's scores are the report's scores; the
 * evaluation's encodings of {@link UdrRanking}'s shared inputs (drawn with the task's seed) are
 * kept there too ({@link UdrFiles#INPUTS}), for the driver's UDR. Never throws for a bad
 * checkpoint: corrupt weights, a wrong shape or a missing folder give a row with the error.
 * Resumable: a finished row is kept in {@code out/name/sweep-row.json} and reused when its settings
 * key matches and the folder has its report and encodings. The task's folder is a {@link
 * StagedFolder}: the report, its figures and the row replace the earlier folder together when the
 * evaluation is complete, so an interrupted task leaves the earlier folder (and its row) as it was.
 */
public final class CheckpointScorer {
  /** The per-task row file in the task's report folder. */
  public static final String ROW_FILE = "sweep-row.json";

  /**
   * Resolves a task's dataset path on the executor. The default uses the path as it is; the Spark
   * sweep also looks for a file shipped with {@code spark-submit --files}.
   */
  public static final Function<String, Path> AS_IS = Path::of;

  private static final Logger LOG = LoggerFactory.getLogger(CheckpointScorer.class);

  private CheckpointScorer() {}

  /**
   * Scores a task.
   *
   * @param task the task
   * @param opener opens the dataset
   * @param datasetResolver turns the task's dataset string into a local path
   * @return its row (ok, resumed, or error); never {@code null}
   */
  public static SweepRow score(
      SweepTask task, DatasetOpener opener, Function<String, Path> datasetResolver) {
    long t0 = System.nanoTime();
    String host = hostName();
    String modelSum = null;
    String fingerprint = null;
    String key = null;
    try {
      Path model = Path.of(task.model());
      Path classifier = task.classifier() == null ? null : Path.of(task.classifier());
      Path data = datasetResolver.apply(task.dataset());
      modelSum = folderChecksum(model);
      String classifierSum = classifier == null ? "none" : folderChecksum(classifier);
      EvaluationSettings settings = task.options().settings(data, classifier, task.seed());
      Path dir = Path.of(task.out()).resolve(task.name());
      Path rowFile = dir.resolve(ROW_FILE);
      try (FactorDataset ds = opener.open(data)) {
        fingerprint = ds.fingerprint();
        key = settingsKey(settings, fingerprint, modelSum, classifierSum);
        SweepRow before = readRow(rowFile);
        if (before != null
            && before.ok()
            && key.equals(before.settingsKey())
            && Files.isRegularFile(dir.resolve("report.json"))
            && Files.isRegularFile(dir.resolve(UdrFiles.INPUTS))) {
          LOG.info("{}: unchanged since the last run, reusing {}", task.name(), rowFile);
          return before.asResumed();
        }
        Evaluation ev =
            new Evaluation(
                settings, Progress.messages(msg -> LOG.info("{}: {}", task.name(), msg)));
        long[] udrInputs = UdrRanking.inputs(ds.size(), task.seed());
        try (StagedFolder staged = StagedFolder.begin(dir)) {
          Evaluation.Scored scored = ev.run(ds, model, staged.path(), udrInputs);
          ScoreReport r = scored.report();
          // the driver ranks the checkpoints by UDR on these, loading no model
          UdrFiles.writeInputs(udrInputs, scored.rows(), staged.path());
          SweepRow row =
              new SweepRow(
                  task.name(),
                  task.model(),
                  task.seed(),
                  SweepRow.OK,
                  null,
                  r.scores(),
                  r.uncertainty(),
                  r.warnings(),
                  modelSum,
                  fingerprint,
                  key,
                  task.name() + "/report.json",
                  secs(t0),
                  host,
                  false);
          writeRow(row, staged.path().resolve(ROW_FILE));
          staged.commit(); // the report and its row appear together, or neither
          return row;
        }
      }
    } catch (Exception e) {
      String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      LOG.warn("{}: {}", task.name(), msg);
      return new SweepRow(
          task.name(),
          task.model(),
          task.seed(),
          SweepRow.ERROR,
          msg.replace('\n', ' '),
          Map.of(),
          Map.of(),
          List.of(),
          modelSum,
          fingerprint,
          key,
          null,
          secs(t0),
          host,
          false);
    }
  }

  /**
   * The resume key: sha256 over the evaluation settings (as recorded in the report), the seed, the
   * dataset fingerprint, the model and classifier checksums and Candela's version.
   *
   * @param s the settings
   * @param datasetFingerprint the dataset's fingerprint
   * @param modelSum the checkpoint's checksum
   * @param classifierSum the classifier's checksum or {@code none}
   * @return {@code sha256:<hex>}
   * @throws CandelaException when the settings cannot be serialised
   */
  static String settingsKey(
      EvaluationSettings s, String datasetFingerprint, String modelSum, String classifierSum)
      throws CandelaException {
    Map<String, Object> all = new LinkedHashMap<>(s.asMap());
    all.put("seed", s.seed());
    all.put("device", s.device().toString());
    all.put("gridSamples", s.gridSamples());
    all.put("dataset", datasetFingerprint);
    all.put("model", modelSum);
    all.put("classifier", classifierSum);
    all.put("candela", Provenance.candelaVersion());
    try {
      return "sha256:"
          + sha256Hex(
              JsonReports.mapper().writeValueAsString(all).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new CandelaException("cannot serialise the sweep settings (" + e.getMessage() + ")", e);
    }
  }

  /**
   * sha256 over the names and bytes of a folder's regular files, in name order.
   *
   * @param dir the folder
   * @return {@code sha256:<hex>}
   * @throws CandelaException when the folder cannot be read
   */
  public static String folderChecksum(Path dir) throws CandelaException {
    MessageDigest md = sha256();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
        md.update(f.getFileName().toString().getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(f)) {
          for (int k = in.read(buf); k >= 0; k = in.read(buf)) {
            md.update(buf, 0, k);
          }
        }
      }
    } catch (IOException e) {
      throw new CandelaException(dir + ": cannot read the checkpoint (" + e + ")", e);
    }
    return "sha256:" + HexFormat.of().formatHex(md.digest());
  }

  private static SweepRow readRow(Path rowFile) {
    if (!Files.isRegularFile(rowFile)) {
      return null;
    }
    try {
      return JsonReports.mapper().readValue(rowFile.toFile(), SweepRow.class);
    } catch (IOException | RuntimeException e) {
      LOG.warn("{}: unreadable, the checkpoint is scored again ({})", rowFile, e.getMessage());
      return null;
    }
  }

  private static void writeRow(SweepRow row, Path rowFile) throws CandelaException {
    JsonReports.writeValue(row, rowFile); // temporary name, then an atomic rename
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
  }

  private static String sha256Hex(byte[] bytes) {
    return HexFormat.of().formatHex(sha256().digest(bytes));
  }

  private static double secs(long t0) {
    return (System.nanoTime() - t0) / 1e9;
  }

  /** This machine's host name, or {@code unknown}. */
  static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
