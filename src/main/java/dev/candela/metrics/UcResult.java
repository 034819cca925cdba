package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;
import java.util.List;
import java.util.Objects;

/**
 * The Unconfoundedness score and the latent sets it compared ({@link Uc}). Its values are
 * immutable.
 *
 * @param score {@code UC = 1 − mean_{i<j} Jaccard(Z_i, Z_j)}, in [0, 1]
 * @param rho the number of latents selected per factor (ρ)
 * @param selection how the sets were chosen
 * @param sets per factor, the selected latents as ORIGINAL latent indices, increasing
 * @param jaccard {@code [factor][factor]} Jaccard similarities of the sets (diagonal 1)
 */
public record UcResult(
    double score, int rho, UcSelection selection, List<List<Integer>> sets, Matrix jaccard) {

  /** Validates the score range and shapes. */
  public UcResult {
    Objects.requireNonNull(selection, "selection");
    if (!(score >= 0 && score <= 1)) {
      throw new IllegalArgumentException("UC must be in [0, 1], got " + score);
    }
    if (rho < 1) {
      throw new SettingException(Setting.RHO, rho, "must be at least 1, got " + rho);
    }
    sets = Arrays2.copyRows(sets);
    if (jaccard.rows() != sets.size()) {
      throw new IllegalArgumentException(
          "jaccard has " + jaccard.rows() + " rows for " + sets.size() + " sets");
    }
  }

  @Override
  public String toString() {
    return RecordText.of(
        "UcResult", "score", score, "rho", rho, "selection", selection, "sets", sets);
  }
}
