/**
 * Counterfactual generativeness (CG, Reddy et al., AAAI 2022): the formula ({@link
 * dev.candela.metrics.cg.Cg}), the streaming accumulator the chunked job uses ({@link
 * dev.candela.metrics.cg.CgAccumulator}), the baselines, and the two service interfaces the hosted
 * models implement ({@link dev.candela.metrics.cg.LatentDecoder}, {@link
 * dev.candela.metrics.cg.FactorProbabilities}). Nothing here depends on DJL.
 */
package dev.candela.metrics.cg;
