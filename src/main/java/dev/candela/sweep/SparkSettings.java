package dev.candela.sweep;

import dev.candela.BadInputException;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The configuration a sweep's Spark session starts with, as a Spark user expects it with no extra
 * option:
 *
 * <ul>
 *   <li><b>Classes.</b> On a cluster ({@code spark://}, {@code yarn}, {@code k8s://}) {@code
 *       spark.jars} is the running {@code candela.jar} and the jars of its manifest's {@code
 *       Class-Path} ({@code target/lib}, slf4j's left out: the cluster's Spark has its own), so the
 *       executors get Candela's classes from the driver; a {@code spark.jars} the user set is kept.
 *   <li><b>Listening.</b> The driver's RPC and block manager bind to {@value #LOOPBACK} unless the
 *       user gave an address ({@code --driver-host}, {@code spark.driver.host}, {@code
 *       spark.driver.bindAddress} or {@code SPARK_LOCAL_IP}); a master on another host with no
 *       address given is refused in one line (its executors could not reach a loopback driver). The
 *       Spark UI is off unless {@code spark.ui.enabled} is set.
 *   <li><b>Executors</b> run DJL offline ({@code -Dai.djl.offline=true} added to {@code
 *       spark.executor.extraJavaOptions}); Spark itself adds the Java 17 module flags.
 * </ul>
 *
 * @param master the master to set, or {@code null} to keep the one {@code spark-submit} set
 * @param effectiveMaster the master the session will use
 * @param conf the settings to add to the session
 * @param notes one-line messages for the user (e.g. why no jar is shipped)
 */
