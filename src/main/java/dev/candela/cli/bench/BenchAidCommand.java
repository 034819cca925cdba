package dev.candela.cli.bench;

import dev.candela.causal.graph.Aid;
import dev.candela.causal.graph.Dag;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela bench aid}: times {@link Aid#aid(Dag, Dag, Aid.Kind)} on random DAG pairs at
 * gadjid's benchmark sizes and densities and prints the results beside gadjid's published timings
 * (gadjid README: a laptop with 8 GB RAM and a 4-core i5-8365U, gadjid v0.1.0 through Python).
 *
 * <p>Random DAGs: a random order, each forward pair an edge independently with probability q.
 * x-sparse: 0.75·p expected edges (q = 1.5 / (p − 1)); sparse: 10·p (q = 20 / (p − 1)); dense: 0.3
 * · p(p − 1)/2 (q = 0.3). Truth and guess are drawn independently with the same q.
 *
 * <p>Two tables. First the mean time at gadjid's "average runtime" sizes (x-sparse p = 1000, sparse
 * p = 256, dense p = 239). Then, for each method and density, a doubling search for the largest p
 * whose one pair takes at most {@code --limit-s} seconds (gadjid's "maximum graph size feasible
 * within 1 minute"): p doubles from {@code --start} until a run exceeds the limit or the next run
 * is predicted to (time ratio of the last doubling carried forward); a power law through the last
 * two sizes estimates the size at the limit. {@code --total-s} caps the whole search: a search that
 * would run past it stops and is marked.
 */
@Command(
    name = "aid",
    description = "Time AID on random DAG pairs beside gadjid's published timings.")
public final class BenchAidCommand extends CliCommand {
  /** gadjid's one-minute sizes, sparse then dense, in {@link Aid.Kind} order. */
  private static final int[][] GADJID_ONE_MINUTE = {{8211, 932}, {1105, 508}, {13601, 962}};

  /**
   * gadjid's mean times in ms at x-sparse 1000, sparse 256, dense 239, in {@link Aid.Kind} order.
   */
  private static final double[][] GADJID_MEAN_MS = {
    {3.4, 40.9, 207}, {5.0, 567, 1680}, {7.3, 30.5, 173}
  };

  private static final String[] FIXED_NAMES = {"x-sparse", "sparse", "dense"};
  private static final int[] FIXED_SIZES = {1000, 256, 239};

  @Option(
      names = "--limit-s",
      description = "Time limit of one run in the size search (default: ${DEFAULT-VALUE}).",
      defaultValue = "60")
  double limitS;

  @Option(
      names = "--total-s",
      description = "Cap on the size search's total time (default: ${DEFAULT-VALUE}).",
      defaultValue = "900")
  double totalS;

  @Option(
      names = "--start",
      description = "First p of the doubling search (default: ${DEFAULT-VALUE}).",
      defaultValue = "64")
  int start;

  @Option(
      names = "--reps",
      description = "Pairs per size in the fixed-size table (default: ${DEFAULT-VALUE}).",
      defaultValue = "3")
  int reps;

  @Option(names = "--no-fixed", description = "Skip the table at gadjid's fixed sizes.")
  boolean noFixed;

  @Option(names = "--no-search", description = "Skip the size search.")
  boolean noSearch;

  @Mixin RandomDagPairs pairs;

  /** Creates the command. */
  public BenchAidCommand() {}

  @Override
  public Integer call() {
    RandomDagPairs.requireReps(reps);
    if (start < 2) {
      throw new IllegalArgumentException("--start must be >= 2, got " + start);
    }
    if (!(limitS > 0) || !(totalS > 0)) {
      throw new IllegalArgumentException(
          "--limit-s and --total-s must be > 0, got " + limitS + " and " + totalS);
    }
    PrintWriter out = out();
    out.printf(
        Locale.ROOT,
        "AID benchmark: %d core(s) here; gadjid: 4-core i5-8365U laptop, v0.1.0 via Python%n",
        Runtime.getRuntime().availableProcessors());
    // warm-up so the first row is not JIT time
    for (Aid.Kind k : Aid.Kind.values()) {
      RandomDagPairs.Pair w = pairs.next(60, 0.2);
      Aid.aid(w.truth(), w.guess(), k);
    }
    if (!noFixed) {
      fixedTable(out);
    }
    if (!noSearch) {
      searchTable(out);
    }
    out.flush();
    return ExitCodes.OK;
  }

  private void fixedTable(PrintWriter out) {
    out.printf(Locale.ROOT, "%nMean time of one pair (%d pair(s) per cell)%n", reps);
    out.printf(
        Locale.ROOT,
        "%-13s %-9s %6s %9s %12s %12s%n",
        "method",
        "graph",
        "p",
        "edges",
        "here ms",
        "gadjid ms");
    for (Aid.Kind k : Aid.Kind.values()) {
      for (int d = 0; d < FIXED_SIZES.length; d++) {
        int p = FIXED_SIZES[d];
        double q = RandomDagPairs.q(FIXED_NAMES[d], p);
        long ns = 0;
        long edges = 0;
        for (int r = 0; r < reps; r++) {
          RandomDagPairs.Pair pair = pairs.next(p, q);
          edges += pair.edges();
          long t0 = System.nanoTime();
          Aid.aid(pair.truth(), pair.guess(), k);
          ns += System.nanoTime() - t0;
        }
        out.printf(
            Locale.ROOT,
            "%-13s %-9s %6d %9d %12.1f %12s%n",
            k.metric(),
            FIXED_NAMES[d],
            p,
            edges / (2L * reps),
            ns / 1e6 / reps,
            fmt(GADJID_MEAN_MS[k.ordinal()][d]));
        out.flush();
      }
    }
  }

  private static String fmt(double ms) {
    return ms == Math.rint(ms) ? String.format(Locale.ROOT, "%.0f", ms) : Double.toString(ms);
  }

  private void searchTable(PrintWriter out) {
    out.printf(
        Locale.ROOT,
        "%nLargest p with one pair within %s s (doubling from %d; total cap %s s)%n",
        fmtS(limitS),
        start,
        fmtS(totalS));
    out.printf(
        Locale.ROOT,
        "%-13s %-7s %8s %9s %10s %10s   %s%n",
        "method",
        "graph",
        "p done",
        "time s",
        "est. p",
        "gadjid p",
        "stopped because");
    long began = System.nanoTime();
    for (Aid.Kind k : Aid.Kind.values()) {
      for (int d = 0; d < 2; d++) {
        String density = d == 0 ? "sparse" : "dense";
        int p = start;
        int bestP = 0;
        double bestS = Double.NaN;
        int prevP = 0;
        double prevS = Double.NaN;
        String why;
        while (true) {
          double used = Timing.secondsSince(began);
          double predicted = predict(prevP, prevS, bestP, bestS, p);
          if (used + Math.min(predicted, limitS) > totalS) {
            why = "total cap (" + fmtS(totalS) + " s) reached before p = " + p;
            break;
          }
          if (predicted > limitS) {
            why = String.format(Locale.ROOT, "p = %d predicted %.3g s > limit", p, predicted);
            break;
          }
          RandomDagPairs.Pair pair = pairs.next(p, RandomDagPairs.q(density, p));
          double s = Timing.time(() -> Aid.aid(pair.truth(), pair.guess(), k)).seconds();
          if (s > limitS) {
            why = String.format(Locale.ROOT, "p = %d took %.1f s > limit", p, s);
            break;
          }
          prevP = bestP;
          prevS = bestS;
          bestP = p;
          bestS = s;
          if (p > Integer.MAX_VALUE / 2) {
            why = "p overflow";
            break;
          }
          p *= 2;
        }
        String est = "-";
        if (prevP > 0 && bestS > prevS && prevS > 0) {
          double expo = Math.log(bestS / prevS) / Math.log((double) bestP / prevP);
          est = Long.toString(Math.round(bestP * Math.pow(limitS / bestS, 1 / expo)));
        }
        out.printf(
            Locale.ROOT,
            "%-13s %-7s %8s %9s %10s %10d   %s%n",
            k.metric(),
            density,
            bestP == 0 ? "-" : Integer.toString(bestP),
            bestP == 0 ? "-" : String.format(Locale.ROOT, "%.2f", bestS),
            est,
            GADJID_ONE_MINUTE[k.ordinal()][d],
            why);
        out.flush();
      }
    }
    out.println(
        "p done = largest size measured within the limit; est. p = power law through the last two"
            + " sizes, evaluated at the limit; gadjid p = gadjid's largest size within 1 minute.");
  }

  /** Predicted seconds of the run at p from the last two runs (quadratic growth from one run). */
  private static double predict(int prevP, double prevS, int lastP, double lastS, int p) {
    if (lastP == 0) {
      return 0;
    }
    double expo = 2;
    if (prevP > 0 && prevS > 0 && lastS > prevS) {
      expo = Math.min(4, Math.max(1, Math.log(lastS / prevS) / Math.log((double) lastP / prevP)));
    }
    return lastS * Math.pow((double) p / lastP, expo);
  }

  private static String fmtS(double s) {
    return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
  }
}
