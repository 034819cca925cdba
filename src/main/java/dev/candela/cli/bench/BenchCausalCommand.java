package dev.candela.cli.bench;

import dev.candela.causal.distance.LadderDistances;
import dev.candela.causal.distance.LadderOptions;
import dev.candela.causal.distance.PooledHistogramEmd;
import dev.candela.causal.distance.SampleDistance;
import dev.candela.causal.distance.TransportLp;
import dev.candela.causal.distance.Wasserstein;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.RandomScms;
import dev.candela.causal.query.Intervention;
import dev.candela.causal.query.Sampler;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import java.io.PrintWriter;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela bench causal}: ID/CD time by sample size k with the exact multivariate Wasserstein
 * (Hungarian assignment), beside two baselines measured in the same run: the same optimal-transport
 * value by a general linear-programming solver (commons-math simplex on the k×k transport LP, small
 * k only) and the authors' pooled-histogram estimator.
 */
@Command(
    name = "causal",
    description = "ID/CD time by k: exact OT (Hungarian) vs LP simplex and pooled-histogram EMD.")
public final class BenchCausalCommand extends CliCommand {
  @Option(
      names = "--k",
      split = ",",
      defaultValue = "50,100,200,400",
      description = "Sample sizes.")
  int[] ks;

  @Option(names = "--variables", defaultValue = "5", description = "Variables of the random SCMs.")
  int p;

  @Option(
      names = "--lp-max-k",
      defaultValue = "60",
      description = "Largest k solved by the LP baseline.")
  int lpMaxK;

  @Option(
      names = "--fast-k",
      split = ",",
      defaultValue = "100,200,400",
      description =
          "Sample sizes of the 1-D fast-path section (2 variables, --fast-l do-values each).")
  int[] fastKs;

  @Option(
      names = "--fast-l",
      defaultValue = "20",
      description = "Do-values per node in the 1-D fast-path section.")
  int fastL;

  @Option(names = "--seed", defaultValue = "1", description = "Random seed.")
  long seed;

  /** Creates the command. */
  public BenchCausalCommand() {}

  @Override
  public Integer call() {
    PrintWriter out = out();
    SplittableRandom r = new SplittableRandom(seed);
    CausalModel truth = RandomScms.linearGaussian(p, r);
    CausalModel model = RandomScms.linearGaussian(p, r);
    out.printf("random linear-Gaussian SCMs, %d variables; l=3, m=3; times in seconds%n", p);
    out.printf(
        "%6s %10s %10s %12s | %12s %12s %8s %10s | %12s %8s%n",
        "k",
        "ID(OT)",
        "CD(OT)",
        "OT/pair",
        "LP/pair",
        "|OT-LP|",
        "LP/OT",
        "",
        "ID(pooled)",
        "OT/pool");
    for (int k : ks) {
      LadderOptions o = LadderOptions.defaults().withSizes(k, 3, 3);
      var res =
          Timing.time(() -> LadderDistances.compute(truth, model, o.withSizes(k, 3, 0), seed));
      double idTime = res.seconds();
      var resCd = Timing.time(() -> LadderDistances.compute(truth, model, o, seed));
      double cdTime = resCd.seconds() - idTime;
      double pooledTime =
          Timing.time(
                  () ->
                      LadderDistances.compute(
                          truth,
                          model,
                          o.withSizes(k, 3, 0).withDistance(new PooledHistogramEmd()),
                          seed))
              .seconds();

      double[][] a = Sampler.sample(truth, Intervention.none(), k, new SplittableRandom(seed));
      double[][] b = Sampler.sample(model, Intervention.none(), k, new SplittableRandom(seed + 1));
      var ot = Timing.time(() -> new Wasserstein().between(a, b));
      double otTime = ot.seconds();
      String lp = "-";
      String diff = "-";
      String ratio = "-";
      if (k <= lpMaxK) {
        var v = Timing.time(() -> TransportLp.w1(a, b));
        double lpTime = v.seconds();
        lp = String.format("%.4f", lpTime);
        diff = String.format("%.1e", Math.abs(v.value() - ot.value()));
        ratio = String.format("%.0fx", lpTime / otTime);
      }
      out.printf(
          "%6d %10.3f %10.3f %12.5f | %12s %12s %8s %10s | %12.3f %7.1fx%n",
          k,
          idTime,
          Math.max(0, cdTime),
          otTime,
          lp,
          diff,
          ratio,
          "",
          pooledTime,
          idTime / pooledTime);
      out.printf(
          "       (OD=%.4f ID=%.4f CD=%.4f)%n",
          res.value().od(), res.value().id(), resCd.value().cd());
      out.flush();
    }
    fastPath(out);
    out.println(
        "CD-extra = CD run time minus ID run time; LP/OT = simplex time / Hungarian time on the same pair (same optimum); OT/pool = exact ID"
            + " time / pooled-histogram ID time (a different, unfaithful estimator).");
    out.flush();
    return ExitCodes.OK;
  }

  /**
   * ID on two variables with {@code fastL} do-values per node: every interventional regime fixes
   * one variable to the same value in both models, so the OT problem is one-dimensional. Timed with
   * the default {@link Wasserstein} (sorted matching) and with the assignment method forced.
   */
  private void fastPath(PrintWriter out) {
    SplittableRandom r = new SplittableRandom(seed + 7);
    CausalModel truth = RandomScms.linearGaussian(2, r);
    CausalModel model = RandomScms.linearGaussian(2, r);
    SampleDistance assignmentOnly =
        new SampleDistance() {
          @Override
          public String id() {
            return "wasserstein-assignment";
          }

          @Override
          public double between(double[][] a, double[][] b) {
            return Wasserstein.assignment(a, b);
          }
        };
    out.printf(
        "%n1-D fast path: ID on 2 variables, l=%d, m=0 (40 regimes of 1-D OT + OD in 2-D)%n",
        fastL);
    out.printf(
        "%6s %12s %14s %8s %12s %12s%n",
        "k", "ID(sorted)", "ID(assignment)", "ratio", "ID", "|diff|");
    for (int k : fastKs) {
      LadderOptions o = LadderOptions.defaults().withSizes(k, fastL, 0);
      var fast = Timing.time(() -> LadderDistances.compute(truth, model, o, seed));
      var slow =
          Timing.time(
              () -> LadderDistances.compute(truth, model, o.withDistance(assignmentOnly), seed));
      double fastTime = fast.seconds();
      double slowTime = slow.seconds();
      out.printf(
          "%6d %12.3f %14.3f %7.0fx %12.5f %12.1e%n",
          k,
          fastTime,
          slowTime,
          slowTime / fastTime,
          fast.value().id(),
          Math.abs(fast.value().id() - slow.value().id()));
      out.flush();
    }
  }
}
