package dev.candela.report;

import dev.candela.metrics.cg.CgSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The plain-text summary of a finished counterfactual job, as {@code counterfactuals} prints it.
 */
public final class CounterfactualText {
  private CounterfactualText() {}

  /**
   * How the sets Z_I were chosen.
   *
   * @param reused whether the evaluation samples' codes were read back from an earlier run
   * @param samples the evaluation samples (Z_I and the baseline statistics come from them)
   * @param irs their IRS score
   * @param rho latents per factor in Z_I
   * @param uc its UC score
   */
  public record Selection(boolean reused, int samples, double irs, int rho, double uc) {}

  /**
   * Where the codes came from and what the job wrote.
   *
   * @param population the samples drawn from ({@code 0..population−1})
   * @param cgSamples the CG samples
   * @param chunksComputed chunks computed by this run
   * @param chunksSkipped chunks reused from an earlier run
   * @param summaryFile the summary file
   * @param encoded codes this run encoded
   * @param reused codes read back from an earlier run
   * @param codesFile the name of the codes file
   */
  public record Work(
      int population,
      int cgSamples,
      int chunksComputed,
      int chunksSkipped,
      Path summaryFile,
      long encoded,
      long reused,
      String codesFile) {}

  /**
   * The summary: a header line, the per-factor table and the chunk and code counts.
   *
   * @param s the CG summary
   * @param sel the selection
   * @param w the work done
   * @return the text, with a newline after every line
   */
  public static String render(CgSummary s, Selection sel, Work w) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"factor", "Z_I", "CG", "mean ICE_I", "mean ICE_\\I", "samples"});
    for (CgSummary.FactorScore f : s.factors()) {
      rows.add(
          new String[] {
            f.name(),
            f.set().toString(),
            fmt(f.cg()),
            fmt(f.meanIceIntervened()),
            fmt(f.meanIceComplement()),
            Long.toString(f.numSamples())
          });
    }
    rows.add(new String[] {"CG", "", fmt(s.score()), "", "", Long.toString(s.numSamples())});
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "counterfactuals: %d CG samples of %d evaluation samples drawn from samples 0..%d,"
                + " baseline %s, Z_I from the evaluation samples%s (IRS %s, UC(%d) %s)%n",
            w.cgSamples(),
            sel.samples(),
            w.population() - 1,
            s.baseline().id(),
            sel.reused() ? " (codes of the earlier run)" : "",
            fmt(sel.irs()),
            sel.rho(),
            fmt(sel.uc())));
    sb.append(TextTable.render(rows));
    sb.append(
        String.format(
            Locale.ROOT,
            "chunks: %d computed, %d reused; summary: %s%n",
            w.chunksComputed(),
            w.chunksSkipped(),
            w.summaryFile()));
    sb.append(
        String.format(
            Locale.ROOT,
            "codes: %d encoded, %d read back from the earlier run (%s)%n",
            w.encoded(),
            w.reused(),
            w.codesFile()));
    return sb.toString();
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.4f", v);
  }
}
