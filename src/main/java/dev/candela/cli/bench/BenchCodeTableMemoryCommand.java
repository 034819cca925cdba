package dev.candela.cli.bench;

import dev.candela.CandelaException;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import dev.candela.report.TextTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela bench code-table-memory}: the memory {@code score-codes} takes on a large code
 * table, as a user meets it. Writes a float32 latent {@code .npy} (rows × latents) and an int32
 * factor {@code .npy} (rows × factors) into a work folder, then runs {@code score-codes} on them in
 * a child JVM started like the launcher starts it: the same class path and Java, no {@code -Xmx},
 * so with the default heap limit. While the child runs, its peak resident memory ({@code VmHWM} of
 * {@code /proc/<pid>/status}) is sampled; its GC log gives the heap limit and the most heap in use
 * at any collection or at exit. The same is done first for a baseline table of {@code
 * --baseline-rows} rows, in the same run. Prints per run the file size, the peak RSS and heap, both
 * as a ratio to the file size, and the child's timings (reading, each metric, the intervals).
 *
 * <p>The data are disentangled codes: factor f takes codes uniformly in {@code 0..K_f−1} (sizes 3,
 * 6, 40, 32, 32, 10, repeated), latent j &lt; factors is {@code code_j/(K_j−1)} plus uniform noise
 * of width 0.1, the other latents are noise.
 */
@Command(
    name = "code-table-memory",
    description =
        "Peak memory (RSS and heap) of score-codes in a child JVM with the default heap on a"
            + " generated float32 table, against its file size and a smaller baseline table.")
public final class BenchCodeTableMemoryCommand extends CliCommand {

  private static final int[] FACTOR_SIZES = {3, 6, 40, 32, 32, 10};

  @Option(names = "--rows", description = "Rows of the table (default ${DEFAULT-VALUE}).")
  int rows = 20_000_000;

  @Option(names = "--latents", description = "Latent columns (default ${DEFAULT-VALUE}).")
  int latents = 64;

  @Option(names = "--factors", description = "Factor columns (default ${DEFAULT-VALUE}).")
  int factors = 5;

  @Option(
      names = "--baseline-rows",
      description = "Rows of the baseline table (default: rows / 20; 0 = no baseline).")
  Integer baselineRows;

  @Option(
      names = "--metrics",
      description = "The --metrics of score-codes (default: its default, all code metrics).")
  String metrics;

  @Option(
      names = "--replicates",
      description = "The --replicates of score-codes (default: its default).")
  Integer replicates;

  @Option(names = "--refits", description = "The --refits of score-codes (default: its default).")
  Integer refits;

  @Option(
      names = "--java-opts",
      description =
          "Extra options of the child JVM, space-separated (default: none, the default heap).")
  String javaOpts;

  @Option(names = "--seed", description = "Seed of the generated table (default ${DEFAULT-VALUE}).")
  long seed = 0;

  @Mixin WorkFolderOption work;

  /** Creates the command. */
  public BenchCodeTableMemoryCommand() {}

  /**
   * One measured child run.
   *
   * @param label baseline or table
   * @param rows rows of the table
   * @param fileBytes the two files' bytes
   * @param exit the child's exit code
   * @param wallSeconds the child's wall time
   * @param peakRssKb the largest VmHWM seen
   * @param peakHeapBytes the most heap in use at a collection or at exit (−1 if not logged)
   * @param liveHeapBytes the most heap in use after a collection (−1 if not logged)
   * @param heapLimitBytes the child's heap limit (−1 if not logged)
   * @param timings the child's timing lines, by stage
   * @param lastLine the child's last error line
   * @param scores the child's score table
   */
  record Run(
      String label,
      int rows,
      long fileBytes,
      int exit,
      double wallSeconds,
      long peakRssKb,
      long peakHeapBytes,
      long liveHeapBytes,
      long heapLimitBytes,
      Map<String, String> timings,
      String lastLine,
      String scores) {}

