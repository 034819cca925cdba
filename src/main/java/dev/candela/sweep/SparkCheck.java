package dev.candela.sweep;

import dev.candela.BadInputException;

/**
 * Checks that Apache Spark is on the class path without loading any Spark type, so a plain {@code
 * java -jar} run fails with one line instead of a linkage error.
 */
public final class SparkCheck {
  private SparkCheck() {}

  /** The fully qualified name of a Spark class, to check the class path before using Spark. */
  public static final String SPARK_PROBE = "org.apache.spark.sql.SparkSession";

  /**
   * Fails with one line when Spark is not on the class path (plain java -jar).
   *
   * @throws BadInputException naming the launcher that adds Spark
   */
  public static void requireSpark() throws BadInputException {
    try {
      Class.forName(SPARK_PROBE, false, SparkCheck.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new BadInputException(
          "Apache Spark is not on the class path: run sweep through ./candela (which adds"
              + " target/spark-lib) or spark-submit");
    }
  }
}