record SparkSettings(
    String master, String effectiveMaster, Map<String, String> conf, List<String> notes) {

  /** The address the driver binds to when the user gives none. */
  static final String LOOPBACK = "127.0.0.1";

  /**
   * The settings of a sweep's session.
   *
   * @param master {@code --master}, or {@code null}
   * @param driverHost {@code --driver-host}, or {@code null}
   * @param given the {@code spark.*} settings already set (system properties, {@code spark-submit
   *     --conf})
   * @param localIp the {@code SPARK_LOCAL_IP} environment variable, or {@code null}
   * @param appJar the jar or class folder Candela runs from
   * @return the settings
   * @throws BadInputException when a remote master is given with no address for the driver
   */
  static SparkSettings of(
      String master, String driverHost, Map<String, String> given, String localIp, Path appJar)
      throws BadInputException {
    String m = master;
    if (m == null && !given.containsKey("spark.master")) {
      m = SparkSweep.DEFAULT_MASTER;
    }
    String effective = m != null ? m : given.get("spark.master");
    boolean local = effective.startsWith("local");
    Map<String, String> conf = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    if (!given.containsKey("spark.ui.enabled")) {
      conf.put("spark.ui.enabled", "false");
    }
    if (driverHost != null && !driverHost.isBlank()) {
      conf.put("spark.driver.host", driverHost.strip());
      if (!given.containsKey("spark.driver.bindAddress")) {
        conf.put("spark.driver.bindAddress", driverHost.strip());
      }
    } else if (!given.containsKey("spark.driver.host")
        && !given.containsKey("spark.driver.bindAddress")
        && (localIp == null || localIp.isBlank())) {
      if (!local && !onThisMachine(effective)) {
        throw new BadInputException(
            "the master "
                + effective
                + " is not on this machine and the driver listens on "
                + LOOPBACK
                + " only: set the driver host to this machine's address on the cluster's"
                + " network (see docs/sweep.md)");
      }
      conf.put("spark.driver.host", LOOPBACK);
      conf.put("spark.driver.bindAddress", LOOPBACK);
    }
    if (!local && !given.containsKey("spark.jars")) {
      List<String> jars = applicationJars(appJar);
      if (jars.isEmpty()) {
        notes.add(
            "sweep: Candela runs from "
                + appJar
                + ", not a jar: the executors must have its classes (set spark.jars)");
      } else {
        conf.put("spark.jars", String.join(",", jars));
      }
    }
    String opts = given.getOrDefault("spark.executor.extraJavaOptions", "");
    if (!opts.contains("ai.djl.offline")) {
      conf.put("spark.executor.extraJavaOptions", (opts + " -Dai.djl.offline=true").stripLeading());
    }
    return new SparkSettings(m, effective, conf, List.copyOf(notes));
  }

  /**
   * Checks that a standalone master ({@code spark://h1:p1,h2:p2}) answers on at least one of its
   * addresses before a session is started, so that a master that is not running is one line, not
   * Spark's minute of retries and traces; other masters are left to Spark.
   *
   * @param master the master URL
   * @param timeoutMs how long to wait for each address
   * @throws BadInputException when no address of a standalone master accepts a connection
   */
  static void requireReachable(String master, int timeoutMs) throws BadInputException {
    if (!master.startsWith("spark://")) {
      return;
    }
    List<String> failures = new ArrayList<>();
    for (String hp : master.substring("spark://".length()).split(",")) {
      int colon = hp.lastIndexOf(':');
      String host = colon < 0 ? hp : hp.substring(0, colon);
      int port;
      try {
        port = colon < 0 ? 7077 : Integer.parseInt(hp.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw new BadInputException(master + ": the port of " + hp + " is no number");
      }
      try (java.net.Socket s = new java.net.Socket()) {
        s.connect(new java.net.InetSocketAddress(host, port), timeoutMs);
        return;
      } catch (java.io.IOException e) {
        failures.add(host + ":" + port + ": " + e.getMessage());
      }
    }
    throw new BadInputException(
        "no Spark master answers at "
            + master
            + " ("
            + String.join("; ", failures)
            + "): start the master or correct the master URL");
  }

  /**
   * Whether every host of a master URL is this machine's loopback ({@code spark://h1:p,h2:p},
   * {@code k8s://https://h:p}); {@code yarn} and unknown forms are not.
   *
   * @param master the master URL
   * @return true when the driver may listen on loopback only
   */
  static boolean onThisMachine(String master) {
    String rest;
    if (master.startsWith("spark://")) {
      rest = master.substring("spark://".length());
    } else if (master.startsWith("k8s://")) {
      rest = master.substring("k8s://".length());
      try {
        String h = new URI(rest.contains("://") ? rest : "https://" + rest).getHost();
        return h != null && loopback(h);
      } catch (URISyntaxException e) {
        return false;
      }
    } else {
      return false;
    }
    for (String hp : rest.split(",")) {
      String h = hp.contains(":") ? hp.substring(0, hp.lastIndexOf(':')) : hp;
      if (!loopback(h)) {
        return false;
      }
    }
    return true;
  }

  private static boolean loopback(String host) {
    String h = host.toLowerCase(Locale.ROOT).replace("[", "").replace("]", "");
    return h.equals("localhost") || h.startsWith("127.") || h.equals("::1");
  }

  /**
   * The jars the executors need: the application jar and the jars its manifest's {@code Class-Path}
   * names (relative to the jar's folder), those present, slf4j's left out; empty when Candela does
   * not run from a jar (a class folder, in the build's tests).
   *
   * @param appJar the jar or class folder Candela runs from
   * @return absolute paths, the application jar first
   */
  static List<String> applicationJars(Path appJar) {
    List<String> out = new ArrayList<>();
    if (appJar == null || !Files.isRegularFile(appJar) || !appJar.toString().endsWith(".jar")) {
      return out;
    }
    Path abs = appJar.toAbsolutePath().normalize();
    out.add(abs.toString());
    try (JarFile jar = new JarFile(abs.toFile())) {
      Manifest mf = jar.getManifest();
      String cp = mf == null ? null : mf.getMainAttributes().getValue("Class-Path");
      if (cp != null) {
        for (String entry : cp.trim().split("\\s+")) {
          Path p = abs.getParent().resolve(entry).normalize();
          if (!p.getFileName().toString().startsWith("slf4j-") && Files.isRegularFile(p)) {
            out.add(p.toString());
          }
        }
      }
    } catch (IOException e) {
      // the application jar alone; a missing class then names itself on the executor
    }
    return out;
  }
}