  @Override
  public Integer call() throws CandelaException {
    if (rows < 10 || latents < 2 || factors < 1) {
      throw new IllegalArgumentException(
          "--rows must be ≥ 10, --latents ≥ 2 and --factors ≥ 1, got "
              + rows
              + ", "
              + latents
              + " and "
              + factors);
    }
    int base = baselineRows != null ? baselineRows : Math.max(10, rows / 20);
    PrintWriter out = out();
    PrintWriter err = err();
    List<Run> runs = new ArrayList<>();
    try (WorkFolder folder = work.open("candela-bench-code-table")) {
      if (base > 0) {
        runs.add(measure(folder.dir(), "baseline", base, err));
      }
      runs.add(measure(folder.dir(), "table", rows, err));
    } catch (IOException e) {
      throw new CandelaException("bench code-table-memory: " + e.getMessage(), e);
    }
    out.printf(
        Locale.ROOT,
        "bench code-table-memory: score-codes%s%s%s in a child JVM (%s), %d latents (float32),"
            + " %d factors (int32), %d cores%n",
        metrics == null ? "" : " --metrics " + metrics,
        replicates == null ? "" : " --replicates " + replicates,
        refits == null ? "" : " --refits " + refits,
        javaOpts == null ? "default heap, no -Xmx" : javaOpts,
        latents,
        factors,
        Runtime.getRuntime().availableProcessors());
    out.print(table(runs));
    out.print(timingTable(runs));
    for (Run r : runs) {
      if (r.exit() != 0) {
        out.println(r.label() + ": score-codes exited with " + r.exit() + ": " + r.lastLine());
      }
    }
    Run last = runs.get(runs.size() - 1);
    if (!last.scores().isBlank()) {
      out.println("scores of the " + last.rows() + "-row table:");
      out.print(last.scores());
    }
    out.flush();
    return runs.stream().allMatch(r -> r.exit() == 0) ? ExitCodes.OK : ExitCodes.FAILURE;
  }

  /** Writes a table of the given rows, scores it in a child JVM and deletes it. */
  private Run measure(Path dir, String label, int n, PrintWriter err)
      throws IOException, CandelaException {
    Path lat = dir.resolve(label + "-latents.npy");
    Path fac = dir.resolve(label + "-factors.npy");
    long t0 = System.nanoTime();
    write(lat, fac, n);
    long bytes = Files.size(lat) + Files.size(fac);
    err.printf(
        Locale.ROOT,
        "bench code-table-memory: wrote %s and %s (%.1f MiB) in %.1f s%n",
        lat,
        fac,
        bytes / MemoryProbes.MIB,
        Timing.secondsSince(t0));
    err.flush();
    Path gcLog = dir.resolve(label + "-gc.log");
    Path childErr = dir.resolve(label + "-stderr.txt");
    Path childOut = dir.resolve(label + "-stdout.txt");
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    if (javaOpts != null && !javaOpts.isBlank()) {
      cmd.addAll(List.of(javaOpts.trim().split("\\s+")));
    }
    cmd.add("-Dai.djl.offline=true");
    cmd.add("-Xlog:gc,gc+init,gc+heap+exit:file=" + gcLog);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("dev.candela.cli.Main");
    cmd.addAll(List.of("score-codes", "--factors", fac.toString(), "--latents", lat.toString()));
    if (metrics != null) {
      cmd.addAll(List.of("--metrics", metrics));
    }
    if (replicates != null) {
      cmd.addAll(List.of("--replicates", Integer.toString(replicates)));
    }
    if (refits != null) {
      cmd.addAll(List.of("--refits", Integer.toString(refits)));
    }
    ProcessBuilder pb =
        new ProcessBuilder(cmd)
            .redirectOutput(childOut.toFile())
            .redirectError(childErr.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    pb.environment().remove("_JAVA_OPTIONS");
    t0 = System.nanoTime();
    Process p = pb.start();
    long peakRss = -1;
    long seen = 0;
    Path status = MemoryProbes.status(p.pid());
    try {
      while (true) {
        peakRss = Math.max(peakRss, MemoryProbes.kb(status, -1, "VmHWM")[0]);
        seen = forward(childErr, seen, label, err);
        if (p.waitFor(250, java.util.concurrent.TimeUnit.MILLISECONDS)) {
          break;
        }
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new CandelaException("bench code-table-memory interrupted", e);
    }
    double wall = Timing.secondsSince(t0);
    forward(childErr, seen, label, err);
    List<String> lines = Files.readAllLines(childErr, StandardCharsets.UTF_8);
    String lastLine = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    long[] heap = heapFromGcLog(gcLog);
    Run run =
        new Run(
            label,
            n,
            bytes,
            p.exitValue(),
            wall,
            peakRss,
            heap[0],
            heap[1],
            heap[2],
            timings(lines),
            lastLine,
            Files.readString(childOut, StandardCharsets.UTF_8));
    Files.deleteIfExists(lat);
    Files.deleteIfExists(fac);
    return run;
  }

  /** The table: shape and bytes, then the peaks and their ratios to the file size. */
  static String table(List<Run> runs) {
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          "run",
          "rows",
          "files MiB",
          "peak RSS MiB",
          "RSS / files",
          "peak heap MiB",
          "heap / files",
          "live heap MiB",
          "heap limit MiB",
          "wall s",
          "exit"
        });
    for (Run r : runs) {
      rows.add(
          new String[] {
            r.label(),
            Integer.toString(r.rows()),
            String.format(Locale.ROOT, "%.1f", r.fileBytes() / MemoryProbes.MIB),
            r.peakRssKb() < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f", r.peakRssKb() / 1024.0),
            r.peakRssKb() < 0
                ? "n/a"
                : String.format(Locale.ROOT, "%.2f", r.peakRssKb() * 1024.0 / r.fileBytes()),
            r.peakHeapBytes() < 0
                ? "n/a"
                : String.format(Locale.ROOT, "%.1f", r.peakHeapBytes() / MemoryProbes.MIB),
            r.peakHeapBytes() < 0
                ? "n/a"
                : String.format(Locale.ROOT, "%.2f", (double) r.peakHeapBytes() / r.fileBytes()),
            r.liveHeapBytes() < 0
                ? "n/a"
                : String.format(Locale.ROOT, "%.1f", r.liveHeapBytes() / MemoryProbes.MIB),
            r.heapLimitBytes() < 0
                ? "n/a"
                : String.format(Locale.ROOT, "%.1f", r.heapLimitBytes() / MemoryProbes.MIB),
            String.format(Locale.ROOT, "%.1f", r.wallSeconds()),
            Integer.toString(r.exit())
          });
    }
    return TextTable.render(rows);
  }

