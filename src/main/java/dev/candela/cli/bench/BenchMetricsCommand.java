package dev.candela.cli.bench;

import dev.candela.CandelaException;
import dev.candela.cli.console.ExitCodes;
import dev.candela.data.CodeTables;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import dev.candela.metrics.CodeContext;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.DciLearner;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.report.TextTable;
import dev.candela.synth.SyntheticCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela bench metrics}: for each N, writes N synthetic codes (64 latents, 6 factors) as
 * {@code .npy}, then times reading them back (the baseline) and every registered code metric on
 * them (the {@link Metric} registry, as {@code score-codes} runs them on one shared context), and
 * prints the times with their ratio to the read time. Metrics on all rows see all N rows; DCI, SAP
 * and Explicitness see the capped train/test split (10,000/5,000), so their time is flat in N. The
 * numpy reference ({@code scripts/numpy-reference-metrics.py}: disentanglement_lib's IRS and MIG
 * code, UC on its IRS matrix) runs as a child process with {@code /usr/bin/python3} on the same
 * files, one thread; its times are printed beside Candela's with the ratio reference / Candela per
 * metric and for IRS + UC + MIG together, and its scores must agree with Candela's within {@link
 * #REFERENCE_TOLERANCE}. Then times {@code score-codes --metrics irs,uc,mig} on the files as the
 * command runs it, with {@code --replicates 0} and with the default intervals, and prints the ratio
 * (the intervals' cost; the target is at most 2). With {@code --peers}, each newer metric's peer
 * ({@code scripts/peer-timings.py}) is timed beside it; the learned metrics on the capped split are
 * timed alike on both sides there, the best of warm calls ({@link #WARM_REPEATS}), while the main
 * table keeps Candela's first, cold call.
 */
@Command(
    name = "metrics",
    description = "Time each metric against the time to read its input, for N = 10^4..10^6.")
public final class BenchMetricsCommand implements Callable<Integer> {

  @Option(
      names = "--sizes",
      split = ",",
      paramLabel = "N",
      description = "Sample counts (default 10000,100000,1000000).")
  List<Integer> sizes = List.of(10_000, 100_000, 1_000_000);

  @Option(names = "--latents", description = "Latents (default ${DEFAULT-VALUE}).")
  int latents = 64;

  @Option(
      names = "--skip-learned",
      description = "Skip DCI, SAP and Explicitness (their cost does not depend on N).")
  boolean skipLearned;

  @Option(
      names = "--intervals-only",
      description =
          "Only the cost of the intervals: score-codes irs,uc,mig with the default intervals"
              + " against --replicates 0, and their ratio.")
  boolean intervalsOnly;

  @Option(
      names = "--python",
      paramLabel = "PYTHON",
      description =
          "The interpreter of the numpy reference (default ${DEFAULT-VALUE}); it needs numpy and"
              + " scikit-learn.")
  Path python = Path.of("/usr/bin/python3");

  @Option(names = "--no-reference", description = "Do not run the numpy reference.")
  boolean noReference;

  @Option(
      names = "--families",
      split = ",",
      paramLabel = "METRIC",
      description =
          "Time only these code metrics (default: every registered one; e.g."
              + " mig_sup,jemmig,dcimig,gaussian_tc,gaussian_wc,latent_mi).")
  List<String> families;

  @Option(
      names = "--dci-learners",
      split = ",",
      paramLabel = "LEARNER",
      description = "The DCI learners timed (default: all).")
  List<String> dciLearners;

  @Option(
      names = "--peers",
      paramLabel = "DIR",
      description =
          "A folder of the peers' checkouts (scripts/peer-timings.py names them): times each"
              + " newer metric's peer on the same rows and prints it beside Candela's time.")
  Path peers;

  @Option(
      names = "--peer-metrics",
      split = ",",
      paramLabel = "NAME",
      description = "The peer timings to run (default: all of scripts/peer-timings.py's table).")
  List<String> peerMetrics;

  @Option(
      names = "--peer-budget",
      paramLabel = "SECONDS",
      description =
          "Seconds a peer may take at one size before it is stopped at the largest size it"
              + " finished (default ${DEFAULT-VALUE}).")
  double peerBudget = 120;

  /** Creates the command. */
  public BenchMetricsCommand() {}

  private static final int[] FACTOR_SIZES = {3, 6, 40, 32, 32, 10};

  /**
   * Times every registered code metric ({@link CodeScorer#registered} of all {@link
   * Metric.Kind#CODES} families) on one shared context, as {@code score-codes} runs them: a metric
   * that computes a shared statistic first (IRS for UC, the mutual information for MIG and
   * Modularity) pays for it. UC is scored at ρ = 1 and 2. The learned metrics are also timed with
   * every other DCI learner.
   *
   * @return report keys of each metric to its seconds, in the order they ran
   */
  private Map<List<String>, Double> perMetric(
      List<String[]> rows,
      int n,
      LatentCodes codes,
      double read,
      Reference ref,
      Map<String, Double> stageSeconds,
      Map<String, Double> allScores)
      throws CandelaException {
    CodeScorer.Options o =
        CodeScorer.Options.defaults(timedFamilies(), 0) // the opt-in FoS too
            .withUc(List.of(1, 2), java.util.EnumSet.of(UcSelection.TOPK));
    List<DciLearner> learners = timedLearners();
    if (!learners.isEmpty()) {
      o = o.withDciLearner(learners.get(0));
    }
    Map<List<String>, Double> times = new LinkedHashMap<>();
    CodeScorer.Scores scores =
        CodeScorer.score(
            new CodeContext(codes, null, o),
            CodeScorer.registered(o.metrics()),
            !skipLearned,
            times::put);
    for (Map.Entry<List<String>, Double> e : times.entrySet()) {
      String stage = String.join(",", e.getKey());
      if (stage.startsWith("dci.") || stage.startsWith("sap") || stage.startsWith("explicitness")) {
        stage += " (capped split)";
      }
      add(rows, n, stage, e.getValue(), read, ref == null ? null : ref.time(e.getKey()));
      stageSeconds.put(stage, e.getValue());
      if (stage.startsWith("dci.")) { // also under its learner's name, as the other learners
        stageSeconds.put("dci " + o.dciLearner().id() + " (capped split)", e.getValue());
      }
    }
    allScores.putAll(comparable(scores));
    for (Map.Entry<String, Double> e : scores.scores().entrySet()) {
      if (e.getKey().startsWith("dci.")) {
        allScores.put("dci " + o.dciLearner().id() + ":" + e.getKey(), e.getValue());
      }
    }
    if (!skipLearned && o.metrics().contains(Metric.DCI)) {
      for (DciLearner learner : learners) {
        if (learner != o.dciLearner()) {
          CodeScorer.Options other = o.withDciLearner(learner);
          long t0 = System.nanoTime();
          CodeScorer.Scores s =
              CodeScorer.score(
                  new CodeContext(codes, null, other),
                  CodeScorer.registered(java.util.EnumSet.of(Metric.DCI)),
                  true);
          double seconds = Timing.secondsSince(t0);
          String stage = "dci " + learner.id();
          add(rows, n, stage + " (capped split)", seconds, read, null);
          stageSeconds.put(stage + " (capped split)", seconds);
          for (Map.Entry<String, Double> e : s.scores().entrySet()) {
            allScores.put(stage + ":" + e.getKey(), e.getValue());
          }
        }
      }
    }
    if (ref != null) {
      double candela = 0;
      for (Map.Entry<List<String>, Double> e : times.entrySet()) {
        if (REFERENCE_FAMILIES.contains(family(e.getKey()))) {
          candela += e.getValue();
        }
      }
      add(rows, n, "irs+uc+mig", candela, read, ref.total());
      double worst = 0;
      for (Map.Entry<String, Double> e : ref.scores().entrySet()) {
        Double mine = scores.scores().get(e.getKey());
        if (mine == null) {
          throw new CandelaException(
              "the numpy reference scored " + e.getKey() + ", which Candela did not score");
        }
        worst = Math.max(worst, Math.abs(mine - e.getValue()));
        if (!(Math.abs(mine - e.getValue()) <= REFERENCE_TOLERANCE)) {
          throw new CandelaException(
              "Candela and the numpy reference disagree on "
                  + e.getKey()
                  + " at N = "
                  + n
                  + ": "
                  + mine
                  + " and "
                  + e.getValue());
        }
      }
      rows.add(
          new String[] {
            Integer.toString(n),
            "scores vs reference: max |Δ| " + ref.scores().keySet(),
            String.format(Locale.ROOT, "%.1e", worst),
            "",
            "",
            ""
          });
    }
    return times;
  }

  /**
   * The scores a peer's value is compared with: the scores, and MIG-sup's normalisation by the
   * latents' entropies (ubisoft's {@code mig_sup.py}) under {@code mig_sup (latent-normalised)}.
   */
  private static Map<String, Double> comparable(CodeScorer.Scores scores) {
    Map<String, Double> out = new LinkedHashMap<>(scores.scores());
    if (scores.details().get("mig_sup") instanceof dev.candela.metrics.MigSupResult r) {
      out.put("mig_sup (latent-normalised)", r.latentNormalisedScore());
    }
    return out;
  }

  /**
   * Candela on the first {@code rows} rows of the codes (written and read back, as the full files
   * are): the metrics on all rows, timed per stage, for the peers that stopped short of N.
   */
  private PeerTimings.Candela prefix(
      Path dir, LatentCodes codes, int rows, java.util.Set<Metric> families)
      throws CandelaException {
    LatentCodes p = codes.rows(range(0, rows));
    Path lat = dir.resolve("prefix-latents-" + rows + ".npy");
    Path fac = dir.resolve("prefix-factors-" + rows + ".npy");
    writeRowMajor(lat, NpyDType.F4, p.latents());
    writeRowMajor(fac, NpyDType.I8, p.factors());
    long t0 = System.nanoTime();
    CodeTables.NumericTable lt = CodeTables.readLatents(lat);
    CodeTables.FactorTable ft = CodeTables.readFactors(fac);
    double read = Timing.secondsSince(t0);
    LatentCodes back = new LatentCodes(lt.values(), ft.codes(), lt.columns(), ft.columns());
    Map<String, Double> stages = new LinkedHashMap<>();
    Map<String, Double> scores = new LinkedHashMap<>();
    alone(back, families, stages, scores);
    try {
      Files.deleteIfExists(lat);
      Files.deleteIfExists(fac);
    } catch (IOException e) {
      throw new CandelaException("cannot delete " + lat + ": " + e.getMessage(), e);
    }
    return new PeerTimings.Candela(rows, read, stages, scores);
  }

  /**
   * Times each family on its own fresh context, so that it pays the shared statistics it reads (the
   * mutual information, the covariance), as its peer does: the cost set beside a peer's. (The main
   * table times them on one shared context, as {@code score-codes} runs them.)
   */
  private static void alone(
      LatentCodes codes,
      java.util.Set<Metric> families,
      Map<String, Double> stages,
      Map<String, Double> scores) {
    for (Metric family : families) {
      CodeScorer.Options o =
          CodeScorer.Options.defaults(java.util.EnumSet.of(family), 0)
              .withUc(List.of(1, 2), java.util.EnumSet.of(UcSelection.TOPK));
      long t0 = System.nanoTime();
      List<String> keys = new ArrayList<>();
      CodeScorer.Scores s =
          CodeScorer.score(
              new CodeContext(codes, null, o),
              CodeScorer.registered(o.metrics()),
              false,
              (k, sec) -> keys.add(String.join(",", k)));
      double seconds = Timing.secondsSince(t0);
      if (keys.size() == 1) {
        stages.put(keys.get(0), seconds);
      }
      scores.putAll(comparable(s));
    }
  }

  /** The most timed calls of a learned metric beside its peer (both sides). */
  static final int WARM_REPEATS = 3;

  /** A learned metric is called again while its timed calls' sum is below this (both sides). */
  static final double WARM_BUDGET_SECONDS = 10;

  /**
   * The learned metrics on the capped split timed as {@code scripts/peer-timings.py} times their
   * peers: after a warm-up (the peer's on a few hundred rows, to import it; Candela's the main
   * table's first call, which also compiles its code), the best of up to {@link #WARM_REPEATS}
   * calls on the same split, repeated while their sum is below {@link #WARM_BUDGET_SECONDS}. The
   * first, cold call stays in the main table: it is what one {@code score-codes} run pays.
   *
   * @param codes the codes
   * @param lines the peers' lines: only the stages they stand beside are timed again
   * @return stage (as the main table names it, {@code dci <learner> (capped split)} for DCI) to the
   *     best warm seconds
   */
  private Map<String, Double> warmLearned(LatentCodes codes, List<PeerTimings.Line> lines) {
    Map<String, Double> out = new LinkedHashMap<>();
    if (skipLearned) {
      return out;
    }
    java.util.Set<String> needed = new java.util.HashSet<>();
    for (PeerTimings.Line l : lines) {
      needed.addAll(l.stages());
    }
    for (Metric family : timedFamilies()) {
      if (family.codeMetrics().isEmpty()
          || !(family.codeMetrics().get(0) instanceof dev.candela.metrics.CodeMetric.Refitted)) {
        continue;
      }
      List<DciLearner> learners =
          family == Metric.DCI
              ? timedLearners()
              : List.of(CodeScorer.Options.defaults().dciLearner());
      for (DciLearner learner : learners) {
        CodeScorer.Options o =
            CodeScorer.Options.defaults(java.util.EnumSet.of(family), 0).withDciLearner(learner);
        String stage =
            (family == Metric.DCI
                    ? "dci " + learner.id()
                    : String.join(",", family.codeMetrics().get(0).keys(o)))
                + " (capped split)";
        if (!needed.contains(stage)) {
          continue;
        }
        CodeContext context = new CodeContext(codes, null, o);
        context.split(); // the peer's split is made before its timing too
        double best = Double.POSITIVE_INFINITY;
        double sum = 0;
        for (int k = 0; k < WARM_REPEATS && sum < WARM_BUDGET_SECONDS; k++) {
          long t0 = System.nanoTime();
          CodeScorer.score(context, CodeScorer.registered(o.metrics()), true);
          double seconds = Timing.secondsSince(t0);
          sum += seconds;
          best = Math.min(best, seconds);
        }
        out.put(stage, best);
      }
    }
    return out;
  }

  /**
   * The families on all rows the peers' lines stand beside (the first key of each stage is its
   * family's id); the learned ones on the capped split are left to the main run.
   */
  private static java.util.Set<Metric> rowFamilies(List<PeerTimings.Line> lines) {
    java.util.Set<Metric> out = java.util.EnumSet.noneOf(Metric.class);
    for (PeerTimings.Line l : lines) {
      for (String stage : l.stages()) {
        if (!stage.endsWith("(capped split)")) {
          String first = stage.split(",")[0];
          int at = first.indexOf('@');
          out.add(Metric.parse(at < 0 ? first : first.substring(0, at)));
        }
      }
    }
    return out;
  }

  /**
   * Runs {@code scripts/peer-timings.py} on the files as a child with one thread, or says in one
   * line why it cannot and returns {@code null}.
   */
  private List<PeerTimings.Line> peerTimings(
      Path dir, Path factors, Path latents, LatentCodes codes)
      throws IOException, CandelaException {
    Path script = script(PEER_SCRIPT, "peer timings");
    if (script == null) {
      return null;
    }
    CodeScorer.Options o = CodeScorer.Options.defaults(Metric.of(Metric.Kind.CODES), 0);
    CodeContext.Split split = new CodeContext(codes, null, o).split();
    int nTrain = split.train().numSamples();
    int nTest = split.test().numSamples();
    Path train = dir.resolve("train-rows.npy");
    Path test = dir.resolve("test-rows.npy");
    writeIndices(train, java.util.Arrays.copyOfRange(split.perm(), 0, nTrain));
    writeIndices(
        test, java.util.Arrays.copyOfRange(split.perm(), split.cut(), split.cut() + nTest));
    List<String> cmd =
        new ArrayList<>(
            List.of(
                python.toString(),
                script.toString(),
                "--peers",
                peers.toString(),
                "--codes",
                latents.toString(),
                "--factors",
                factors.toString(),
                "--train-rows",
                train.toString(),
                "--test-rows",
                test.toString(),
                "--budget",
                Double.toString(peerBudget)));
    if (peerMetrics != null && !peerMetrics.isEmpty()) {
      cmd.add("--metrics");
      cmd.add(String.join(",", peerMetrics));
    }
    Process p = startOneThread(cmd, ProcessBuilder.Redirect.INHERIT, "peer timings");
    if (p == null) {
      return null;
    }
    String out =
        new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    int rc = waitFor(p, "peer timings");
    Files.deleteIfExists(train);
    Files.deleteIfExists(test);
    if (rc != 0) {
      System.err.println(
          "bench metrics: the peer timings exited with status " + rc + "; Candela's times alone");
      return null;
    }
    return PeerTimings.parseAll(out);
  }

  /**
   * A script under the checkout's {@code scripts/}, or {@code null} after one line saying it is
   * missing.
   *
   * @param name the script's file name
   * @param what what it computes, for the line (e.g. {@code numpy reference})
   */
  private static Path script(String name, String what) {
    Path script = dev.candela.Checkout.root().resolve("scripts").resolve(name);
    if (!Files.isRegularFile(script)) {
      System.err.println("bench metrics: no " + what + " (" + script + " is missing)");
      return null;
    }
    return script;
  }

  /**
   * Starts a {@code --python} child with one BLAS/OpenMP thread, so that its times compare with
   * Candela's one-thread times, or returns {@code null} after one line saying why it cannot start.
   *
   * @param cmd the interpreter, the script and its arguments
   * @param stderr where the child's standard error goes
   * @param what what it computes, for the line
   */
  private Process startOneThread(List<String> cmd, ProcessBuilder.Redirect stderr, String what) {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("OMP_NUM_THREADS", "1");
    pb.environment().put("OPENBLAS_NUM_THREADS", "1");
    pb.environment().put("MKL_NUM_THREADS", "1");
    pb.redirectError(stderr);
    try {
      return pb.start();
    } catch (IOException e) {
      System.err.println("bench metrics: no " + what + " (" + python + ": " + e.getMessage() + ")");
      return null;
    }
  }

  /** Waits for a child; an interrupt stops it and becomes an {@link IOException}. */
  private static int waitFor(Process p, String what) throws IOException {
    try {
      return p.waitFor();
    } catch (InterruptedException e) {
      p.destroy();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while the " + what + " ran", e);
    }
  }

  /** The peers' timing script under the checkout's {@code scripts/}. */
  static final String PEER_SCRIPT = "peer-timings.py";

  private static void writeIndices(Path file, int[] rows) throws CandelaException {
    try (NpyWriter w = NpyWriter.create(file, NpyDType.I8, new long[] {rows.length}, false)) {
      long[] v = new long[rows.length];
      for (int i = 0; i < rows.length; i++) {
        v[i] = rows[i];
      }
      w.writeLongs(v, 0, v.length);
    }
  }

  /** The code families timed: {@code --families}, or every one (the opt-in FoS too). */
  private java.util.Set<Metric> timedFamilies() {
    if (families == null || families.isEmpty()) {
      return Metric.of(Metric.Kind.CODES);
    }
    java.util.Set<Metric> out = java.util.EnumSet.noneOf(Metric.class);
    for (String f : families) {
      out.add(Metric.parse(f.strip()));
    }
    return out;
  }

  /** The DCI learners timed, the first scored with the other metrics. */
  private List<DciLearner> timedLearners() {
    if (dciLearners == null || dciLearners.isEmpty()) {
      List<DciLearner> all = new ArrayList<>(List.of(DciLearner.values()));
      DciLearner d = CodeScorer.Options.defaults().dciLearner();
      all.remove(d);
      all.add(0, d);
      return all;
    }
    List<DciLearner> out = new ArrayList<>();
    for (String l : dciLearners) {
      out.add(DciLearner.parse(l.strip()));
    }
    return out;
  }

  /** The families the numpy reference computes. */
  private static final java.util.Set<String> REFERENCE_FAMILIES =
      java.util.Set.of("irs", "uc", "mig");

  /**
   * The largest |Candela − reference| of a score bench accepts: both compute in float64 from the
   * same float32 values; they differ only where numpy sums pairwise (the weighted IRS average, the
   * MI sum), by a few ulps.
   */
  static final double REFERENCE_TOLERANCE = 1e-9;

  /** The family of a metric's report keys: the first key up to its {@code @}. */
  private static String family(List<String> keys) {
    String k = keys.isEmpty() ? "" : keys.get(0);
    int at = k.indexOf('@');
    return at < 0 ? k : k.substring(0, at);
  }

  /**
   * The numpy reference's times and scores on the same files.
   *
   * @param times stage ({@code irs}, {@code uc}, {@code mig}) to seconds
   * @param scores report key to score
   */
  record Reference(Map<String, Double> times, Map<String, Double> scores) {
    /** The reference's time of the metric with these report keys, or {@code null}. */
    Double time(List<String> keys) {
      return times.get(family(keys));
    }

    /** IRS + UC + MIG. */
    double total() {
      double t = 0;
      for (String f : REFERENCE_FAMILIES) {
        t += times.getOrDefault(f, 0.0);
      }
      return t;
    }
  }

  /**
   * Runs the numpy reference ({@code scripts/numpy-reference-metrics.py}) on the files as a child
   * process with one thread, or says in one line why it cannot and returns {@code null}.
   */
  private Reference reference(Path factors, Path latents) throws IOException {
    Path script = script(REFERENCE_SCRIPT, "numpy reference");
    if (script == null) {
      return null;
    }
    Process p =
        startOneThread(
            List.of(
                python.toString(),
                script.toString(),
                "--latents",
                latents.toString(),
                "--factors",
                factors.toString(),
                "--rho",
                "1,2"),
            ProcessBuilder.Redirect.PIPE,
            "numpy reference");
    if (p == null) {
      return null;
    }
    byte[] out = p.getInputStream().readAllBytes();
    String err =
        new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    int rc = waitFor(p, "numpy reference");
    if (rc != 0) {
      String line = err.strip().lines().reduce((a, b) -> b).orElse("exit status " + rc);
      System.err.println("bench metrics: no numpy reference (" + line + "); Candela's times alone");
      return null;
    }
    com.fasterxml.jackson.databind.JsonNode json =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(out);
    Map<String, Double> times = new LinkedHashMap<>();
    for (Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> e :
        json.get("times").properties()) {
      times.put(e.getKey(), e.getValue().asDouble());
    }
    Map<String, Double> scores = new LinkedHashMap<>();
    for (Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> e :
        json.get("scores").properties()) {
      scores.put(e.getKey(), e.getValue().asDouble());
    }
    referenceVersions =
        "numpy " + json.path("numpy").asText() + ", scikit-learn " + json.path("sklearn").asText();
    return new Reference(times, scores);
  }

  private String referenceVersions;

  private final List<String> peerTables = new ArrayList<>();

  /** The reference script under the checkout's {@code scripts/}. */
  static final String REFERENCE_SCRIPT = "numpy-reference-metrics.py";

  /**
   * The wall time of {@code score-codes --metrics irs,uc,mig} on the files (read, score,
   * intervals), as the command runs it.
   */
  private static double scoreCodes(Path factors, Path latents, int replicates)
      throws CandelaException {
    CodeScorer.Options d = CodeScorer.Options.defaults(); // score-codes' defaults
    long t0 = System.nanoTime();
    dev.candela.evaluate.ScoreCodesJob.score(
        new dev.candela.evaluate.ScoreCodesJob.Request(
            factors,
            latents,
            java.util.EnumSet.of(
                dev.candela.metrics.Metric.IRS,
                dev.candela.metrics.Metric.UC,
                dev.candela.metrics.Metric.MIG),
            d.rhos(),
            d.ucModes(),
            d.factorBins(),
            d.trainFraction(),
            d.maxTrain(),
            d.maxTest(),
            d.seed(),
            replicates,
            CodeScorer.IntervalOptions.DEFAULT_REFITS,
            d.dciLearner(),
            null,
            null,
            d.irsQuantile()),
        dev.candela.Progress.NONE);
    return Timing.secondsSince(t0);
  }

  @Override
  public Integer call() throws CandelaException, IOException {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"N", "stage", "seconds", "× read", "numpy s", "numpy / Candela"});
    try (WorkFolder folder = WorkFolder.of(null, "candela-bench-metrics")) {
      Path dir = folder.dir();
      for (int n : sizes) {
        LatentCodes gen =
            SyntheticCodes.generate(
                SyntheticCodes.Kind.DISENTANGLED, n, FACTOR_SIZES, latents, 0.05, 0);
        Path lat = dir.resolve("latents-" + n + ".npy");
        Path fac = dir.resolve("factors-" + n + ".npy");
        writeRowMajor(lat, NpyDType.F4, gen.latents());
        writeRowMajor(fac, NpyDType.I8, gen.factors());
        gen = null;

        long t0 = System.nanoTime();
        CodeTables.NumericTable lt = CodeTables.readLatents(lat);
        CodeTables.FactorTable ft = CodeTables.readFactors(fac);
        double read = Timing.secondsSince(t0);
        LatentCodes codes = new LatentCodes(lt.values(), ft.codes(), lt.columns(), ft.columns());
        add(rows, n, "read .npy (baseline)", read, read, null);

        if (!intervalsOnly) {
          Reference ref = noReference ? null : reference(fac, lat);
          Map<String, Double> stageSeconds = new LinkedHashMap<>();
          Map<String, Double> allScores = new LinkedHashMap<>();
          perMetric(rows, n, codes, read, ref, stageSeconds, allScores);
          if (peers != null) {
            List<PeerTimings.Line> lines = peerTimings(dir, fac, lat, codes);
            if (lines != null) {
              java.util.Set<Metric> rowFamilies = rowFamilies(lines);
              alone(codes, rowFamilies, stageSeconds, allScores);
              Map<Integer, PeerTimings.Candela> atRows = new LinkedHashMap<>();
              for (int r : PeerTimings.shortRows(lines)) {
                atRows.put(r, prefix(dir, codes, r, rowFamilies));
              }
              peerTables.add(
                  "N = "
                      + n
                      + ": each peer on the rows Candela timed (all N, or Candela's capped split"
                      + " or cap; \"a of b\": the peer stopped at a rows and Candela is timed"
                      + " on the same first a rows; Candela's time is each metric alone, paying the"
                      + " shared statistics it reads, as the peer does; the learned metrics on"
                      + " the capped split: the best of up to "
                      + WARM_REPEATS
                      + " warm calls on both sides, while their sum stays under "
                      + WARM_BUDGET_SECONDS
                      + " s, Candela's first, cold call being the main table's)");
              Map<String, Double> besidePeers = new LinkedHashMap<>(stageSeconds);
              besidePeers.putAll(warmLearned(codes, lines));
              peerTables.add(
                  TextTable.render(
                      PeerTimings.table(
                          lines,
                          new PeerTimings.Candela(n, read, besidePeers, allScores),
                          atRows)));
            }
          }
        }
        codes = null;
        double plain = scoreCodes(fac, lat, 0);
        add(rows, n, "score-codes irs,uc,mig --replicates 0", plain, read, null);
        double withIntervals = scoreCodes(fac, lat, CodeScorer.IntervalOptions.DEFAULT_SPLITS);
        add(rows, n, "score-codes irs,uc,mig (default intervals)", withIntervals, read, null);
        rows.add(
            new String[] {
              Integer.toString(n),
              "intervals cost: defaults / --replicates 0",
              "",
              String.format(Locale.ROOT, "%.2f", withIntervals / plain),
              "",
              ""
            });
        Files.deleteIfExists(lat);
        Files.deleteIfExists(fac);
        System.err.println("bench metrics: N=" + n + " done");
      }
    }
    System.out.printf(
        Locale.ROOT,
        "bench metrics: %d latents, %d factors, %d cores%n",
        latents,
        FACTOR_SIZES.length,
        Runtime.getRuntime().availableProcessors());
    if (referenceVersions != null) {
      System.out.println(
          "numpy reference: scripts/"
              + REFERENCE_SCRIPT
              + " ("
              + referenceVersions
              + ", one thread), scores within "
              + REFERENCE_TOLERANCE);
    }
    System.out.print(TextTable.render(rows));
    if (peers == null) {
      if (!intervalsOnly) {
        System.out.println(
            "peers' times beside these: bench metrics --peers DIR, DIR holding the peers'"
                + " checkouts (scripts/"
                + PEER_SCRIPT
                + " names them; docs/metrics-speed.md)");
      }
    } else {
      System.out.println(
          "peers: scripts/" + PEER_SCRIPT + " on " + peers + " (one thread, " + python + ")");
      for (String t : peerTables) {
        System.out.println(t);
      }
    }
    return ExitCodes.OK;
  }

  private static int[] range(int from, int to) {
    int[] r = new int[to - from];
    for (int i = 0; i < r.length; i++) {
      r[i] = from + i;
    }
    return r;
  }

  private static void add(
      List<String[]> rows, int n, String stage, double s, double read, Double reference) {
    rows.add(
        new String[] {
          Integer.toString(n),
          stage,
          String.format(Locale.ROOT, "%.3f", s),
          String.format(Locale.ROOT, "%.2f", s / read),
          reference == null ? "" : String.format(Locale.ROOT, "%.3f", reference),
          reference == null ? "" : String.format(Locale.ROOT, "%.1f", reference / s)
        });
  }

  /** Writes column-major floats as a C-order (rows × columns) array, streamed row by row. */
  private static void writeRowMajor(Path file, NpyDType dtype, float[][] cols)
      throws CandelaException {
    int n = cols[0].length;
    try (NpyWriter w = NpyWriter.create(file, dtype, new long[] {n, cols.length}, false)) {
      float[] row = new float[cols.length];
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < cols.length; c++) {
          row[c] = cols[c][i];
        }
        w.writeFloats(row, 0, row.length);
      }
    }
  }

  /** Writes column-major ints as a C-order (rows × columns) array, streamed row by row. */
  private static void writeRowMajor(Path file, NpyDType dtype, int[][] cols)
      throws CandelaException {
    int n = cols[0].length;
    try (NpyWriter w = NpyWriter.create(file, dtype, new long[] {n, cols.length}, false)) {
      long[] row = new long[cols.length];
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < cols.length; c++) {
          row[c] = cols[c][i];
        }
        w.writeLongs(row, 0, row.length);
      }
    }
  }
}
