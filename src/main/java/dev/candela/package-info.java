/**
 * Candela: evaluation of causally disentangled representations and causal models.
 *
 * <p>Sub-packages: {@code data} (datasets and formats), {@code synth} (procedural generators),
 * {@code model} (DJL hosting and training), {@code metrics} (disentanglement metrics on plain
 * arrays), {@code causal} (causal models and their distances), {@code report} (JSON/HTML reports)
 * and {@code cli} (the command line).
 */
package dev.candela;
