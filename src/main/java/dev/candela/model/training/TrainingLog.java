package dev.candela.model.training;

import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The training log of {@code candela train}, as data: {@code training-log.csv} in the model folder,
 * long format {@code step,epoch,source,name,value} ({@code source} = {@code train} for the mean
 * loss terms of a step window, {@code heldout} for the held-out snapshot), appended row group by
 * row group. After each group its {@link CurveSink} gets every curve against the step (the command
 * draws them into {@code training.png} with {@code report.TrainingCurves}; the log knows no
 * plotting). A run that says where it starts ({@link #start}) first drops the rows after that step
 * (an interrupted run wrote them after the checkpoint it resumes from, or, for a new run, before
 * any checkpoint), redraws the curves of the rest (or deletes {@value #PNG} when none remain);
 * otherwise the first row group drops the rows at or after its own step. Then rows are appended.
 */
public final class TrainingLog implements TrainingMonitor.Listener {

  /** The log file name. */
  public static final String CSV = "training-log.csv";

  /** The curves' file name. */
  public static final String PNG = "training.png";

  /** The CSV header line. */
  public static final String HEADER = "step,epoch,source,name,value";

  /** Receives the curves after each row group. */
  @FunctionalInterface
  public interface CurveSink {
    /**
     * The curves so far, one per (source, name), in first-seen order.
     *
     * @param steps per curve, its steps
     * @param values per curve, its values
     * @throws CandelaException when they cannot be written
     */
    void curves(Map<String, double[]> steps, Map<String, double[]> values) throws CandelaException;
  }

  private final Path dir;
  private final CurveSink sink;
  private final List<String[]> rows = new ArrayList<>();
  private boolean first = true;

  /**
   * A log in a model folder.
   *
   * @param dir the model folder
   * @param sink told the curves after each row group
   */
  public TrainingLog(Path dir, CurveSink sink) {
    this.dir = dir;
    this.sink = sink;
  }

  /**
   * Keeps only the rows of steps up to {@code afterStep}: (re)writes the log atomically, its header
   * and those rows, and redraws the curves of the kept rows or, when none remain, deletes {@value
   * #PNG} of the dropped ones.
   *
   * @param afterStep the step the run continues after (0 for a new run)
   * @throws CandelaException when the log cannot be read or rewritten
   */
  @Override
  public void start(long afterStep) throws CandelaException {
    Path csv = dir.resolve(CSV);
    first = false;
    rows.clear();
    try {
      if (Files.isRegularFile(csv)) {
        for (String line : Files.readAllLines(csv)) {
          String[] p = line.split(",", -1);
          // a line cut short by a kill has fewer fields; such rows are after the checkpoint
          if (p.length == 5 && !line.equals(HEADER) && Long.parseLong(p[0]) <= afterStep) {
            rows.add(p);
          }
        }
      }
      StringBuilder sb = new StringBuilder(HEADER).append('\n');
      rows.forEach(r -> sb.append(String.join(",", r)).append('\n'));
      AtomicFiles.writeString(csv, sb);
      if (rows.isEmpty()) {
        Files.deleteIfExists(dir.resolve(PNG));
      }
    } catch (IOException | NumberFormatException e) {
      throw new CandelaException(
          csv + ": cannot rewrite the training log (" + e.getMessage() + ")", e);
    }
    drawCurves();
  }

  @Override
  public void log(long step, int epoch, String source, Map<String, Double> values)
      throws CandelaException {
    Path csv = dir.resolve(CSV);
    try {
      Files.createDirectories(dir);
      if (first) {
        first = false;
        if (Files.isRegularFile(csv)) {
          for (String line : Files.readAllLines(csv)) {
            String[] p = line.split(",", -1);
            if (p.length == 5 && !line.equals(HEADER) && Long.parseLong(p[0]) < step) {
              rows.add(p);
            }
          }
        }
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        rows.forEach(r -> sb.append(String.join(",", r)).append('\n'));
        AtomicFiles.writeString(csv, sb);
      }
      StringBuilder sb = new StringBuilder();
      for (Map.Entry<String, Double> e : values.entrySet()) {
        String[] r = {
          Long.toString(step), Integer.toString(epoch), source, e.getKey(), e.getValue().toString()
        };
        rows.add(r);
        sb.append(String.join(",", r)).append('\n');
      }
      Files.writeString(
          csv,
          sb,
          java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException | NumberFormatException e) {
      throw new CandelaException(
          csv + ": cannot write the training log (" + e.getMessage() + ")", e);
    }
    drawCurves();
  }

  /** Hands every (source, name) curve against the step to the sink. */
  private void drawCurves() throws CandelaException {
    Map<String, List<double[]>> pts = new LinkedHashMap<>();
    for (String[] r : rows) {
      if (r[3].equals("heldout_in_training")) {
        continue;
      }
      pts.computeIfAbsent(r[2] + " " + r[3], k -> new ArrayList<>())
          .add(new double[] {Double.parseDouble(r[0]), Double.parseDouble(r[4])});
    }
    Map<String, double[]> xs = new LinkedHashMap<>();
    Map<String, double[]> ys = new LinkedHashMap<>();
    pts.forEach(
        (k, v) -> {
          xs.put(k, v.stream().mapToDouble(a -> a[0]).toArray());
          ys.put(k, v.stream().mapToDouble(a -> a[1]).toArray());
        });
    if (!ys.isEmpty()) {
      sink.curves(xs, ys);
    }
  }
}
