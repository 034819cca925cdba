package dev.candela.model.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.SettingText;
import dev.candela.data.FactorDataset;
import dev.candela.metrics.stats.Arrays2;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The semi-supervised ({@code ss-}) term: BCE-with-logits of the first k encoder means against the
 * labelled samples' factor codes scaled to [0, 1], summed and divided by the labelled count,
 * weighted (records {@code sup}; nothing when the batch has no labelled sample).
 */
final class SupervisedTerm implements VaeLoss.LossTerm {
  private final int factors;
  private final float weight;

  SupervisedTerm(int factors, double weight) {
    this.factors = factors;
    this.weight = (float) weight;
  }

  /**
   * The factors the term supervises: those with more than one value, in order (none unless the
   * objective is semi-supervised).
   *
   * @param ds the dataset
   * @param cfg the configuration
   * @return the factor indices
   * @throws IllegalArgumentException when no factor varies or the latent size is too small
   */
  static int[] factors(FactorDataset ds, VaeTrainingConfig cfg) {
    if (!cfg.objective().semiSupervised()) {
      return new int[0];
    }
    int[] f =
        IntStream.range(0, ds.space().numFactors())
            .filter(i -> ds.space().factors().get(i).size() > 1)
            .toArray();
    if (f.length == 0) {
      throw new IllegalArgumentException(
          cfg.objective()
              + " needs labelled factors, but dataset '"
              + ds.space().name()
              + "' has no factor with more than one value");
    }
    if (cfg.latentDim() < f.length) {
      throw new SettingException(
          SettingText.of(
              cfg.objective() + " aligns one latent per varying factor: ",
              Setting.LATENT_DIM,
              " " + cfg.latentDim() + " is smaller than the " + f.length + " factors of '",
              ds.space().name() + "'"),
          cfg.latentDim());
    }
    return f;
  }

  /**
   * A seeded choice of ⌈fraction·n⌉ labelled training rows (none unless semi-supervised).
   *
   * @param n training rows
   * @param cfg the configuration (its labelled fraction and seed)
   * @return per row, whether its labels are seen
   */
  static boolean[] labelled(int n, VaeTrainingConfig cfg) {
    boolean[] m = new boolean[n];
    if (!cfg.objective().semiSupervised()) {
      return m;
    }
    int k = (int) Math.ceil(cfg.supervisedFraction() * n);
    int[] p = Arrays2.shuffled(n, new SplittableRandom(SeededIndices.mix(cfg.seed(), -1)));
    for (int i = 0; i < k; i++) {
      m[p[i]] = true;
    }
    return m;
  }

  @Override
  public NDArray addTo(NDArray loss, VaeBatch batch, Map<String, Float> terms) {
    if (batch.labelledCount == 0) {
      return loss;
    }
    int k = factors;
    int b = batch.size;
    NDArray ys = batch.manager.create(batch.labels, new Shape(b, k));
    NDArray ms = batch.manager.create(batch.labelMask, new Shape(b, 1));
    NDArray head = batch.mean.get(":, 0:" + k);
    NDArray sup = Losses.bceWithLogits(head, ys).mul(ms).sum().div((float) batch.labelledCount);
    terms.put("sup", sup.getFloat());
    return loss.add(sup.mul(weight));
  }
}
