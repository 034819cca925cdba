package dev.candela.synth;

import dev.candela.BadInputException;
import dev.candela.BadSettingException;
import dev.candela.CandelaException;
import dev.candela.Setting;
import dev.candela.SettingError;
import dev.candela.SettingException;
import dev.candela.SettingText;
import dev.candela.data.candle.CandleDataset;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;

/**
 * Renders CANDLE-format samples by running {@code blender-scripts/render_candle.py} in headless
 * Blender worker processes.
 *
 * <p>Each worker gets its share of the ids ({@link #split}, round robin, so that every worker sees
 * every scene) in an id file and runs {@code blender -b --factory-startup --python-exit-code 1 -t
 * THREADS -P render_candle.py -- --out DIR --id-file F ...}. The script prints one line {@code
 * CANDELA_PROGRESS <id> rendered|skipped|excluded <seconds>} per id on standard output; other
 * output (Blender's own log) and standard error are kept as a tail of {@value #TAIL_LINES} lines
 * per worker for the failure report. When a worker exits non-zero the other workers are stopped and
 * {@link WorkerFailure} carries that worker's tail. Files are written atomically by the script
 * (PNG, then JSON), so stopping a worker never leaves a half sample.
 */
public final class BlenderRenderer {
  /** Lines of a worker's output kept for the failure report. */
  public static final int TAIL_LINES = 25;

  /** File name of the render script inside {@code blender-scripts/}. */
  public static final String SCRIPT_NAME = "render_candle.py";

  /** Environment variable naming the Blender executable. */
  public static final String BLENDER_ENV = "BLENDER";

  private static final String PROGRESS = "CANDELA_PROGRESS ";

  private final Options options;

  /**
   * What to render with.
   *
   * @param blender the Blender executable
   * @param script the render script
   * @param out output folder
   * @param engine cycles, workbench or eevee
   * @param samples Cycles/EEVEE samples, at least 1
   * @param seed seed of the per-sample choices
   * @param rulesVariant rules variant name (e.g. published)
   * @param rulesFile rules file for the script, or {@code null} for the script's default (the
   *     repository's {@code datasets/rules/candle.json})
   * @param hdriDir folder with HDRIs, or {@code null}
   * @param maskDir folder for object masks, or {@code null}
   * @param threads Blender threads per worker, 0 for all
   */
  public record Options(
      Path blender,
      Path script,
      Path out,
      String engine,
      int samples,
      long seed,
      String rulesVariant,
      Path rulesFile,
      Path hdriDir,
      Path maskDir,
      int threads) {
    /** Validates the options. */
    public Options {
      Objects.requireNonNull(blender, "blender");
      Objects.requireNonNull(script, "script");
      Objects.requireNonNull(out, "out");
      Objects.requireNonNull(rulesVariant, "rulesVariant");
      if (!List.of("cycles", "workbench", "eevee").contains(engine)) {
        throw new IllegalArgumentException(
            "engine must be cycles, workbench or eevee, got '" + engine + "'");
      }
      if (samples < 1) {
        throw new SettingException(Setting.SAMPLES, samples, "must be >= 1, got " + samples);
      }
      if (threads < 0) {
        throw new IllegalArgumentException("threads must be >= 0, got " + threads);
      }
    }
  }

  /**
   * What a run did.
   *
   * @param rendered samples rendered
   * @param skipped samples found complete by a worker (resume)
   * @param excluded ids a worker's rules excluded (0 when Java and script agree on the rules)
   * @param workers worker processes started
   */
  public record Summary(int rendered, int skipped, int excluded, int workers) {}

  /** A worker process exited with a non-zero code. */
  public static final class WorkerFailure extends CandelaException implements SettingError {
    private static final long serialVersionUID = 1L;

    /** The last lines of the worker's output (standard error and Blender's log). */
    private final List<String> tail;

    /** The message, with the settings its hint names. */
    private final transient SettingText text;

    /**
     * A failure.
     *
     * @param message one line: which worker, its exit code and its last error line
     * @param tail the worker's output tail
     */
    public WorkerFailure(String message, List<String> tail) {
      this(SettingText.of(message), tail);
    }

