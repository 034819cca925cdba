package dev.candela.cli.bench;

import dev.candela.causal.graph.Dag;
import dev.candela.causal.graph.Sid;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela bench sid}: times {@link Sid#sid(Dag, Dag)} (reachability per treatment) on random
 * DAG pairs beside the per-pair baseline {@link Sid#sidPairwise(Dag, Dag)} measured in the same
 * run, and checks that both give the same value.
 *
 * <p>Random DAGs: a random order, each forward pair an edge independently with probability q.
 * Sparse: q = 20 / (p − 1), i.e. 10·p expected edges. Dense: q = 0.3, i.e. 0.3·p(p − 1)/2 expected
 * edges, only up to {@code --dense-max} nodes.
 */
@Command(name = "sid", description = "Time SID on random DAG pairs beside the per-pair baseline.")
public final class BenchSidCommand extends CliCommand {
  @Option(
      names = "--sizes",
      split = ",",
      description = "Node counts (default: ${DEFAULT-VALUE}).",
      defaultValue = "100,200,500,1000,2000,5000,10000")
  int[] sizes;

  @Option(
      names = "--reps",
      description = "Pairs per size (default: ${DEFAULT-VALUE}).",
      defaultValue = "1")
  int reps;

  @Option(
      names = "--baseline-max",
      description = "Largest p for the per-pair baseline (default: ${DEFAULT-VALUE}).",
      defaultValue = "200")
  int baselineMax;

  @Option(
      names = "--dense-max",
      description = "Largest p for dense graphs (default: ${DEFAULT-VALUE}).",
      defaultValue = "1000")
  int denseMax;

  @Mixin RandomDagPairs pairs;

  /** Creates the command. */
  public BenchSidCommand() {}

  @Override
  public Integer call() {
    RandomDagPairs.requireReps(reps);
    PrintWriter out = out();
    out.printf(
        Locale.ROOT,
        "SID benchmark: %d pair(s) per size, %d core(s); baseline = per-pair adjustment check,"
            + " run only for p <= %d; dense only for p <= %d%n",
        reps,
        Runtime.getRuntime().availableProcessors(),
        baselineMax,
        denseMax);
    out.printf(
        Locale.ROOT,
        "%-6s %7s %10s %12s %14s %8s %10s%n",
        "graph",
        "p",
        "edges",
        "fast ms",
        "baseline ms",
        "ratio",
        "SID");
    // warm-up so the first row is not JIT time
    RandomDagPairs.Pair warm = pairs.next(50, 0.2);
    Sid.sid(warm.truth(), warm.guess());
    for (String mode : new String[] {"sparse", "dense"}) {
      for (int p : sizes) {
        if (p < 2) {
          throw new IllegalArgumentException("--sizes entries must be >= 2, got " + p);
        }
        if (mode.equals("dense") && p > denseMax) {
          continue;
        }
        double q = RandomDagPairs.q(mode, p);
        long fastNs = 0;
        long baseNs = 0;
        long edges = 0;
        long sidSum = 0;
        boolean runBase = p <= baselineMax;
        for (int r = 0; r < reps; r++) {
          RandomDagPairs.Pair pair = pairs.next(p, q);
          Dag t = pair.truth();
          Dag g = pair.guess();
          edges += pair.edges();
          long t0 = System.nanoTime();
          long fast = Sid.sid(t, g).sid();
          fastNs += System.nanoTime() - t0;
          sidSum += fast;
          if (runBase) {
            long t1 = System.nanoTime();
            long base = Sid.sidPairwise(t, g);
            baseNs += System.nanoTime() - t1;
            if (base != fast) {
              throw new IllegalStateException(
                  "SID mismatch at p=" + p + ": fast " + fast + ", baseline " + base);
            }
          }
        }
        double fastMs = fastNs / 1e6 / reps;
        String baseCol = runBase ? String.format(Locale.ROOT, "%.1f", baseNs / 1e6 / reps) : "-";
        String ratio =
            runBase ? String.format(Locale.ROOT, "%.1fx", (double) baseNs / fastNs) : "-";
        out.printf(
            Locale.ROOT,
            "%-6s %7d %10d %12.1f %14s %8s %10d%n",
            mode,
            p,
            edges / (2L * reps),
            fastMs,
            baseCol,
            ratio,
            sidSum / reps);
        out.flush();
      }
    }
    out.println("edges = mean edges per DAG; SID = mean SID; '-' = beyond the baseline cap.");
    out.flush();
    return ExitCodes.OK;
  }
}
