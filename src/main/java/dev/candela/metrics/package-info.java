/**
 * Disentanglement metrics on plain arrays: IRS and UC (Reddy et al., "On Causally Disentangled
 * Representations", AAAI 2022) and the classic metrics of disentanglement_lib (DCI, MIG, SAP,
 * Modularity/Explicitness, BetaVAE, FactorVAE); {@link dev.candela.metrics.Metric} is the one
 * registry of the metric families. CG is in {@code metrics.cg}. Nothing here depends on DJL.
 */
package dev.candela.metrics;
