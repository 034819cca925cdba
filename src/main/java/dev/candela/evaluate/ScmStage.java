package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.Setting;
import dev.candela.SettingText;
import dev.candela.causal.distance.LatentScmScore;
import dev.candela.causal.fit.SelectionTruth;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.ModelJson;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.FactorSpace;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Metric;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Uncertainty;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code evaluate}'s {@code scm} metric: the latent causal model fitted on the encoded evaluation
 * samples (one latent group per factor) against the dataset's true causal model over its factors,
 * scored by {@link LatentScmScore} (OD, ID, CD with standard error and null; with a learned DAG
 * SHD, SID and the AIDs), each with its interval. Scores are {@code scm.<id>}, details {@code scm}.
 */
final class ScmStage implements EvaluationStage {

  @Override
  public boolean applies(EvaluationSettings s) {
    return s.metrics().contains(Metric.SCM);
  }

  @Override
  public boolean readsIrs(EvaluationSettings s) {
    return true;
  }

  /**
   * The truth and where it comes from.
   *
   * @param model the true model over the factors
   * @param source a file name or a description
   */
  record Truth(CausalModel model, String source) {}

  /**
   * The true causal model for a dataset.
   *
   * @param space the dataset's factor space
   * @param setting {@code auto}, {@code none} or a model file
   * @return the truth, or null when there is none
   * @throws BadInputException when the file cannot be read or the rules do not fit
   */
  static Truth truth(FactorSpace space, String setting) throws BadInputException {
    if (setting.equals("none")) {
      return null;
    }
    if (!setting.equals("auto")) {
      Path file = Path.of(setting);
      return new Truth(ModelJson.read(file), file.toString());
    }
    try {
      switch (space.name()) {
        case "candle" -> {
          ConfoundingRules.Bound bound = ConfoundingRules.forDataset("candle", null).bind(space);
          return new Truth(
              SelectionTruth.ofSpace(space, bound::allows),
              "candle rules-filtered factor product (as datasets/causal/candle-factors.json)");
        }
        case "dsprites", "mpi3d", "3dshapes" -> {
          return new Truth(
              SelectionTruth.ofSpace(space, c -> true),
              space.name() + " independent factors (the empty graph over the factors)");
        }
        default -> {
          return null;
        }
      }
    } catch (IllegalArgumentException e) {
      throw new BadInputException(space.name() + ": ground truth: " + e.getMessage(), e);
    }
  }

  /**
   * The stage's outcome.
   *
   * @param scores {@code scm.<id>} values
   * @param uncertainty {@code scm.<id>} intervals
   * @param details the {@code scm} details
   * @param section the page's section
   */
  record Result(
      Map<String, Double> scores,
      Map<String, Uncertainty> uncertainty,
      Map<String, Object> details,
      ScmSection section) {}

  /**
   * Fits and scores the latent model.
   *
   * @param lc the encoded samples and their factor codes
   * @param vocab the value of each code per factor
   * @param codeScores the code metrics (their IRS matrix chooses the groups)
   * @param truth the true model
   * @param s the settings
   * @param scope ρ, latents per group (the evaluation's first ρ), and the DAG refits behind the
   *     graph metrics' intervals (the evaluation's refits)
   * @param seed the seed
   * @return the scores and details
   * @throws BadInputException when the latent model cannot be formed
   */
  static Result score(
      LatentCodes lc,
      List<List<Object>> vocab,
      CodeScorer.Scores codeScores,
      Truth truth,
      ScmSettings s,
      Scope scope,
      long seed)
      throws BadInputException {
    LatentScmScore.Options o =
        new LatentScmScore.Options(
            scope.rho(),
            s.dag(),
            s.samples(),
            5,
            s.evidence(),
            s.replicates(),
            scope.refits(),
            seed);
    LatentScmScore.Result r =
        LatentScmScore.score(
            lc.latents(),
            lc.latentNames(),
            lc.factors(),
            lc.factorNames(),
            vocab,
            codeScores.irs().matrix().toArray(),
            Arrays2.ints(codeScores.irs().activeLatents()),
            codeScores.factorNames(),
            truth.model(),
            truth.source(),
            o);
    Map<String, Double> scores = new LinkedHashMap<>();
    r.scores().forEach((k, v) -> scores.put("scm." + k, v));
    Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
    r.uncertainty().forEach((k, u) -> uncertainty.put("scm." + k, u));
    return new Result(scores, uncertainty, r.details(), ScmSection.of(r, truth));
  }

  /**
   * What the scm stage takes from the rest of the evaluation.
   *
   * @param rho latents per group (≥ 1)
   * @param refits DAG refits (even, ≥ 0)
   */
  record Scope(int rho, int refits) {}

  /**
   * The {@code scm} stage of an {@link Evaluation}: the latent causal model against the dataset's
   * causal truth, skipped with a warning when the dataset has no known truth or the groups cannot
   * be formed. OD, ID and CD are means over R sampled replicates: their SE gives the interval; the
   * graph metrics' interval comes from DAG refits on complementary halves. Its groups have the
   * evaluation's first ρ latents, and its DAG refits are the evaluation's refits.
   *
   * @param c the run (its code metrics' IRS matrix forms the groups)
   * @return what it adds to the report
   * @throws BadInputException when the truth file cannot be read
   */
  @Override
  public StageResult run(EvaluationContext c) throws BadInputException {
    EvaluationSettings s = c.settings();
    ScmSettings scm = s.options().scm();
    Scope scope = new Scope(s.options().rhos().get(0), s.options().refits());
    EncodedSamples e = c.samples();
    FactorSpace space = e.dataset().space();
    Truth truth = truth(space, scm.truth());
    if (truth == null) {
      SettingText w =
          SettingText.of(
              "scm skipped: no causal truth for dataset '" + space.name() + "' (",
              SettingText.setTo(Setting.SCM_TRUTH),
              " MODEL.json)");
      c.listener().warning(w);
      return StageResult.warning(w.plain());
    }
    long t = System.nanoTime();
    LatentCodes lc = e.latentCodes();
    Result r;
    try {
      r = score(lc, e.vocabularies(), c.codeScoresWithIrs(), truth, scm, scope, s.seed());
    } catch (BadInputException x) {
      return StageResult.warning("scm skipped: " + x.getMessage());
    }
    c.listener()
        .message(
            String.format(
                java.util.Locale.ROOT, "scm (latent causal model) in %.1f s", Evaluation.secs(t)));
    return new StageResult(
        r.scores(),
        r.uncertainty(),
        Map.of("scm", r.details()),
        List.of(),
        Map.of(),
        List.of(r.section()));
  }
}
