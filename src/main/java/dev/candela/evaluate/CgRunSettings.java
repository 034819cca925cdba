package dev.candela.evaluate;

import dev.candela.Setting;
import dev.candela.SettingChecks;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.model.hosting.DeviceChoice;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The settings of a CG run that {@link EvaluationOptions} ({@code evaluate}) and {@link
 * CounterfactualSettings} ({@code counterfactuals}) both carry, checked and recorded in one place:
 * how the latent sets are chosen, CG's baseline and read-out, the images per engine call and the
 * device. {@link CgRunBuilder} holds their defaults.
 *
 * @param ucSelection how the sets Z_I are chosen from the IRS matrix
 * @param baseline CG's baseline
 * @param readout how CG (and the classifier check that gates it) reads the classifier
 * @param batchSize images per engine call (≥ 1)
 * @param device {@code auto}, {@code cpu}, {@code gpu} or {@code gpu:K}
 */
record CgRunSettings(
    UcSelection ucSelection,
    CgBaseline baseline,
    CgReadout readout,
    int batchSize,
    DeviceChoice device) {

  /** Checks that every choice is given and that the batch holds at least one image. */
  CgRunSettings {
    Objects.requireNonNull(ucSelection, "ucSelection");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(readout, "readout");
    Objects.requireNonNull(device, "device");
    SettingChecks.atLeast(batchSize, 1, Setting.BATCH_SIZE);
  }

  /**
   * Adds CG's choices to a provenance map in the spelling both commands record: {@code
   * ucSelection}, {@code cgBaseline}, {@code cgReadout}, in that order.
   *
   * @param params the map, in provenance order
   */
  void putChoices(Map<String, Object> params) {
    params.put("ucSelection", ucSelection.name().toLowerCase(Locale.ROOT));
    params.put("cgBaseline", baseline.id());
    params.put("cgReadout", readout.id());
  }
}
