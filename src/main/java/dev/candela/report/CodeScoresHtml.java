package dev.candela.report;

import dev.candela.CandelaException;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.DciResult;
import dev.candela.metrics.DcimigResult;
import dev.candela.metrics.IrsResult;
import dev.candela.metrics.JemmigResult;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.MigResult;
import dev.candela.metrics.MigSupResult;
import dev.candela.metrics.SapContinuousResult;
import dev.candela.metrics.SapResult;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.UcStability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The human report of a scored representation: the score table, the IRS heat map and matrix, the UC
 * latent sets, MIG per factor, the DCI importance heat map and the SAP matrix, warnings and
 * provenance, in one self-contained HTML page.
 */
public final class CodeScoresHtml {

  private CodeScoresHtml() {}

  /**
   * Builds the page (callers may add sections before writing).
   *
   * @param report the report (scores, warnings, provenance)
   * @param scores the detailed results
   * @param codes the codes that were scored (for latent names)
   * @return the page under construction
   */
  public static HtmlReport build(ScoreReport report, CodeScorer.Scores scores, LatentCodes codes) {
    HtmlReport page = new HtmlReport(report.title());
    headline(page, report, Map.of());
    List<String> factors = scores.factorNames();
    IrsResult irs = scores.irs();
    if (irs != null) {
      List<String> rows = new ArrayList<>();
      for (int j : irs.activeLatents()) {
        rows.add(codes.latentNames().get(j));
      }
      double lo = Math.min(0, irs.matrix().stream().min().orElse(0));
      page.section("Interventional robustness (IRS)");
      page.figurePng(
          "IRS matrix: active latents × factors (1 = the latent is robust to changes of the other factors)",
          Charts.heatMap("IRS", rows, factors, irs.matrix().toArray(), lo, 1).png());
      double[][] perLatent = new double[rows.size()][];
      for (int r = 0; r < rows.size(); r++) {
        perLatent[r] = new double[] {irs.perLatent().get(r), irs.maxDeviation().get(r)};
      }
      page.matrix("IRS per latent", rows, List.of("score", "max_dev"), perLatent);
    }
    if (scores.details().get("uc") instanceof Map<?, ?> uc && !uc.isEmpty()) {
      Map<?, ?> stability =
          report.details().get("ucStability") instanceof Map<?, ?> m ? m : Map.of();
      List<String> items = new ArrayList<>();
      uc.forEach(
          (k, v) -> {
            UcResult r = (UcResult) v;
            UcStability held = stability.get(k) instanceof UcStability st ? st : null;
            StringBuilder sb = new StringBuilder(k + " = " + HtmlReport.fmt(r.score()) + ": ");
            for (int f = 0; f < factors.size(); f++) {
              List<String> names = new ArrayList<>();
              for (int j : r.sets().get(f)) {
                names.add(codes.latentNames().get(j));
              }
              sb.append(factors.get(f)).append(" → ").append(names);
              Double same = held == null ? null : held.sameSet().get(factors.get(f));
              if (same != null) {
                sb.append(String.format(Locale.ROOT, " (%.0f%%)", 100 * same));
              }
              sb.append(f + 1 < factors.size() ? "; " : "");
            }
            if (held != null) {
              sb.append(
                  String.format(
                      Locale.ROOT,
                      " — in parentheses, how often the set held across the %d half samples of"
                          + " its interval (N/2 rows each: they tend to understate its stability at"
                          + " N)",
                      held.halfSamples()));
            }
            items.add(sb.toString());
          });
      page.list("Unconfoundedness (UC): latent sets Z_i per factor", items);
    }
    if (scores.details().get("mig") instanceof MigResult mig) {
      page.section("Mutual information gap (MIG)");
      page.figurePng(
          "MIG per factor (gap / H(f))",
          Charts.bars("MIG per factor", factors, mig.gap().toArray(), null, null).png());
      page.matrix(
          "Mutual information (nats): latents × factors",
          codes.latentNames(),
          factors,
          mig.mutualInformation().toArray());
    }
    if (scores.details().get("dci") instanceof DciResult dci) {
      String learner =
          switch (dci.learner()) {
            case LASSO -> "lasso regression, importance |coefficient|";
            case RANDOM_FOREST -> "random-forest regression";
            default -> "gradient-boosted trees";
          };
      page.section("DCI (" + learner + ")");
      double max = dci.importance().stream().max().orElse(1);
      page.figurePng(
          "DCI importance: latents × factors",
          Charts.heatMap(
                  "DCI importance",
                  dci.split().latentNames(),
                  dci.split().factorNames(),
                  dci.importance().toArray(),
                  0,
                  Math.max(max, 1e-12))
              .png());
    }
    if (scores.details().get("latent_mi") instanceof dev.candela.metrics.LatentMiResult mi) {
      page.matrix(
          "Latent MI: mutual information (nats) between the binned latents (diagonal: entropies)",
          codes.latentNames(),
          codes.latentNames(),
          mi.mutualInformation().toArray());
    }
    if (scores.details().get("sap") instanceof SapResult sap) {
      page.matrix(
          "SAP: test accuracy of a linear SVM per latent × factor",
          codes.latentNames(),
          factors,
          sap.scoreMatrix().toArray());
    }
    miFamily(page, scores, codes, factors);
    if (scores.details().get("fos") instanceof dev.candela.metrics.FosResult fos) {
      page.matrix(
          "FoS: mean Hausdorff distance d_H(a, b) between the joint and the factorized support of"
              + " each pair of latents, over "
              + fos.batches()
              + " batches of "
              + fos.batchSize()
              + " rows",
          codes.latentNames(),
          codes.latentNames(),
          fos.pairMean().toArray());
    }
    if (scores.details().get("dci_es") instanceof dev.candela.metrics.DciEsResult es) {
      List<String> depths = es.capacities().stream().mapToObj(c -> "depth " + (int) c).toList();
      page.matrix(
          "DCI-ES: loss-capacity curves, 1 − test R² of random forests of "
              + es.trees()
              + " trees per factor × maximum depth (baseline loss "
              + es.baselineLoss()
              + ")",
          es.split().factorNames(),
          depths,
          es.losses().toArray());
    }
    return page;
  }

