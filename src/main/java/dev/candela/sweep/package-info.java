/**
 * Sweeps: score many VAE checkpoints as one Apache Spark job, one task per checkpoint and seed.
 * {@link dev.candela.sweep.CheckpointScorer} scores one checkpoint with the evaluate pipeline and
 * never throws (a failure is a row with its error); {@link dev.candela.sweep.SparkSweep}
 * distributes the tasks and writes Parquet and the comparison tables. Only {@code SparkSweep}
 * touches Spark.
 */
package dev.candela.sweep;
