/**
 * Causal graphs over named variables and the distances between them, with the semantics of {@code
 * cdt.metrics}: structural Hamming distance (SHD, also between CPDAGs), structural intervention
 * distance (SID, Peters and Bühlmann 2015, with CPDAG bounds), the area under the precision-recall
 * curve, the adjustment identification distances of gadjid ({@link dev.candela.causal.graph.Aid},
 * Henckel, Würtzen and Weichwald 2024) and edge-level statistics ({@link
 * dev.candela.causal.graph.EdgeStatistics}).
 *
 * <p>Convention everywhere: {@code A[i][j] = 1} means the edge i → j. An undirected edge of a CPDAG
 * is stored as {@code A[i][j] = A[j][i] = 1}. {@link dev.candela.causal.graph.Dag} is the acyclic,
 * fully directed type other packages build on; {@link dev.candela.causal.graph.Graph} also allows
 * undirected edges; {@link dev.candela.causal.graph.GraphIo} reads both from JSON, CSV and Matrix
 * Market files.
 */
package dev.candela.causal.graph;