  /** MIG-sup, JEMMIG, DCIMIG and SAP continuous (docs/metrics-mi-family.md), where computed. */
  private static void miFamily(
      HtmlReport page, CodeScorer.Scores scores, LatentCodes codes, List<String> factors) {
    Map<String, Double> values = new java.util.LinkedHashMap<>();
    if (scores.details().get("mig_sup") instanceof MigSupResult m) {
      for (int j = 0; j < m.gap().length(); j++) {
        values.put("MIG-sup gap of " + codes.latentNames().get(j), m.gap().get(j));
      }
      if (!Double.isNaN(m.latentNormalisedScore())) {
        values.put("MIG-sup as ubisoft-laforge normalises (by H(z))", m.latentNormalisedScore());
      }
    }
    if (scores.details().get("jemmig") instanceof JemmigResult m) {
      for (int k = 0; k < factors.size(); k++) {
        values.put("JEMMIG of " + factors.get(k) + " (nats, lower is better)", m.raw().get(k));
      }
    }
    if (scores.details().get("dcimig") instanceof DcimigResult m) {
      for (int k = 0; k < factors.size(); k++) {
        values.put("DCIMIG gap S_k of " + factors.get(k) + " (nats)", m.factorGap().get(k));
      }
    }
    if (!values.isEmpty()) {
      page.keyValues("MI family: per-latent and per-factor terms", values);
    }
    if (scores.details().get("sap_continuous") instanceof SapContinuousResult sc) {
      page.matrix(
          "SAP continuous: R² of a line per latent × factor on the test rows (on the train rows, as"
              + " disentanglement_lib: "
              + HtmlReport.fmt(sc.trainRowsScore())
              + ")",
          codes.latentNames(),
          factors,
          sc.scoreMatrix().toArray());
    }
  }

  /**
   * Sets the page's headline table from a report: every score with its SE and 95% interval, and
   * beside each score the given note and the warnings that name the score's factor (the part after
   * the last dot of its id, e.g. {@code cg.shape} and a warning mentioning {@code 'shape'}).
   *
   * @param page the page
   * @param report the report
   * @param notes extra notes per metric id (e.g. the classifier's accuracy beside CG)
   */
  public static void headline(HtmlReport page, ScoreReport report, Map<String, String> notes) {
    Map<String, String> all = new java.util.LinkedHashMap<>();
    Map<String, String> uc = ucNotes(report.details());
    for (String k : report.scores().keySet()) {
      List<String> parts = new ArrayList<>();
      if (uc.containsKey(k)) {
        parts.add(uc.get(k));
      }
      if (notes.containsKey(k)) {
        parts.add(notes.get(k));
      }
      String factor = k.substring(k.lastIndexOf('.') + 1);
      if (k.contains(".")) {
        for (String w : report.warnings()) {
          if (w.contains("'" + factor + "'")) {
            parts.add("⚠ " + w);
          }
        }
      }
      if (!parts.isEmpty()) {
        all.put(k, String.join("; ", parts));
      }
    }
    page.headline(
        "Scores: value ± standard error, 95% interval, and how they were estimated",
        report.scores(), report.uncertainty(), all);
  }

  /**
   * The note beside each UC score: UC is lattice-valued (it moves in steps of {@link Uc#step} =
   * 2/(F(F−1)(2ρ−1)), and only when a factor's selected latents change), so its interval, a normal
   * interval around a lattice value, is conservative: the coverage study measured 0.99 where 95% is
   * claimed, and no interval with fixed offsets from the score reaches 0.93–0.97 on its model
   * (docs/evaluate.md, {@code bench coverage}).
   *
   * @param details a report's details ({@code uc}: report key to {@link UcResult}; anything else,
   *     e.g. details read back from JSON, gives no note)
   * @return UC report key to its note
   */
  public static Map<String, String> ucNotes(Map<String, Object> details) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    if (details.get("uc") instanceof Map<?, ?> uc) {
      uc.forEach(
          (k, v) -> {
            if (v instanceof UcResult r && r.sets().size() >= 2) {
              int factors = r.sets().size();
              out.put(
                  String.valueOf(k),
                  String.format(
                      Locale.ROOT,
                      "lattice-valued: moves in steps of %.3g (F = %d factors, ρ = %d), only when a"
                          + " factor's selected latents change; its interval is conservative"
                          + " (covered 0.99 where 95%% is claimed in the coverage study,"
                          + " docs/evaluate.md)",
                      Uc.step(factors, r.rho()),
                      factors,
                      r.rho()));
            }
          });
    }
    return out;
  }

  /**
   * Adds the closing sections: the warnings and the provenance, once each.
   *
   * @param page the page
   * @param report the report
   */
  public static void trailer(HtmlReport page, ScoreReport report) {
    page.list("Warnings", report.warnings());
    page.json("Provenance", report.provenance());
  }

  /**
   * Builds and writes the page.
   *
   * @param report the report
   * @param scores the detailed results
   * @param codes the scored codes
   * @param file the destination
   * @throws CandelaException when the file cannot be written
   */
  public static void write(
      ScoreReport report, CodeScorer.Scores scores, LatentCodes codes, Path file)
      throws CandelaException {
    HtmlReport page = build(report, scores, codes);
    trailer(page, report);
    page.write(file);
  }
}
