/**
 * What {@code counterfactuals} adds on top of the CG job it shares with {@code evaluate} ({@code
 * dev.candela.evaluate.CgJob}), on plain arrays: counterfactual generativeness terms (ICE values)
 * over a list of samples in resumable chunks written as CSV, the evaluation samples' codes kept for
 * resume ({@link dev.candela.evaluate.cf.CodesFile}), a summary, and counterfactual image grids. It
 * takes a {@link dev.candela.metrics.cg.LatentDecoder}, a {@link
 * dev.candela.metrics.cg.FactorProbabilities} and a {@link dev.candela.evaluate.cf.ChunkSource}, so
 * it runs the same with the DJL-hosted models and with pure-Java fakes. Nothing here depends on
 * DJL.
 */
package dev.candela.evaluate.cf;
