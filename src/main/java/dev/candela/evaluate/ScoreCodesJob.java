package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.BadSettingException;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.Provenance;
import dev.candela.Setting;
import dev.candela.SettingText;
import dev.candela.data.CodeTables;
import dev.candela.metrics.CodeMemory;
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
import java.util.Optional;
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
   * @param irsQuantile IRS's quantile of the within-group deviations, in (0, 1]
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
      List<String> latentNames,
      double irsQuantile) {}

  /** Refuses a ρ beyond the latents and a train fraction outside (0, 1). */
  private static void checkSettings(Request r, int numLatents) throws BadInputException {
    for (int rho : r.rhos()) {
      if (rho < 1 || rho > numLatents) {
        throw new BadSettingException(
            SettingText.of(
                r.latents() + ": ",
                Setting.RHO,
                " must be in 1.." + numLatents + " (its latents), got " + rho));
      }
    }
    if (!(r.trainFraction() > 0 && r.trainFraction() < 1)) {
      throw new BadSettingException(
          SettingText.of(Setting.TRAIN_FRACTION, " must be in (0, 1), got " + r.trainFraction()));
    }
  }

  /** The scoring options of a request. */
  private static CodeScorer.Options options(Request r) {
    return new CodeScorer.Options(
        EnumSet.copyOf(r.metrics()),
        List.copyOf(new LinkedHashSet<>(r.rhos())),
        EnumSet.copyOf(r.ucModes()),
        r.factorBins(),
        r.trainFraction(),
        r.maxTrain(),
        r.maxTest(),
        r.seed(),
        r.dciLearner(),
        r.irsQuantile());
  }

  /**
   * Reads the tables and scores them.
   *
   * @param r what to score
   * @param listener timings
   * @return the result
   * @throws CandelaException when a table cannot be read or a ρ is out of range
   */
  public static Result score(Request r, Progress listener) throws CandelaException {
    Path factors = r.factors();
    Path latents = r.latents();
    long t0 = System.nanoTime();
    CodeMemory.Jvm jvm = CodeMemory.Jvm.current();
    CodeScorer.IntervalOptions intervals =
        CodeScorer.IntervalOptions.of(r.replicates(), r.refits());
    Optional<CodeTables.Shape> fs = CodeTables.shape(factors);
    Optional<CodeTables.Shape> ls = CodeTables.shape(latents);
    if (fs.isPresent() && ls.isPresent() && fs.get().rows() != ls.get().rows()) {
      throw CodeTables.rowCountsDiffer(factors, fs.get().rows(), latents, ls.get().rows());
    }
    if (ls.isPresent()) {
      checkSettings(r, ls.get().columns());
    }
    // the factors first (small): with their codes known, the memory check of a .npy latent table
    // comes before gigabytes of it are read
    CodeTables.FactorTable ft = CodeTables.readFactors(factors);
    long largestGroup = CodeMemory.largestIrsGroup(ft.codes(), ft.vocabularies(), r.factorBins());
    if (ls.isPresent()) {
      if (ft.rows() != ls.get().rows()) {
        throw CodeTables.rowCountsDiffer(factors, ft.rows(), latents, ls.get().rows());
      }
      ScoreCodesMemory.require(
          factors,
          latents,
          ls.get().rows(),
          ls.get().columns(),
          ft.columns().size(),
          largestGroup,
          options(r),
          intervals,
          jvm);
    }
    CodeTables.NumericTable lt = CodeTables.readLatents(latents);
    if (ft.rows() != lt.rows()) {
      throw CodeTables.rowCountsDiffer(factors, ft.rows(), latents, lt.rows());
    }
    checkSettings(r, lt.columns().size());
    CodeScorer.Options options = options(r);
    if (ls.isEmpty()) {
      ScoreCodesMemory.require(
          factors,
          latents,
          lt.rows(),
          lt.columns().size(),
          ft.columns().size(),
          largestGroup,
          options,
          intervals,
          jvm);
    }
    List<String> factorNames =
        CodeTables.rename(Setting.FACTOR_NAMES, factors, ft.columns(), r.factorNames());
    List<String> latentNames =
        CodeTables.rename(Setting.LATENT_NAMES, latents, lt.columns(), r.latentNames());
    listener.message(
        String.format(
            Locale.ROOT,
            "read %d rows: %d factors, %d latents (%.1f s)",
            lt.rows(),
            ft.columns().size(),
            lt.columns().size(),
            (System.nanoTime() - t0) / 1e9));
    LatentCodes codes = new LatentCodes(lt.values(), ft.codes(), latentNames, factorNames);
    t0 = System.nanoTime();
    CodeRun run =
        CodeRun.score(
            codes,
            ft.vocabularies(),
            options,
            (keys, seconds) ->
                listener.message(
                    String.format(
                        Locale.ROOT,
                        "metric %s: %.1f s",
                        keys.get(0).replaceAll("[@.].*", ""),
                        seconds)));
    CodeScorer.Scores scores = run.scores();
    listener.message(
        String.format(Locale.ROOT, "scored in %.1f s", (System.nanoTime() - t0) / 1e9));
    List<String> warnings = new ArrayList<>(scores.warnings());
    int n = codes.numSamples();
    Map<String, Object> replicateDetails = new LinkedHashMap<>();
    Map<String, Uncertainty> uncertainty =
        run.intervals(
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
