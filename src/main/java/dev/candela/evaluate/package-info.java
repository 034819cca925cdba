/**
 * End-to-end evaluation of VAE checkpoints ({@code candela evaluate}): encode a dataset, compute
 * every metric (IRS, UC, MIG, DCI, SAP, Modularity/Explicitness, BetaVAE, FactorVAE, CG) and write
 * JSON, HTML and PNG reports; score many checkpoints into one comparison table.
 */
package dev.candela.evaluate;
