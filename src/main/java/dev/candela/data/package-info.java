/**
 * Datasets with factor metadata: factor spaces, npy/npz reading and writing, dataset loaders
 * (CANDLE, dSprites, MPI3D, 3dshapes) and dataset validation.
 */
package dev.candela.data;
