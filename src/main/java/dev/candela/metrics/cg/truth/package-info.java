/**
 * A ground-truth benchmark for counterfactual generativeness (CG): decoders whose causal structure
 * is known by construction ({@link dev.candela.metrics.cg.truth.ConstructedDecoder}, which draw
 * dSprites images from factor values computed from the latents by a known linear map), the cases
 * built from them ({@link dev.candela.metrics.cg.truth.TruthCase}) and the true CG they have
 * ({@link dev.candela.metrics.cg.truth.GroundTruthCg}: CG's formula with an oracle classifier and
 * the latent sets the decoder actually reads). Plain Java, no engine.
 */
package dev.candela.metrics.cg.truth;