  /** The child's timings per stage (seconds), one column per run. */
  static String timingTable(List<Run> runs) {
    java.util.Set<String> stages = new java.util.LinkedHashSet<>();
    runs.forEach(r -> stages.addAll(r.timings().keySet()));
    List<String[]> rows = new ArrayList<>();
    String[] head = new String[runs.size() + 1];
    head[0] = "stage (s)";
    for (int i = 0; i < runs.size(); i++) {
      head[i + 1] = runs.get(i).label() + " (" + runs.get(i).rows() + " rows)";
    }
    rows.add(head);
    for (String stage : stages) {
      String[] row = new String[runs.size() + 1];
      row[0] = stage;
      for (int i = 0; i < runs.size(); i++) {
        row[i + 1] = runs.get(i).timings().getOrDefault(stage, "");
      }
      rows.add(row);
    }
    String[] wall = new String[runs.size() + 1];
    wall[0] = "child wall";
    for (int i = 0; i < runs.size(); i++) {
      wall[i + 1] = String.format(Locale.ROOT, "%.1f", runs.get(i).wallSeconds());
    }
    rows.add(wall);
    return TextTable.render(rows);
  }

  /**
   * Writes the latent table (float32, C order) and the factor table (int32) row block by row block,
   * without holding them.
   */
  private void write(Path lat, Path fac, int n) throws CandelaException {
    SplittableRandom rng = new SplittableRandom(seed);
    int block = 4096;
    float[] z = new float[block * latents];
    int[] f = new int[block * factors];
    try (NpyWriter wl = NpyWriter.create(lat, NpyDType.F4, new long[] {n, latents}, false);
        NpyWriter wf = NpyWriter.create(fac, NpyDType.I4, new long[] {n, factors}, false)) {
      for (int r0 = 0; r0 < n; r0 += block) {
        int m = Math.min(block, n - r0);
        for (int r = 0; r < m; r++) {
          for (int k = 0; k < factors; k++) {
            f[r * factors + k] = rng.nextInt(FACTOR_SIZES[k % FACTOR_SIZES.length]);
          }
          for (int j = 0; j < latents; j++) {
            float noise = (rng.nextFloat() - 0.5f) * 0.1f;
            float signal = 0;
            if (j < factors) {
              signal = f[r * factors + j] / (float) (FACTOR_SIZES[j % FACTOR_SIZES.length] - 1);
            }
            z[r * latents + j] = signal + noise;
          }
        }
        wl.writeFloats(z, 0, m * latents);
        wf.writeInts(f, 0, m * factors);
      }
    }
  }

