/**
 * Network architectures: the named VAE and classifier layouts as DJL blocks ({@link
 * dev.candela.model.arch.Architectures}, {@link dev.candela.model.arch.VaeBlock}) and the layers
 * they are built from.
 */
package dev.candela.model.arch;
