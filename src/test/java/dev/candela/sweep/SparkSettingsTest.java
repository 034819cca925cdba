package dev.candela.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SparkSettings}: the driver listens on loopback and serves no UI unless the user asks; a
 * remote master without an address is one line; on a cluster the running jar and its manifest's
 * class path become {@code spark.jars}; the user's own Spark settings are kept.
 */
class SparkSettingsTest {
  @TempDir Path tmp;

  private Path appJar() throws Exception {
    Path lib = Files.createDirectories(tmp.resolve("lib"));
    Files.writeString(lib.resolve("api-0.35.1.jar"), "x");
    Files.writeString(lib.resolve("slf4j-simple-2.0.16.jar"), "x");
    Manifest mf = new Manifest();
    mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    mf.getMainAttributes()
        .put(
            Attributes.Name.CLASS_PATH,
            "lib/api-0.35.1.jar lib/slf4j-simple-2.0.16.jar lib/missing-1.jar");
    Path jar = tmp.resolve("candela.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), mf)) {
      out.flush();
    }
    return jar;
  }

  @Test
  void localModeListensOnLoopbackWithNoUiAndShipsNothing() throws Exception {
    SparkSettings s = SparkSettings.of(null, null, Map.of(), null, appJar());
    assertEquals("local[*]", s.master());
    assertEquals("false", s.conf().get("spark.ui.enabled"));
    assertEquals("127.0.0.1", s.conf().get("spark.driver.host"));
    assertEquals("127.0.0.1", s.conf().get("spark.driver.bindAddress"));
    assertFalse(s.conf().containsKey("spark.jars"));
    assertEquals("-Dai.djl.offline=true", s.conf().get("spark.executor.extraJavaOptions"));
  }

  @Test
  void aLoopbackClusterGetsTheRunningJarAndItsClassPath() throws Exception {
    Path jar = appJar();
    SparkSettings s = SparkSettings.of("spark://127.0.0.1:7077", null, Map.of(), null, jar);
    assertEquals(
        jar + "," + tmp.resolve("lib/api-0.35.1.jar"),
        s.conf().get("spark.jars"),
        "the jar, then its Class-Path entries that exist, slf4j's left to the cluster's Spark");
    assertEquals("127.0.0.1", s.conf().get("spark.driver.bindAddress"));
    assertEquals("false", s.conf().get("spark.ui.enabled"));
  }

  @Test
  void aStandaloneMasterThatIsNotRunningIsOneLine() throws Exception {
    int port;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
      port = free.getLocalPort(); // closed again: nothing listens there
    }
    String master = "spark://127.0.0.1:" + port;
    BadInputException e =
        assertThrows(BadInputException.class, () -> SparkSettings.requireReachable(master, 2000));
    assertEquals(
        "no Spark master answers at "
            + master
            + " (127.0.0.1:"
            + port
            + ": Connection refused): start the master or correct the master URL",
        e.getMessage());
    try (java.net.ServerSocket listening = new java.net.ServerSocket(0)) {
      SparkSettings.requireReachable(
          "spark://127.0.0.1:" + port + ",127.0.0.1:" + listening.getLocalPort(), 2000);
    }
    SparkSettings.requireReachable("local[2]", 2000); // left to Spark
  }

  @Test
  void aRemoteMasterWithNoDriverAddressIsOneLine() {
    for (String m : List.of("spark://10.0.0.5:7077", "yarn", "spark://127.0.0.1:7077,h2:7077")) {
      BadInputException e =
          assertThrows(
              BadInputException.class, () -> SparkSettings.of(m, null, Map.of(), null, null));
      assertEquals(
          "the master "
              + m
              + " is not on this machine and the driver listens on 127.0.0.1 only: set the"
              + " driver host to this machine's address on the cluster's network (see"
              + " docs/sweep.md)",
          e.getMessage());
    }
    assertTrue(SparkSettings.onThisMachine("k8s://https://127.0.0.1:6443"));
    assertFalse(SparkSettings.onThisMachine("k8s://https://10.1.1.1:6443"));
  }

  @Test
  void theUsersAddressUiAndJarsAreKept() throws Exception {
    SparkSettings given = SparkSettings.of("yarn", "10.0.0.2", Map.of(), null, null);
    assertEquals("10.0.0.2", given.conf().get("spark.driver.host"));
    assertEquals("10.0.0.2", given.conf().get("spark.driver.bindAddress"));
    assertTrue(given.notes().get(0).contains("not a jar"), given.notes().toString());

    SparkSettings own =
        SparkSettings.of(
            null,
            null,
            Map.of(
                "spark.master", "spark://10.0.0.5:7077",
                "spark.driver.host", "10.0.0.2",
                "spark.ui.enabled", "true",
                "spark.jars", "/x/candela.jar",
                "spark.executor.extraJavaOptions", "-Dai.djl.offline=true -Xss4m"),
            null,
            appJar());
    assertEquals(null, own.master(), "spark-submit's master stays");
    assertEquals("spark://10.0.0.5:7077", own.effectiveMaster());
    assertEquals(Map.of(), own.conf(), "nothing of the user's is overridden");

    SparkSettings env = SparkSettings.of("spark://10.0.0.5:7077", null, Map.of(), "10.0.0.2", null);
    assertFalse(env.conf().containsKey("spark.driver.host"), "SPARK_LOCAL_IP decides");
  }
}
