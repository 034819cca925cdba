package dev.candela;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Where a result came from: input checksums, seed, parameters, software versions, device and time.
 * Every result record of Candela carries one.
 *
 * @param inputs input name (file path or role) to {@code sha256:<hex>} checksum or fingerprint
 * @param seed the random seed, or {@code null} when nothing was random
 * @param parameters the parameters that shaped the result (metric options, sample sizes)
 * @param versions software versions (candela, java, and the engine where one was used)
 * @param device the compute device, or {@code "none"} for plain-array computation
 * @param createdAt when the result was computed (ISO-8601)
 */
public record Provenance(
    Map<String, String> inputs,
    Long seed,
    Map<String, Object> parameters,
    Map<String, String> versions,
    String device,
    String createdAt) {

  /** Validates and copies the maps so the record is immutable. */
  public Provenance {
    inputs =
        java.util.Collections.unmodifiableMap(
            new LinkedHashMap<>(Objects.requireNonNull(inputs, "inputs")));
    parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    versions =
        java.util.Collections.unmodifiableMap(
            new LinkedHashMap<>(Objects.requireNonNull(versions, "versions")));
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(createdAt, "createdAt");
  }

  /**
   * Provenance for a computation on plain arrays, stamped now.
   *
   * @param inputs input name to checksum
   * @param seed the seed, or {@code null}
   * @param parameters the parameters
   * @return the provenance
   */
  public static Provenance now(
      Map<String, String> inputs, Long seed, Map<String, Object> parameters) {
    return new Provenance(inputs, seed, parameters, softwareVersions(), "none", nowIso());
  }

  /**
   * The versions of Candela and Java in this process.
   *
   * @return name to version
   */
  public static Map<String, String> softwareVersions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("candela", candelaVersion());
    v.put("java", System.getProperty("java.version"));
    return v;
  }

  /**
   * Candela's version from the jar manifest, or {@code "dev"} when run from classes.
   *
   * @return the version
   */
  public static String candelaVersion() {
    String v = Provenance.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  /**
   * The current time, ISO-8601, second precision.
   *
   * @return the time
   */
  public static String nowIso() {
    return Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
  }

  /**
   * The SHA-256 checksum of a file, streamed.
   *
   * @param file the file
   * @return {@code sha256:<hex>}
   * @throws BadInputException when the file cannot be read
   */
  public static String sha256(Path file) throws BadInputException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
      return "sha256:" + HexFormat.of().formatHex(md.digest());
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 unavailable", e);
    }
  }
}
