/**
 * Queries on causal models: seeded sampling under hard interventions, exact joint enumeration of
 * discrete models, and counterfactuals by abduction–action–prediction.
 */
package dev.candela.causal.query;
