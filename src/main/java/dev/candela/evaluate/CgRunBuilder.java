package dev.candela.evaluate;

import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.model.hosting.DeviceChoice;

/**
 * The settings ({@link CgRunSettings} and the grid samples) that {@link EvaluationOptionsBuilder}
 * and {@link CounterfactualSettings.Builder} share, each starting at {@code evaluate}'s default:
 * how CG's latent sets are chosen, CG's baseline and read-out, the images per engine call, the
 * device and the samples of the counterfactual grids.
 *
 * @param <B> the builder itself, which the setters return
 */
public abstract class CgRunBuilder<B extends CgRunBuilder<B>> {
  UcSelection ucSelection = UcSelection.TOPK;
  CgBaseline baseline = CgBaseline.MAX_DEVIATION;
  CgReadout readout = CgReadout.DEFAULT;
  int batchSize = 256;
  DeviceChoice device = DeviceChoice.AUTO;
  int gridSamples = 8;

  CgRunBuilder() {}

  /**
   * Starts the shared settings from a CG run's.
   *
   * @param run the settings
   */
  void cgRun(CgRunSettings run) {
    ucSelection = run.ucSelection();
    baseline = run.baseline();
    readout = run.readout();
    batchSize = run.batchSize();
    device = run.device();
  }

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  /**
   * @param v how the latent sets Z_I are chosen from the IRS matrix (default top-k)
   * @return this
   */
  public B ucSelection(UcSelection v) {
    ucSelection = v;
    return self();
  }

  /**
   * @param v CG's baseline (default max-deviation)
   * @return this
   */
  public B baseline(CgBaseline v) {
    baseline = v;
    return self();
  }

  /**
   * @param v how CG reads the classifier (default {@link CgReadout#DEFAULT}, tolerant)
   * @return this
   */
  public B readout(CgReadout v) {
    readout = v;
    return self();
  }

  /**
   * @param v images per engine call (default 256)
   * @return this
   */
  public B batchSize(int v) {
    batchSize = v;
    return self();
  }

  /**
   * @param v {@code auto}, {@code cpu}, {@code gpu} or {@code gpu:K} (default auto)
   * @return this
   */
  public B device(String v) {
    device = DeviceChoice.parse(v);
    return self();
  }

  /**
   * @param v samples per counterfactual grid (default 8; {@link CounterfactualSettings} takes 0 for
   *     none)
   * @return this
   */
  public B gridSamples(int v) {
    gridSamples = v;
    return self();
  }
}
