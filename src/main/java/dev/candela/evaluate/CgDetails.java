package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.metrics.cg.CgImageChecks;
import dev.candela.metrics.cg.CgLatentActivity;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.model.hosting.ClassifierQuality;
import dev.candela.report.EvaluationPage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What {@link CgStage} reports beside its scores, built from its finished run: the {@code cg}
 * details (the run's settings and summary, the classifier check, the latent sets, the latent
 * activity, the image checks and the aggregate's reliability), the warnings, the per-score notes,
 * and the page's view of them.
 */
final class CgDetails {
  private CgDetails() {}

  /**
   * What the CG run produced, for its details.
   *
   * @param summary the CG summary
   * @param samples the CG samples scored
   * @param sel the selection (sets, UC sets, activity, excluded factors)
   * @param scored the factors CG scored
   * @param clfCheck the classifier's check
   * @param images the image checks, or {@code null}
   */
  record Run(
      CgSummary summary,
      int samples,
      SelectionPass sel,
      List<String> scored,
      ModelFitness.ClassifierCheck clfCheck,
      CgImageChecks images) {}

  /**
   * The stage's details, warnings and notes.
   *
   * @param details the {@code cg} details
   * @param warnings the selection's, the classifier check's, the image checks' and the aggregate's
   *     warnings
   * @param notes per score key, the classifier's accuracy on the factor (and the aggregate's
   *     warning on {@code cg})
   * @param view what the page's CG section shows
   */
  record Built(
      Map<String, Object> details,
      List<String> warnings,
      Map<String, String> notes,
      EvaluationPage.CgView view) {}

  /**
   * Builds the details of a finished CG run.
   *
   * @param c the evaluation (settings, latent statistics, VAE check, factor names)
   * @param r the run
   * @return the details, warnings and notes
   * @throws CandelaException when the VAE check cannot be made
   */
  static Built build(EvaluationContext c, Run r) throws CandelaException {
    EvaluationSettings s = c.settings();
    ModelFitness.VaeCheck vaeCheck = c.models().vaeCheck();
    List<String> names = c.codeScoresWithIrs().factorNames();
    SelectionPass sel = r.sel();
    List<String> scored = r.scored();
    ModelFitness.ClassifierCheck clfCheck = r.clfCheck();
    Map<String, Object> cgDetails = new LinkedHashMap<>();
    cgDetails.put("rho", s.rhos().get(0));
    cgDetails.put("samples", r.samples());
    cgDetails.put("ucSelection", s.ucSelection().name().toLowerCase(Locale.ROOT));
    cgDetails.put("readout", s.readout().id());
    cgDetails.put("summary", r.summary());
    cgDetails.put("iceFile", Evaluation.ICE_CSV);
    cgDetails.put("latentStats", c.latentStats());
    cgDetails.put("classifierAccuracy", clfCheck.accuracy());
    List<String> unreliable = new ArrayList<>(clfCheck.unreliable());
    unreliable.retainAll(scored);
    cgDetails.put("unreliableFactors", unreliable);
    cgDetails.put("sets", setsOf(names, sel.sets()));
    cgDetails.put("ucSets", setsOf(names, Arrays2.ints2(sel.uc().sets())));
    cgDetails.put("activity", activity(sel.activity(), vaeCheck));
    cgDetails.put("excluded", excludedOf(sel));
    List<String> warnings = new ArrayList<>(sel.warnings());
    warnings.addAll(clfCheck.warnings());
    CgImageChecks images = r.images();
    List<String> imageFlagged = new ArrayList<>();
    if (images != null) {
      Map<String, Object> ic = new LinkedHashMap<>();
      // ordered (Map.of's order changes from one JVM to the next)
      Map<String, Object> real = new LinkedHashMap<>();
      real.put("images", vaeCheck.images());
      real.put("meanPixelMass", vaeCheck.pixelMassMean());
      real.put("sdPixelMass", vaeCheck.pixelMassSd());
      ic.put("real", real);
      ic.put(
          "rule",
          String.format(
              Locale.ROOT,
              "warn when the mean confidence on x_I or x_\\I is below %.2f, or a role's mean"
                  + " pixel mass lies outside the real images' mean ± %.2f sd",
              CgImageChecks.MIN_CONFIDENCE,
              CgImageChecks.MASS_SHIFT_SD));
      ic.put("samples", images.samples());
      ic.put("factors", images.factors());
      cgDetails.put("imageChecks", ic);
      List<String> iw = images.warnings(vaeCheck.pixelMassMean(), vaeCheck.pixelMassSd());
      for (String f : scored) {
        if (iw.stream().anyMatch(w -> w.startsWith("cg." + f + ":"))) {
          imageFlagged.add(f);
        }
      }
      warnings.addAll(iw);
    }
    Map<String, Object> aggregate =
        aggregate(scored, unreliable, imageFlagged, sel.excluded().keySet());
    cgDetails.put("aggregate", aggregate);
    Map<String, String> notes = notes(names, clfCheck);
    if (!Boolean.TRUE.equals(aggregate.get("reliable"))) {
      String line = (String) aggregate.get("warning");
      warnings.add(line);
      notes.put("cg", "⚠ " + line);
    }
    Set<String> flagged = new LinkedHashSet<>(unreliable);
    flagged.addAll(imageFlagged);
    return new Built(cgDetails, warnings, notes, view(r.summary(), s, flagged, excludedOf(sel)));
  }

  /** What the page's CG section shows, from the run's summary, settings and flags. */
  private static EvaluationPage.CgView view(
      CgSummary summary,
      EvaluationSettings s,
      Set<String> flagged,
      Map<String, List<String>> excluded) {
    List<String> names = new ArrayList<>();
    Map<String, int[]> sets = new LinkedHashMap<>();
    for (CgSummary.FactorScore fs : summary.factors()) {
      names.add(fs.name());
      sets.put(fs.name(), Arrays2.ints(fs.set()));
    }
    return new EvaluationPage.CgView(
        names,
        summary.perFactor(),
        s.rhos().get(0),
        s.baseline().id(),
        s.readout().id(),
        sets,
        flagged,
        excluded);
  }

  /**
   * Whether the mean {@code cg} rests on reliable parts: {@code reliable}, the flagged parts
   * ({@code unreliable}: the classifier check; {@code imageChecks}: the counterfactual images) and
   * the {@code excluded} factors, and the {@code warning} line when any is non-empty.
   *
   * @param scored the factors averaged
   * @param unreliable the classifier check's unreliable factors among them
   * @param imageFlagged the factors with an image-check warning
   * @param excluded the excluded factors
   * @return the aggregate's record
   */
  static Map<String, Object> aggregate(
      List<String> scored,
      List<String> unreliable,
      List<String> imageFlagged,
      Collection<String> excluded) {
    Set<String> flagged = new LinkedHashSet<>(unreliable);
    flagged.addAll(imageFlagged);
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("reliable", flagged.isEmpty() && excluded.isEmpty());
    a.put("factors", List.copyOf(scored));
    a.put("flagged", List.copyOf(flagged));
    a.put("unreliable", List.copyOf(unreliable));
    a.put("imageChecks", List.copyOf(imageFlagged));
    a.put("excluded", List.copyOf(excluded));
    if (!flagged.isEmpty() || !excluded.isEmpty()) {
      List<String> parts = new ArrayList<>();
      if (!flagged.isEmpty()) {
        parts.add(
            flagged.size()
                + " of its "
                + scored.size()
                + " parts are flagged ("
                + String.join(", ", flagged)
                + (unreliable.isEmpty() ? "" : "; classifier unreliable: " + unreliable)
                + (imageFlagged.isEmpty() ? "" : "; image checks: " + imageFlagged)
                + ")");
      }
      if (!excluded.isEmpty()) {
        parts.add(
            "factors "
                + excluded
                + " are excluded (carried only by latents the decoder does not use)");
      }
      a.put(
          "warning",
          "cg is not reliable as a whole: "
              + String.join("; ", parts)
              + (flagged.size() == scored.size() ? "; every part it averages is flagged" : ""));
    }
    return a;
  }

  /** Factor name to its latent set. */
  private static Map<String, int[]> setsOf(List<String> names, int[][] sets) {
    Map<String, int[]> out = new LinkedHashMap<>();
    for (int k = 0; k < names.size(); k++) {
      out.put(names.get(k), sets[k]);
    }
    return out;
  }

  /** {@code details.cg.activity}: the rule and per latent s_j, active, and the KL when known. */
  private static Map<String, Object> activity(CgLatentActivity act, ModelFitness.VaeCheck vae) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put(
        "rule",
        String.format(
            Locale.ROOT,
            "latent j is inert when its decoder sensitivity s_j (mean absolute pixel change when"
                + " z_j is set to CG's baseline, over %d samples) < %s x the largest",
            act.samples(),
            CgLatentActivity.INERT_SHARE));
    out.put("threshold", act.threshold());
    List<Map<String, Object>> latents = new ArrayList<>();
    double[] s = act.sensitivity();
    double[] kl = vae == null ? null : vae.klPerLatent();
    for (int j = 0; j < s.length; j++) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("latent", "z" + j);
      m.put("sensitivity", s[j]);
      m.put("active", act.isActive(j));
      if (kl != null && j < kl.length) {
        m.put("kl", kl[j]);
      }
      latents.add(m);
    }
    out.put("latents", latents);
    return out;
  }

  /** {@code details.cg.excluded}: factor to the inert latents that carry it. */
  private static Map<String, List<String>> excludedOf(SelectionPass sel) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    sel.excluded().forEach((f, l) -> out.put(f, Arrays.stream(l).mapToObj(j -> "z" + j).toList()));
    return out;
  }

  /**
   * The card's held-out accuracy (symmetry-aware where recorded) and, measured here, on the VAE's
   * reconstructions: the numbers that decide whether {@code cg.<factor>} is reliable.
   */
  private static Map<String, String> notes(
      List<String> names, ModelFitness.ClassifierCheck clfCheck) {
    Map<String, String> notes = new LinkedHashMap<>();
    for (String f : names) {
      Map<String, Object> a = clfCheck.accuracy().get(f);
      if (a != null) {
        notes.put(
            "cg." + f,
            String.format(
                Locale.ROOT,
                "classifier accuracy: held-out %s, on reconstructions %.3f (%s read-out%s)",
                a.get("card") instanceof Number c
                    ? String.format(Locale.ROOT, "%.3f", c.doubleValue())
                    : "n/a",
                ((ClassifierQuality.Accuracy) a.get("reconstructions")).value(),
                a.get("readout"),
                Boolean.TRUE.equals(a.get("symmetryAware")) ? ", symmetry-aware" : ""));
      }
    }
    return notes;
  }
}
