package dev.candela.causal.model;

/**
 * How a variable is produced from its parents: an {@link AdditiveNoise} function of the parents
 * plus exogenous noise, or a discrete conditional probability table ({@link Cpt}).
 */
public sealed interface Mechanism permits AdditiveNoise, Cpt {}