  /** Prints the child's new error lines (from byte {@code from} on) and returns the new end. */
  private static long forward(Path file, long from, String label, PrintWriter err)
      throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
      long len = f.length();
      if (len <= from) {
        return from;
      }
      byte[] buf = new byte[(int) Math.min(len - from, 1 << 20)];
      f.seek(from);
      f.readFully(buf);
      String text = new String(buf, StandardCharsets.UTF_8);
      int end = text.lastIndexOf('\n');
      if (end < 0) {
        return from;
      }
      for (String line : text.substring(0, end).split("\n")) {
        err.println("  [" + label + "] " + line);
      }
      err.flush();
      return from + text.substring(0, end + 1).getBytes(StandardCharsets.UTF_8).length;
    }
  }

  private static final Pattern READ = Pattern.compile("^read .*\\(([0-9.]+) s\\)$");
  private static final Pattern METRIC = Pattern.compile("^metric (.+): ([0-9.]+) s$");
  private static final Pattern SCORED = Pattern.compile("^scored in ([0-9.]+) s$");
  private static final Pattern INTERVALS =
      Pattern.compile("^intervals of the code metrics .* in ([0-9.]+) s$");

  /** The child's timing lines: read, each metric, all metrics, the intervals (seconds). */
  static Map<String, String> timings(List<String> lines) {
    Map<String, String> t = new LinkedHashMap<>();
    for (String line : lines) {
      Matcher m;
      if ((m = READ.matcher(line)).matches()) {
        t.put("read", m.group(1));
      } else if ((m = METRIC.matcher(line)).matches()) {
        t.put(m.group(1), m.group(2));
      } else if ((m = SCORED.matcher(line)).matches()) {
        t.put("all metrics", m.group(1));
      } else if ((m = INTERVALS.matcher(line)).matches()) {
        t.put("intervals", m.group(1));
      }
    }
    return t;
  }

  private static final Pattern GC_PAUSE =
      Pattern.compile("(\\d+)([KMG])->(\\d+)([KMG])\\((\\d+)([KMG])\\)");
  private static final Pattern GC_MAX = Pattern.compile("Heap Max Capacity: (\\d+)([KMG])");
  private static final Pattern GC_EXIT = Pattern.compile("total (\\d+)K, used (\\d+)K");

  /**
   * The most heap in use at any collection (before it) or at exit, the most in use after a
   * collection (the live data, as far as that collection freed the rest), and the heap limit, from
   * a {@code -Xlog:gc,gc+init,gc+heap+exit} log; −1 where missing.
   */
  static long[] heapFromGcLog(Path log) throws IOException {
    long peak = -1;
    long live = -1;
    long max = -1;
    if (!Files.isRegularFile(log)) {
      return new long[] {peak, live, max};
    }
    for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
      Matcher m = GC_PAUSE.matcher(line);
      if (m.find()) {
        peak = Math.max(peak, bytes(m.group(1), m.group(2)));
        live = Math.max(live, bytes(m.group(3), m.group(4)));
      }
      m = GC_MAX.matcher(line);
      if (m.find()) {
        max = bytes(m.group(1), m.group(2));
      }
      m = GC_EXIT.matcher(line);
      if (m.find()) {
        peak = Math.max(peak, Long.parseLong(m.group(2)) * 1024);
      }
    }
    return new long[] {peak, live, max};
  }

  private static long bytes(String value, String unit) {
    long v = Long.parseLong(value);
    return switch (unit) {
      case "K" -> v << 10;
      case "M" -> v << 20;
      default -> v << 30;
    };
  }
}
