/**
 * Causal models over named variables: structural causal models with per-variable mechanisms
 * (linear-Gaussian, additive-noise nonlinear, discrete conditional probability tables) and the
 * discrete causal Bayesian networks they include, with their JSON format ({@link
 * dev.candela.causal.model.ModelJson}).
 */
package dev.candela.causal.model;
