/**
 * Causal graphs, structural causal models and discrete causal Bayesian networks, and the distances
 * between them (SHD, SID, AUPR, OD/ID/CD, interventional TV, KL, CKL, WED).
 */
package dev.candela.causal;
