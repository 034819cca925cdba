package dev.candela.sweep;

import dev.candela.BadInputException;

/**
 * Whether Apache Spark is on the class path ({@code ./candela} adds it; plain java -jar does not).
 */
public final class SparkClassPath {
  /** A class every Spark SQL distribution has. */
  public static final String PROBE = "org.apache.spark.sql.SparkSession";

  private SparkClassPath() {}

  /**
   * Fails with one line when Spark is not on the class path.
   *
   * @throws BadInputException when it is not
   */
  public static void require() throws BadInputException {
    try {
      Class.forName(PROBE, false, SparkClassPath.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new BadInputException(
          "Apache Spark is not on the class path: run sweep through ./candela (which adds"
              + " target/spark-lib) or spark-submit");
    }
  }
}
