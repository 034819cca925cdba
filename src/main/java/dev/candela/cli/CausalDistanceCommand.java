package dev.candela.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.candela.BadInputException;
import dev.candela.Provenance;
import dev.candela.causal.distance.CausalMetric;
import dev.candela.causal.distance.CausalMetrics;
import dev.candela.causal.distance.DistanceRequest;
import dev.candela.causal.distance.EnergyDistance;
import dev.candela.causal.distance.LadderDistances;
import dev.candela.causal.distance.LadderOptions;
import dev.candela.causal.distance.TvOptions;
import dev.candela.causal.distance.Wasserstein;
import dev.candela.causal.fit.LatentFitInfo;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.model.ModelJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code candela causal distance}: distances between a true and a learned causal model. */
@Command(
    name = "distance",
    mixinStandardHelpOptions = true,
    description = "Distances between a true and a learned causal model (flat 'scores' map).")
public final class CausalDistanceCommand implements Callable<Integer> {
  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

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

  @Option(names = "--seed", defaultValue = "0", description = "Random seed.")
  long seed;

  @Option(
      names = "--distance",
      defaultValue = "wasserstein",
      description = "D for od/id/cd: wasserstein, energy, tv, kl (tv/kl: exact, discrete).")
  String distance;

  @Option(names = "--z-normalise", description = "Standardise variables by the truth's moments.")
  boolean zNormalise;

  @Option(
      names = "--do-values",
      defaultValue = "normal",
      description = "Continuous do-values: normal, marginal, range.")
  String doValues;

  @Option(
      names = "--range",
      split = ",",
      description = "LO,HI for --do-values range (default -5,5).")
  double[] range = {-5, 5};

  @Option(
      names = "--compat",
      defaultValue = "none",
      description = "none, or peyrard-west-code (the authors' released estimator).")
  String compat;

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
    LadderOptions opts = options();
    Optional<LatentFitInfo> latent = LatentFitInfo.read(model);
    if (latent.isPresent()) {
      opts = opts.withLevels(levels(t, mm, latent.get()));
    }
    if (treatment != null && outcomes.isEmpty()) {
      throw new BadInputException("--treatment needs --outcome");
    }
    List<String> ids = metrics;
    if (ids == null) {
      ids = new ArrayList<>(List.of("od", "id", "cd", "tv"));
      if (t.isDiscrete() && mm.isDiscrete()) {
        ids.addAll(List.of("kl", "ckl1", "ckl2", "ckl3", "wed3"));
      }
    }
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
        new DistanceRequest(t, mm, opts, treatment, outcomes, tvOpts, seed)
            .replicates(replicates)
            .shdDoubleForAnticausal(doubleForAnticausal);
    Map<String, Double> scores = new LinkedHashMap<>();
    Map<String, Object> details = new LinkedHashMap<>();
    PrintWriter out = spec.commandLine().getOut();
    boolean dagGiven = latent.isPresent() && latent.get().dagGiven();
    for (String id : ids) {
      CausalMetric.Value v = CausalMetrics.get(id.trim()).compute(req);
      if (dagGiven && GRAPH_METRICS.contains(id.trim())) {
        // The latent model's DAG was copied from a file, not learned: nothing to report.
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("value", v.score());
        d.put("finding", false);
        d.put(
            "reason",
            "the latent model's DAG was given to fit-latent ("
                + latent.get().dagSource()
                + "), not learned");
        d.put("details", v.details());
        details.put(id.trim(), d);
        out.printf(
            "%-6s not reported: the model's DAG was given to fit-latent (%s), not learned%n",
            id.trim(), latent.get().dagSource());
        continue;
      }
      scores.put(id.trim(), v.score());
      if (v.sampled()) {
        scores.put(id.trim() + ".se", v.se());
        scores.put(id.trim() + ".null", v.nullBaseline());
        out.printf(
            "%-6s %.6g  (se %.3g, null %.3g)%n", id.trim(), v.score(), v.se(), v.nullBaseline());
      } else {
        out.printf("%-6s %.6g%n", id.trim(), v.score());
      }
      details.put(id.trim(), v.details());
    }
    out.flush();
    if (json != null) {
      Map<String, String> inputs = new LinkedHashMap<>();
      inputs.put("truth", Provenance.sha256(truth));
      inputs.put("model", Provenance.sha256(model));
      Map<String, Object> params = new LinkedHashMap<>(opts.asMap());
      params.put("metrics", ids);
      if (treatment != null) {
        params.put("treatment", treatment);
        params.put("outcomes", outcomes);
      }
      params.put("replicates", replicates);
      params.put("mcSamples", mcSamples);
      params.put("tvPoints", tvOpts.points());
      params.put("tvParticles", tvOpts.particles());
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("scores", scores);
      doc.put("details", details);
      doc.put("provenance", Provenance.now(inputs, seed, params));
      ObjectMapper mapper =
          new ObjectMapper()
              .enable(SerializationFeature.INDENT_OUTPUT)
              .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
      try {
        dev.candela.AtomicFiles.writeString(json, mapper.writeValueAsString(doc) + "\n");
      } catch (IOException e) {
        throw new BadInputException(json + ": cannot write (" + e.getMessage() + ")", e);
      }
    }
    return Main.OK;
  }

  private static final List<String> GRAPH_METRICS = List.of("shd", "sid", "aupr");

  /** Levels of the latent model's groups in the order of the truth's value labels. */
  private Map<String, double[]> levels(CausalModel t, CausalModel mm, LatentFitInfo info)
      throws BadInputException {
    Map<String, double[]> out = new LinkedHashMap<>();
    for (String name : t.observedNames()) {
      int ti = t.indexOf(name);
      if (!(t.variable(ti).mechanism() instanceof Cpt c)
          || !mm.has(name)
          || mm.cardinality(mm.indexOf(name)) > 0
          || !info.levels().containsKey(name)) {
        continue;
      }
      try {
        out.put(name, info.levelsFor(name, c.values()));
      } catch (IllegalArgumentException e) {
        throw new BadInputException(model + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  private LadderOptions options() throws BadInputException {
    LadderOptions o;
    switch (compat) {
      case "none" -> o = LadderOptions.defaults();
      case "peyrard-west-code" -> {
        return LadderOptions.peyrardWestCode(k, m);
      }
      default ->
          throw new BadInputException(
              "--compat '" + compat + "' is not one of none, peyrard-west-code");
    }
    o = o.withSizes(k, l, m).withZNormalise(zNormalise);
    o =
        switch (distance) {
          case "wasserstein" -> o.withDistance(new Wasserstein());
          case "energy" -> o.withDistance(new EnergyDistance());
          case "tv" -> o.withExact(LadderOptions.Exact.TV);
          case "kl" -> o.withExact(LadderOptions.Exact.KL);
          default ->
              throw new BadInputException(
                  "--distance '" + distance + "' is not one of wasserstein, energy, tv, kl");
        };
    if (range.length != 2) {
      throw new BadInputException("--range needs LO,HI, got " + range.length + " numbers");
    }
    return switch (doValues) {
      case "normal" -> o.withDoValues(LadderOptions.DoValues.STANDARD_NORMAL, range[0], range[1]);
      case "marginal" -> o.withDoValues(LadderOptions.DoValues.MARGINAL, range[0], range[1]);
      case "range" -> o.withDoValues(LadderOptions.DoValues.RANGE, range[0], range[1]);
      default ->
          throw new BadInputException(
              "--do-values '" + doValues + "' is not one of normal, marginal, range");
    };
  }
}