    /**
     * A failure whose hint names settings.
     *
     * @param message one line: which worker, its exit code, its last error line and a hint
     * @param tail the worker's output tail
     */
    public WorkerFailure(SettingText message, List<String> tail) {
      super(message.plain());
      this.text = message;
      this.tail = List.copyOf(tail);
    }

    @Override
    public SettingText settingText() {
      return text;
    }

    /**
     * The worker's output tail.
     *
     * @return last lines, oldest first
     */
    public List<String> tail() {
      return tail;
    }
  }

  /**
   * A renderer.
   *
   * @param options what to render with
   */
  public BlenderRenderer(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * Finds Blender: the option when given, else the {@code BLENDER} variable, else {@code blender}
   * on {@code PATH}.
   *
   * @param option the {@code --blender} value, or {@code null}
   * @param env the environment (e.g. {@code System.getenv()})
   * @return the executable
   * @throws BadInputException with a one-line message saying where it looked and how to fix it
   */
  public static Path findBlender(Path option, Map<String, String> env) throws BadInputException {
    if (option != null) {
      if (Files.isRegularFile(option) && Files.isExecutable(option)) {
        return option;
      }
      throw new BadSettingException(
          SettingText.of(
              "Blender not found: ", Setting.BLENDER_PATH, " " + option + " is not a program"));
    }
    String var = env.get(BLENDER_ENV);
    if (var != null && !var.isBlank()) {
      Path p = Path.of(var);
      if (Files.isRegularFile(p) && Files.isExecutable(p)) {
        return p;
      }
      throw new BadInputException(
          "Blender not found: " + BLENDER_ENV + "=" + var + " is not a program");
    }
    String path = env.getOrDefault("PATH", "");
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path p = Path.of(dir, "blender");
      if (Files.isRegularFile(p) && Files.isExecutable(p)) {
        return p;
      }
    }
    throw new BadSettingException(
        SettingText.of(
            "Blender not found: no ",
            Setting.BLENDER_PATH,
            " given, "
                + BLENDER_ENV
                + " not set, no 'blender' on PATH; install Blender 3.4+ (Debian: apt-get install"
                + " blender) or ",
            SettingText.set(Setting.BLENDER_PATH)));
  }

  /**
   * Finds the render script: the option when given, else {@code blender-scripts/render_candle.py}
   * in the repository that holds the running classes or jar (the folder above {@code target/}:
   * {@code target/candela.jar} and {@code target/classes} both resolve to the checkout). The
   * repository's {@code blender-scripts/} is the only copy; the jar does not embed it.
   *
   * @param option the {@code --script} value, or {@code null}
   * @return the script
   * @throws BadInputException when it is not found, naming the places looked at
   */
  public static Path findScript(Path option) throws BadInputException {
    if (option != null) {
      if (Files.isRegularFile(option)) {
        return option;
      }
      throw new BadSettingException(
          SettingText.of(option + ": render script not found (", Setting.RENDER_SCRIPT, ")"));
    }
    List<Path> looked = new ArrayList<>();
    Path start = codeLocation();
    for (Path dir = start; dir != null && looked.size() < 4; dir = dir.getParent()) {
      Path candidate = dir.resolve("blender-scripts").resolve(SCRIPT_NAME);
      looked.add(candidate);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new BadSettingException(
        SettingText.of(
            SCRIPT_NAME
                + " not found (looked at "
                + looked.stream().map(Path::toString).collect(Collectors.joining(", "))
                + "); run from a Candela checkout or ",
            SettingText.set(Setting.RENDER_SCRIPT)));
  }

  private static Path codeLocation() {
    try {
      Path p =
          Path.of(
              BlenderRenderer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return Files.isRegularFile(p) ? p.getParent() : p;
    } catch (URISyntaxException | SecurityException | NullPointerException e) {
      return Path.of("").toAbsolutePath();
    }
  }

  /**
   * Splits ids among workers round robin: id {@code ids[i]} goes to part {@code i mod n} with
   * {@code n = min(workers, ids.length)}; no part is empty, every id is in exactly one part, and
   * each part keeps the input order.
   *
   * @param ids the ids
   * @param workers number of workers, at least 1
   * @return the non-empty parts
   * @throws IllegalArgumentException when workers &lt; 1
   */
  public static List<int[]> split(int[] ids, int workers) {
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be >= 1, got " + workers);
    }
    int n = Math.min(workers, ids.length);
    List<int[]> parts = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      int size = (ids.length - k + n - 1) / n;
      int[] part = new int[size];
      for (int j = 0; j < size; j++) {
        part[j] = ids[k + j * n];
      }
      parts.add(part);
    }
    return parts;
  }

