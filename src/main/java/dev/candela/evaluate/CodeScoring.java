package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.CodeTables;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.DciLearner;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.stats.Bootstrap;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.report.ScoreReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Scores a representation given as arrays (a latent table and a factor table, CSV or npy) with the
 * code metrics of {@link CodeScorer} and their bootstrap, into a {@link ScoreReport}.
 */
public final class CodeScoring {
  private CodeScoring() {}

  /**
   * What was scored and the report.
   *
   * @param report the report
   * @param scores the scorer's full result (for the HTML report)
   * @param codes the codes that were scored
   */
  public record Result(ScoreReport report, CodeScorer.Scores scores, LatentCodes codes) {}

  /**
   * What to score and how.
   *
   * @param factors the factor table (CSV or npy)
   * @param latents the latent table (CSV or npy)
   * @param metrics the metrics
   * @param rhos UC sizes ρ
   * @param ucModes UC's latent selections
   * @param factorBins bins for IRS's factor re-binning (0 = none)
   * @param trainFraction fraction of rows that train DCI/SAP/explicitness
   * @param maxTrain cap on their training rows
   * @param maxTest cap on their test rows
   * @param seed the seed
   * @param bootstrap bootstrap replicates (0 = off)
   * @param bootstrapLearned replicates of the learned scores (at most {@code bootstrap})
   * @param dciLearner the classifier DCI fits per factor
   * @param factorNames names of the factor columns (for a {@code .npy} table), or null
   * @param latentNames names of the latent columns, or null
   */
  public record Request(
      Path factors,
      Path latents,
      Set<Metric> metrics,
      List<Integer> rhos,
      Set<UcSelection> ucModes,
      int factorBins,
      double trainFraction,
      int maxTrain,
      int maxTest,
      long seed,
      int bootstrap,
      int bootstrapLearned,
      DciLearner dciLearner,
      List<String> factorNames,
      List<String> latentNames) {

    /**
     * A request with the default DCI learner ({@link DciLearner#DEFAULT}) whose columns keep the
     * tables' names; the parameters are those of the canonical constructor.
     *
     * @param factors the factor table
     * @param latents the latent table
     * @param metrics the metrics
     * @param rhos UC sizes ρ
     * @param ucModes UC's latent selections
     * @param factorBins IRS factor bins (0 = none)
     * @param trainFraction training fraction of the learned metrics
     * @param maxTrain cap on their training rows
     * @param maxTest cap on their test rows
     * @param seed the seed
     * @param bootstrap bootstrap replicates
     * @param bootstrapLearned replicates of the learned scores
     */
    public Request(
        Path factors,
        Path latents,
        Set<Metric> metrics,
        List<Integer> rhos,
        Set<UcSelection> ucModes,
        int factorBins,
        double trainFraction,
        int maxTrain,
        int maxTest,
        long seed,
        int bootstrap,
        int bootstrapLearned) {
      this(
          factors,
          latents,
          metrics,
          rhos,
          ucModes,
          factorBins,
          trainFraction,
          maxTrain,
          maxTest,
          seed,
          bootstrap,
          bootstrapLearned,
          DciLearner.DEFAULT,
          null,
          null);
    }
  }

  /**
   * Reads the tables and scores them.
   *
   * @param r what to score
   * @param listener timings
   * @return the result
   * @throws CandelaException when a table cannot be read or a ρ is out of range
   */
  public static Result score(Request r, ProgressListener listener) throws CandelaException {
    Path factors = r.factors();
    Path latents = r.latents();
    int bootstrap = r.bootstrap();
    int bootstrapLearned = r.bootstrapLearned();
    long t0 = System.nanoTime();
    CodeTables.Paired tables = CodeTables.readPaired(factors, latents);
    CodeTables.FactorTable ft = tables.factors();
    CodeTables.NumericTable lt = tables.latents();
    for (int rho : r.rhos()) {
      if (rho < 1 || rho > lt.columns().size()) {
        throw new BadInputException(
            latents
                + ": --rho "
                + rho
                + " is outside 1.."
                + lt.columns().size()
                + " (its latents)");
      }
    }
    if (!(r.trainFraction() > 0 && r.trainFraction() < 1)) {
      throw new BadInputException("--train-fraction must be in (0, 1), got " + r.trainFraction());
    }
    listener.message(
        String.format(
            Locale.ROOT,
            "read %d rows: %d factors, %d latents (%.1f s)",
            lt.rows(),
            ft.columns().size(),
            lt.columns().size(),
            (System.nanoTime() - t0) / 1e9));
    List<String> factorNames =
        CodeTables.rename("--factor-names", factors, ft.columns(), r.factorNames());
    List<String> latentNames =
        CodeTables.rename("--latent-names", latents, lt.columns(), r.latentNames());
    LatentCodes codes = new LatentCodes(lt.values(), ft.codes(), latentNames, factorNames);
    CodeScorer.Options options =
        new CodeScorer.Options(
            EnumSet.copyOf(r.metrics()),
            List.copyOf(new LinkedHashSet<>(r.rhos())),
            EnumSet.copyOf(r.ucModes()),
            r.factorBins(),
            r.trainFraction(),
            r.maxTrain(),
            r.maxTest(),
            r.seed(),
            r.dciLearner());
    t0 = System.nanoTime();
    CodeScorer.Scores scores = CodeScorer.score(codes, ft.vocabularies(), options);
    listener.message(
        String.format(Locale.ROOT, "scored in %.1f s", (System.nanoTime() - t0) / 1e9));
    if (bootstrap < 0 || bootstrapLearned < 0) {
      throw new IllegalArgumentException(
          "--bootstrap and --bootstrap-learned must be ≥ 0, got "
              + bootstrap
              + " and "
              + bootstrapLearned);
    }
    Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
    List<String> warnings = new ArrayList<>(scores.warnings());
    int learned = Math.min(bootstrap, bootstrapLearned);
    if (bootstrap > 0) {
      t0 = System.nanoTime();
      uncertainty.putAll(
          CodeScorer.bootstrap(
              codes, ft.vocabularies(), options, scores.scores(), bootstrap, learned));
      uncertainty.keySet().retainAll(scores.scores().keySet());
      listener.message(
          String.format(
              Locale.ROOT,
              "bootstrap (B = %d, learned B = %d) in %.1f s",
              bootstrap,
              learned,
              (System.nanoTime() - t0) / 1e9));
      warnings.addAll(Bootstrap.biasWarnings(uncertainty));
      if (learned == 0) {
        warnings.add("--bootstrap-learned 0: DCI, SAP and explicitness have no standard error");
      }
    } else {
      warnings.add("bootstrap off (--bootstrap 0): the scores have no standard error");
    }
    Map<String, Object> params = new LinkedHashMap<>(options.asMap());
    params.put("bootstrap", bootstrap);
    params.put("bootstrapLearned", learned);
    Map<String, String> inputs = new LinkedHashMap<>();
    inputs.put("factors:" + factors, Provenance.sha256(factors));
    inputs.put("latents:" + latents, Provenance.sha256(latents));
    // the column names, so that a script reading the JSON of .npy tables knows the factors
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("columns", Map.of("factors", factorNames, "latents", latentNames));
    details.putAll(scores.details());
    ScoreReport report =
        new ScoreReport(
            "score-codes " + latents.getFileName(),
            scores.scores(),
            uncertainty,
            details,
            warnings,
            Provenance.now(inputs, options.seed(), params));
    return new Result(report, scores, codes);
  }
}
