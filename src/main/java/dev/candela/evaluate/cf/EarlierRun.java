package dev.candela.evaluate.cf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.report.JsonReports;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a resumed job checks about the earlier run in its folder: the recorded parameters must be
 * this run's, else the job stops with one line naming the first that differs. For {@link
 * CounterfactualJob} these are {@code job.json} (what shapes the results) and {@code baseline.json}
 * (the baseline statistics, computed once and reused).
 */
public final class EarlierRun {
  private EarlierRun() {}

  /**
   * Reads a JSON record of the earlier run.
   *
   * @param file the file
   * @return its tree
   * @throws BadInputException when it cannot be read
   */
  public static JsonNode read(Path file) throws BadInputException {
    try {
      return JsonReports.mapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Checks that every parameter of this run has the earlier run's value.
   *
   * @param file the record, for the message
   * @param want this run's parameters
   * @param have the earlier run's parameters
   * @throws BadInputException naming the first parameter that differs
   */
  public static void requireSame(Path file, JsonNode want, JsonNode have) throws BadInputException {
    var it = want.fieldNames();
    while (it.hasNext()) {
      String key = it.next();
      if (!want.get(key).equals(have.get(key))) {
        throw new BadInputException(
            file
                + ": "
                + key
                + " was "
                + have.get(key)
                + " in the earlier run, this run has "
                + want.get(key)
                + "; use another output folder");
      }
    }
  }

  /**
   * Records the parameters that shape a job's results in {@code file} ({@code job.json}), or, when
   * an earlier run recorded them, refuses a job whose parameters differ.
   *
   * @param o the job's parameters
   * @param file the parameters file
   * @throws CandelaException when the file cannot be read or written, or holds other parameters
   */
  static void requireSameJob(CounterfactualJobOptions o, Path file) throws CandelaException {
    JsonNode want = JsonReports.mapper().valueToTree(jobParameters(o));
    if (Files.isRegularFile(file)) {
      JsonNode have = read(file);
      if (have instanceof ObjectNode obj && !obj.has("readout")) {
        // a job from before the read-out existed read CG exactly
        obj.put("readout", CgReadout.EXACT.id());
      }
      requireSame(file, want, have);
    } else {
      JsonReports.writeValue(want, file);
    }
  }

  private static Map<String, Object> jobParameters(CounterfactualJobOptions o) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("start", o.start());
    p.put("end", o.end());
    p.put("chunkSize", o.chunkSize());
    p.put("baseline", o.cg().baseline().name());
    p.put("readout", o.cg().readout().id());
    p.put("factorNames", o.cg().factorNames());
    p.put("factors", o.cg().factors());
    p.put("sets", o.cg().sets());
    if (o.samples() != null) {
      p.put("samples", fingerprint(o.sampleIds(o.start(), o.end())));
    }
    return p;
  }

  /** The count and a SHA-256 prefix of a sample list (job.json stays small for any range). */
  private static String fingerprint(long[] ids) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      ByteBuffer b = ByteBuffer.allocate(8);
      for (long id : ids) {
        b.clear();
        md.update(b.putLong(id).array());
      }
      return ids.length + " samples, sha256 " + HexFormat.of().formatHex(md.digest(), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
    }
  }

  /**
   * The latent statistics a job's baselines come from: those an earlier run recorded in {@code
   * file} ({@code baseline.json}, which must equal explicit ones), else the explicit ones, else
   * computed in one pass over the range reading latents only; recorded for the next run.
   *
   * @param o the job's parameters
   * @param source the samples
   * @param file the statistics file
   * @return the statistics
   * @throws CandelaException when the file cannot be read or written, holds other statistics than
   *     the given ones, or the samples cannot be read
   */
  static LatentStats baselineStats(CounterfactualJobOptions o, ChunkSource source, Path file)
      throws CandelaException {
    if (Files.isRegularFile(file)) {
      LatentStats have;
      try {
        have = JsonReports.mapper().readValue(file.toFile(), LatentStats.class);
      } catch (IOException e) {
        throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
      }
      if (o.stats() != null && !o.stats().equals(have)) {
        throw new BadInputException(
            file
                + ": holds baseline statistics of an earlier run that differ from the given ones;"
                + " use another output folder");
      }
      return have;
    }
    LatentStats stats = o.stats();
    if (stats == null) {
      LatentStats.Builder b = new LatentStats.Builder();
      for (int k = 0; k < o.numChunks(); k++) {
        int from = o.start() + k * o.chunkSize();
        int to = Math.min(o.end(), from + o.chunkSize());
        try {
          b.add(source.checkedRead(from, to).latents());
        } catch (IllegalArgumentException e) {
          throw new BadInputException(
              "samples " + from + ".." + (to - 1) + ": " + e.getMessage(), e);
        }
      }
      stats = b.build();
    }
    JsonReports.writeValue(stats, file);
    return stats;
  }
}
