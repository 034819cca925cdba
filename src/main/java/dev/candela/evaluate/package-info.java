/**
 * The evaluation pipeline, used by {@code evaluate}, {@code counterfactuals}, {@code score-codes}
 * and sweeps: a context (a dataset, hosted models, settings) → encoded codes → metrics → immutable
 * results with provenance ({@link dev.candela.evaluate.ProvenanceBuilder}). {@link
 * dev.candela.evaluate.Evaluation} scores one checkpoint in stages, {@link
 * dev.candela.evaluate.BatchEvaluation} many. CG has one job, {@link dev.candela.evaluate.CgJob}
 * (with the latent-set selection {@link dev.candela.evaluate.SelectionPass}): {@code evaluate} runs
 * it in memory, {@link dev.candela.evaluate.CounterfactualDriver} with chunk files and resume.
 * Samples are drawn by {@link dev.candela.evaluate.Sampling}, models matched to datasets by {@link
 * dev.candela.evaluate.ModelMatch}. Progress reaches the caller through a {@link
 * dev.candela.Progress}; nothing here prints. Rendering is {@code report}'s.
 */
package dev.candela.evaluate;
