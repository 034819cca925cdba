/**
 * Queries on causal models: seeded sampling under hard interventions, exact joint enumeration of
 * discrete models, likelihood weighting (importance-weighted ancestral sampling with clamped
 * evidence), and counterfactuals by abduction–action–prediction (exact where possible, sampled by
 * likelihood weighting otherwise).
 */
package dev.candela.causal.query;
