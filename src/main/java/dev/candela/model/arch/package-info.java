/**
 * Network architectures: the VAE layouts ({@link dev.candela.model.arch.VaeArchitecture}) and the
 * factor classifier layouts ({@link dev.candela.model.arch.ClassifierArchitecture}), each an enum
 * constant that builds its own DJL blocks from the package's layers; their names and by-name lookup
 * ({@link dev.candela.model.arch.Architectures}), the VAE as one block ({@link
 * dev.candela.model.arch.VaeBlock}), the transposed convolution, and the FLOP counts of the layouts
 * ({@link dev.candela.model.arch.Flops}).
 */
package dev.candela.model.arch;
