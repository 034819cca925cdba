/**
 * Hosting of trained models: loading VAEs and factor classifiers from their folders onto a device,
 * and running them for inference (encoding, decoding, classification) with only Java arrays
 * leaving; also the plain-PyTorch anchor of the benches and the engine's matmul rate.
 */
package dev.candela.model.hosting;
