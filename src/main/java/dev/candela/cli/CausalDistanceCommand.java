package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.causal.distance.CausalMetric;
import dev.candela.causal.distance.DistanceRequest;
import dev.candela.causal.distance.DistanceRun;
import dev.candela.causal.distance.LadderDistances;
import dev.candela.causal.distance.LadderOptions;
import dev.candela.causal.distance.TvOptions;
import dev.candela.causal.fit.LatentFitInfo;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.ModelJson;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.SeedOption;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code candela causal distance}: distances between a true and a learned causal model. */
@Command(
    name = "distance",
    description = "Distances between a true and a learned causal model (flat 'scores' map).")
public final class CausalDistanceCommand extends CliCommand {
  @Option(names = "--truth", required = true, description = "True model JSON.")
  Path truth;

  @Option(names = "--model", required = true, description = "Learned model JSON.")
  Path model;

  @Option(
      names = "--metrics",
      split = ",",
      description =
          "Metric ids (default: od,id,cd,tv, plus kl,ckl1,ckl2,ckl3,wed3 for discrete models).")
  List<String> metrics;

  @Option(names = "--treatment", description = "TV treatment NAME=value[,NAME=value].")
  String treatment;

  @Option(names = "--outcome", split = ",", description = "TV outcome variable(s), jointly.")
  List<String> outcomes = new ArrayList<>();

  @Option(names = "--samples", defaultValue = "200", description = "k: draws per distribution.")
  int k;

  @Option(
      names = "--interventions",
      defaultValue = "5",
      description = "l: do-values per continuous node.")
  int l;

  @Option(names = "--evidence", defaultValue = "10", description = "m: evidence rows for CD.")
  int m;

  @Mixin SeedOption seedOption;

  @Option(
      names = "--distance",
      defaultValue = "wasserstein",
      description = "D for od/id/cd: wasserstein, energy, tv, kl (tv/kl: exact, discrete).")
  DistanceRun.Distance distance;

  @Option(names = "--z-normalise", description = "Standardise variables by the truth's moments.")
  boolean zNormalise;

  @Option(
      names = "--do-values",
      defaultValue = "normal",
      description = "Continuous do-values: normal, marginal, range.")
  DistanceRun.DoValues doValues;

  @Option(
      names = "--range",
      split = ",",
      description = "LO,HI for --do-values range (default -5,5).")
  double[] range = {-5, 5};

  @Option(
      names = "--compat",
      defaultValue = "none",
      description = "none, or peyrard-west-code (the authors' released estimator).")
  DistanceRun.Compat compat;

  @Option(
      names = "--mc-samples",
      defaultValue = "100000",
      description = "Monte Carlo size for multi-outcome Gaussian TV.")
  int mcSamples;

  @Option(
      names = "--tv-points",
      description =
          "n: outcome points of the numerical TV (nonlinear/mixed models), half from each model"
              + " (default "
              + TvOptions.DEFAULT_POINTS
              + "; "
              + TvOptions.SUMMARY_POINTS
              + " per pair for the DAG summary).")
  Integer tvPoints;

  @Option(
      names = "--tv-particles",
      description =
          "M: likelihood-weighting particles per density in the numerical TV (default "
              + TvOptions.DEFAULT_PARTICLES
              + "; "
              + TvOptions.SUMMARY_PARTICLES
              + " for the DAG summary).")
  Integer tvParticles;

  @Option(
      names = "--replicates",
      defaultValue = "" + LadderDistances.DEFAULT_REPLICATES,
      description =
          "R: runs behind the standard error (<id>.se) and the null baseline (<id>.null) of each"
              + " sampled distance (od, id, cd), >= 2 (default ${DEFAULT-VALUE}).")
  int replicates;

  @Option(
      names = "--double-for-anticausal",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "shd: a reversed edge counts 2 (default, cdt's double_for_anticausal=True);"
              + " --no-double-for-anticausal counts it once (R's SID::hammingDist).")
  boolean doubleForAnticausal;

  @Option(names = "--json", description = "Write scores, details and provenance here.")
  Path json;

  /** Creates the command. */
  public CausalDistanceCommand() {}

  @Override
  public Integer call() throws BadInputException, IOException {
    CausalModel t = ModelJson.read(truth);
    CausalModel mm = ModelJson.read(model);
    LadderOptions opts =
        DistanceRun.ladderOptions(compat, k, l, m, zNormalise, distance, doValues, range);
    Optional<LatentFitInfo> latent = LatentFitInfo.read(model);
    if (latent.isPresent()) {
      opts = opts.withLevels(DistanceRun.levels(t, mm, latent.get(), model));
    }
    if (treatment != null && outcomes.isEmpty()) {
      throw new BadInputException("--treatment needs --outcome");
    }
    List<String> ids = DistanceRun.metricIds(metrics, t, mm);
    TvOptions tvOpts;
    try {
      TvOptions base = treatment == null ? TvOptions.summaryDefaults() : TvOptions.defaults();
      tvOpts =
          base.withMcSamples(mcSamples)
              .withNumerical(
                  tvPoints == null ? base.points() : tvPoints,
                  tvParticles == null ? base.particles() : tvParticles);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--mc-samples/--tv-points/--tv-particles: " + e.getMessage(), e);
    }
    if (replicates < 2) {
      throw new BadInputException(
          "--replicates must be >= 2 (a standard error needs two runs), got " + replicates);
    }
    DistanceRequest req =
        new DistanceRequest(t, mm, opts, treatment, outcomes, tvOpts, seedOption.seed())
            .replicates(replicates)
            .shdDoubleForAnticausal(doubleForAnticausal);
    DistanceRun.Result result = DistanceRun.compute(req, ids, latent);
    PrintWriter out = out();
    for (DistanceRun.Outcome o : result.outcomes()) {
      CausalMetric.Value v = o.value();
      if (!o.reported()) {
        out.printf(
            "%-6s not reported: the model's DAG was given to fit-latent (%s), not learned%n",
            o.id(), latent.get().dagSource());
      } else if (v.sampled()) {
        out.printf(
            "%-6s %.6g  (se %.3g, null %.3g)%n", o.id(), v.score(), v.se(), v.nullBaseline());
      } else {
        out.printf("%-6s %.6g%n", o.id(), v.score());
      }
    }
    out.flush();
    if (json != null) {
      DistanceRun.write(json, result, req, ids, truth, model, seedOption.seed());
    }
    return ExitCodes.OK;
  }
}
