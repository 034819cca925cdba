/**
 * Disentanglement metrics on plain arrays: IRS, UC and CG (Reddy et al., "On Causally Disentangled
 * Representations", AAAI 2022) and the classic metrics of disentanglement_lib (DCI, MIG, SAP,
 * Modularity/Explicitness). Nothing here depends on DJL.
 */
package dev.candela.metrics;
