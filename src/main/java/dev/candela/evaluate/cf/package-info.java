/**
 * The {@code counterfactuals} batch job on plain arrays: counterfactual generativeness terms (ICE
 * values) over a range of samples in resumable chunks written as CSV, a summary, and counterfactual
 * image grids. It takes a {@link dev.candela.metrics.cg.LatentDecoder}, a {@link
 * dev.candela.metrics.cg.FactorProbabilities} and a {@link dev.candela.evaluate.cf.ChunkSource}, so
 * it runs the same with the DJL-hosted models and with pure-Java fakes. Nothing here depends on
 * DJL.
 */
package dev.candela.evaluate.cf;
