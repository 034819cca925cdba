package dev.candela.metrics;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;

/**
 * The result of {@link DciEs}: explicitness and size with D, C and I of the best probe, and the
 * loss-capacity curves behind them (DCI-ES, Eastwood et al., ICLR 2023).
 *
 * @param explicitness E, the mean over factors of E_k
 * @param size S = K / L
 * @param disentanglement D of the importances at {@code bestDepth}
 * @param completeness C of the importances at {@code bestDepth}
 * @param informativeness I, the largest mean test R² over the capacities
 * @param explicitnessPerFactor E_k, one per factor
 * @param capacities κ, the probes' maximum depths, ascending
 * @param losses {@code [factor][capacity]}: 1 − R² of the probe on the test rows
 * @param baselineLoss ℓ_b
 * @param bestDepth the capacity of I, D and C
 * @param importance {@code [latent][factor]}: the forests' importances at {@code bestDepth}
 * @param trees trees per forest
 * @param split the latent and factor names, the forests' seed and the numbers of training and test
 *     rows
 */
public record DciEsResult(
    double explicitness,
    double size,
    double disentanglement,
    double completeness,
    double informativeness,
    Vector explicitnessPerFactor,
    Vector capacities,
    Matrix losses,
    double baselineLoss,
    int bestDepth,
    Matrix importance,
    int trees,
    @JsonUnwrapped SplitProvenance split) {

  /** Checks that the curves match the factors and capacities. */
  public DciEsResult {
    int k = split.factorNames().size();
    LearnedMetricInputs.requirePerFactor(k, explicitnessPerFactor.length(), losses.rows());
    losses.requireRowLength("a loss curve", capacities.length(), "capacities");
    importance.requireRowLength("importance row", k, "factor names");
  }
}
