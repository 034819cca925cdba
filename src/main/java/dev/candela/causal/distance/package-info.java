/**
 * Distances between causal models: KL, CKL1–3 and WED3 (O'Donnell, Korb &amp; Allison), the
 * interventional total variation of Garant &amp; Jensen, the observational, interventional and
 * counterfactual distances OD/ID/CD of Peyrard &amp; West, and the pluggable distribution distances
 * they use (exact Wasserstein, energy distance, TV, KL).
 */
package dev.candela.causal.distance;
