package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.CodeTables;
import dev.candela.metrics.CodeContext;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.DciLearner;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.stats.BiasNote;
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
 * code metrics of {@link CodeScorer} and their intervals, into a {@link ScoreReport}.
 */
public final class ScoreCodesJob {
  private ScoreCodesJob() {}

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
   * @param replicates interval replicates R ({@link CodeScorer.IntervalOptions#of}; 0 = off)
   * @param refits half-sample refits of the learned scores (even; 0 = none)
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
      int replicates,
      int refits,
      DciLearner dciLearner,
      List<String> factorNames,
      List<String> latentNames) {}

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
    long t0 = System.nanoTime();
    CodeTables.Paired tables = CodeTables.readPaired(factors, latents);
    CodeTables.FactorTable ft = tables.factors();
    CodeTables.NumericTable lt = tables.latents();
    for (int rho : r.rhos()) {
      if (rho < 1 || rho > lt.columns().size()) {
        throw new BadInputException(
            latents + ": rho must be in 1.." + lt.columns().size() + " (its latents), got " + rho);
      }
    }
    if (!(r.trainFraction() > 0 && r.trainFraction() < 1)) {
      throw new BadInputException("train fraction must be in (0, 1), got " + r.trainFraction());
    }
    List<String> factorNames =
        CodeTables.rename("factor names", factors, ft.columns(), r.factorNames());
    List<String> latentNames =
        CodeTables.rename("latent names", latents, lt.columns(), r.latentNames());
    listener.message(
        String.format(
            Locale.ROOT,
            "read %d rows: %d factors, %d latents (%.1f s)",
            lt.rows(),
            ft.columns().size(),
            lt.columns().size(),
            (System.nanoTime() - t0) / 1e9));
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
    CodeContext context = new CodeContext(codes, ft.vocabularies(), options);
    CodeScorer.Scores scores = CodeScorer.score(context, true);
    listener.message(
        String.format(Locale.ROOT, "scored in %.1f s", (System.nanoTime() - t0) / 1e9));
    List<String> warnings = new ArrayList<>(scores.warnings());
    int n = codes.numSamples();
    Map<String, Object> replicateDetails = new LinkedHashMap<>();
    Map<String, Uncertainty> uncertainty =
        CodeStage.intervals(
            context,
            scores,
            scores.scores().keySet(),
            r.replicates(),
            r.refits(),
            "IRS, UC, MIG and Modularity",
            warnings,
            replicateDetails,
            listener);
    BiasNote.line(scores.scores().keySet(), n).ifPresent(warnings::add);
    Map<String, Object> params = new LinkedHashMap<>(options.asMap());
    params.put("replicates", r.replicates());
    params.put("refits", r.refits());
    params.put("rows", n);
    Map<String, String> inputs = new LinkedHashMap<>();
    inputs.put("factors:" + factors, Provenance.sha256(factors));
    inputs.put("latents:" + latents, Provenance.sha256(latents));
    // the column names, so that a script reading the JSON of .npy tables knows the factors
    Map<String, Object> details = new LinkedHashMap<>();
    Map<String, Object> columns = new LinkedHashMap<>(); // Map.of's order changes between runs
    columns.put("factors", factorNames);
    columns.put("latents", latentNames);
    details.put("columns", columns);
    details.putAll(scores.details());
    details.putAll(replicateDetails);
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
