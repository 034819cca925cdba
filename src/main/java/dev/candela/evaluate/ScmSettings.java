package dev.candela.evaluate;

import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.SettingText;
import dev.candela.causal.distance.LatentScmScore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of {@code evaluate}'s {@code scm} metric (the latent causal model against the true
 * causal model over the factors, {@link LatentScmScore}).
 *
 * @param truth {@code auto} (the dataset's known truth: CANDLE's rules-filtered product as in
 *     {@code datasets/causal/candle-factors.json}, the independent factors of dSprites, MPI3D and
 *     3dshapes; none for other datasets), {@code none}, or a causal-model JSON file
 * @param dag where the latent model's DAG comes from
 * @param samples k, draws per distribution of OD/ID/CD
 * @param evidence m, evidence rows of CD
 * @param replicates R, runs behind the standard errors and null baselines (≥ 2)
 */
public record ScmSettings(
    String truth, LatentScmScore.DagSource dag, int samples, int evidence, int replicates)
    implements java.io.Serializable {
  /** Checks the ranges. */
  public ScmSettings {
    Objects.requireNonNull(truth, "truth");
    Objects.requireNonNull(dag, "dag");
    if (samples < 2 || evidence < 0 || replicates < 2) {
      throw new SettingException(
          SettingText.of(
              Setting.SCM_SAMPLES,
              " must be >= 2, ",
              Setting.SCM_EVIDENCE,
              " >= 0 and ",
              Setting.SCM_REPLICATES,
              " >= 2, got " + samples + ", " + evidence + ", " + replicates),
          List.of(samples, evidence, replicates));
    }
  }

  /**
   * The defaults: the dataset's own truth, a learned DAG, k = 200, m = 3, R = 3.
   *
   * @return the settings
   */
  public static ScmSettings defaults() {
    LatentScmScore.Options d = LatentScmScore.Options.defaults(0);
    return new ScmSettings("auto", d.dag(), d.k(), d.m(), d.replicates());
  }

  /**
   * The settings for provenance.
   *
   * @return name to value
   */
  public Map<String, Object> asMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("scmTruth", truth);
    m.put("scmDag", dag.name().toLowerCase(java.util.Locale.ROOT));
    m.put("scmSamples", samples);
    m.put("scmEvidence", evidence);
    m.put("scmReplicates", replicates);
    return m;
  }
}
