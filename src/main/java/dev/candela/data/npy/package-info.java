/**
 * Reading and writing NumPy {@code .npy} arrays and {@code .npz} archives without loading them into
 * one Java array: stored npz entries and plain npy files are memory-mapped in windows below 2 GiB,
 * deflated entries are streamed, and writers stream element by element. Format versions 1.0, 2.0
 * and 3.0; dtypes {@code u1 i1 i2 i4 i8 f4 f8 b1} in either byte order; C and Fortran order. Object
 * arrays ({@code |O}, pickled Python objects) are listed but cannot be read.
 */
package dev.candela.data.npy;
