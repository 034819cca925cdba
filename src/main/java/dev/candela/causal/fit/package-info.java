/**
 * Parameter fitting on a given DAG: maximum-likelihood CPTs of discrete causal Bayesian networks
 * (from data with explicit smoothing, or from a true model's joint in the infinite-data case) and
 * least-squares linear-Gaussian SCMs, including SCMs over factor-aligned latent groups.
 */
package dev.candela.causal.fit;