  /**
   * The ids whose {@code {id}.png} and {@code {id}.json} are not both present in a folder.
   *
   * @param out the folder
   * @param ids candidate ids
   * @return the ids still to render, in input order
   */
  public static int[] missing(Path out, int[] ids) {
    return Arrays.stream(ids)
        .filter(
            id ->
                !(Files.isRegularFile(CandleDataset.pngOf(out, id))
                    && Files.isRegularFile(CandleDataset.jsonOf(out, id))))
        .toArray();
  }

  /**
   * The command line of one worker.
   *
   * @param idFile the worker's id file
   * @return the arguments, program first
   */
  public List<String> command(Path idFile) {
    Options o = options;
    List<String> cmd = new ArrayList<>();
    cmd.addAll(
        List.of(
            o.blender().toString(),
            "-b",
            "--factory-startup",
            "--python-exit-code",
            "1",
            "-t",
            Integer.toString(o.threads()),
            "-P",
            o.script().toString(),
            "--",
            "--out",
            o.out().toString(),
            "--id-file",
            idFile.toString(),
            "--seed",
            Long.toString(o.seed()),
            "--engine",
            o.engine(),
            "--samples",
            Integer.toString(o.samples()),
            "--rules",
            o.rulesVariant()));
    if (o.rulesFile() != null) {
      cmd.addAll(List.of("--rules-file", o.rulesFile().toString()));
    }
    if (o.hdriDir() != null) {
      cmd.addAll(List.of("--hdri-dir", o.hdriDir().toString()));
    }
    if (o.maskDir() != null) {
      cmd.addAll(List.of("--mask-dir", o.maskDir().toString()));
    }
    return cmd;
  }

  private static final class Worker {
    final int index;
    final Process process;
    final Deque<String> tail = new ArrayDeque<>();
    final List<Thread> readers = new ArrayList<>();

    Worker(int index, Process process) {
      this.index = index;
      this.process = process;
    }

    synchronized void keep(String line) {
      tail.addLast(line);
      if (tail.size() > TAIL_LINES) {
        tail.removeFirst();
      }
    }

    synchronized List<String> tail() {
      return new ArrayList<>(tail);
    }
  }

  /**
   * Renders ids with parallel workers.
   *
   * @param ids ids to render (those the rules allow; the script skips complete ones)
   * @param workers number of worker processes, at least 1
   * @param onRendered called with each id once it is rendered or found complete (from reader
   *     threads; must be thread-safe)
   * @return the summary
   * @throws WorkerFailure when a worker exits non-zero (the others are stopped)
   * @throws CandelaException when a worker cannot be started or the id files cannot be written
   */
  public Summary render(int[] ids, int workers, IntConsumer onRendered) throws CandelaException {
    List<int[]> parts = split(ids, workers);
    AtomicInteger rendered = new AtomicInteger();
    AtomicInteger skipped = new AtomicInteger();
    AtomicInteger excluded = new AtomicInteger();
    Path tmp;
    try {
      Files.createDirectories(options.out());
      tmp = Files.createTempDirectory("candela-render");
    } catch (IOException e) {
      throw new CandelaException(
          options.out() + ": cannot prepare the render (" + e.getMessage() + ")", e);
    }
    List<Worker> started = new ArrayList<>();
    try {
      for (int k = 0; k < parts.size(); k++) {
        Path idFile = tmp.resolve("ids-" + k + ".txt");
        StringBuilder sb = new StringBuilder();
        for (int id : parts.get(k)) {
          sb.append(id).append('\n');
        }
        Files.writeString(idFile, sb, StandardCharsets.UTF_8);
        ProcessBuilder pb = new ProcessBuilder(command(idFile));
        Process p;
        try {
          p = pb.start();
        } catch (IOException e) {
          throw new CandelaException(
              options.blender() + ": cannot start Blender (" + e.getMessage() + ")", e);
        }
        Worker w = new Worker(k, p);
        started.add(w);
        w.readers.add(
            reader(
                p.getInputStream(),
                line -> {
                  if (line.startsWith(PROGRESS)) {
                    String[] f = line.substring(PROGRESS.length()).trim().split("\\s+");
                    if (f.length >= 2 && f[0].matches("\\d{1,9}")) {
                      int id = Integer.parseInt(f[0]);
                      switch (f[1]) {
                        case "rendered" -> {
                          rendered.incrementAndGet();
                          onRendered.accept(id);
                        }
                        case "skipped" -> {
                          skipped.incrementAndGet();
                          onRendered.accept(id);
                        }
                        default -> excluded.incrementAndGet();
                      }
                    }
                  } else if (!line.startsWith("Fra:")) {
                    w.keep(line);
                  }
                }));
        w.readers.add(reader(p.getErrorStream(), w::keep));
      }
      waitAll(started);
    } catch (IOException e) {
      throw new CandelaException(tmp + ": cannot write an id file (" + e.getMessage() + ")", e);
    } finally {
      for (Worker w : started) {
        if (w.process.isAlive()) {
          w.process.destroy();
        }
      }
      deleteQuietly(tmp);
    }
    return new Summary(rendered.get(), skipped.get(), excluded.get(), parts.size());
  }

  private void waitAll(List<Worker> workers) throws CandelaException {
    List<Worker> running = new ArrayList<>(workers);
    while (!running.isEmpty()) {
      for (int i = 0; i < running.size(); i++) {
        Worker w = running.get(i);
        boolean done;
        try {
          done = w.process.waitFor(200, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new CandelaException("interrupted while waiting for Blender", e);
        }
        if (!done) {
          continue;
        }
        joinReaders(w);
        int code = w.process.exitValue();
        if (code != 0) {
          throw failure(w, code, workers.size());
        }
        running.remove(i--);
      }
    }
  }

  private WorkerFailure failure(Worker w, int code, int total) {
    List<String> tail = w.tail();
    String reason = "";
    for (int i = tail.size() - 1; i >= 0; i--) {
      String l = tail.get(i);
      if (l.contains("error:") || l.contains("Error")) {
        reason = ": " + l.trim();
        break;
      }
    }
    if (reason.isEmpty() && !tail.isEmpty()) {
      reason = ": " + tail.get(tail.size() - 1).trim();
    }
    SettingText hint =
        options.engine().equals("eevee")
            ? SettingText.of(
                " (EEVEE needs an OpenGL context: a GPU or a display; use ",
                Setting.ENGINE,
                " cycles or workbench on headless machines)")
            : SettingText.of();
    return new WorkerFailure(
        SettingText.of(
            "Blender worker "
                + (w.index + 1)
                + " of "
                + total
                + " failed with exit code "
                + code
                + reason,
            hint),
        tail);
  }

  private static void joinReaders(Worker w) {
    for (Thread t : w.readers) {
      try {
        t.join(5000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static Thread reader(InputStream in, java.util.function.Consumer<String> sink) {
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                  sink.accept(line);
                }
              } catch (IOException | RuntimeException e) {
                // The process ended or was stopped; its exit code tells the story.
              }
            },
            "blender-output");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static void deleteQuietly(Path dir) {
    try (var s = Files.list(dir)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        Files.deleteIfExists(p);
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      // A leftover temporary folder is harmless.
    }
  }
}
