package dev.candela.evaluate.cf;

import dev.candela.metrics.cg.CgImageChecks;
import dev.candela.metrics.cg.CgSummary;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a {@link CounterfactualJob} writes at the end: {@code summary.json} (the scores over the
 * whole range, the job's shape and the provenance; the same on a resumed run) and {@code
 * image-checks.json} (the image checks of the chunks decoded in the run that wrote it).
 */
final class JobSummary {
  private JobSummary() {}

  /**
   * The content of {@code summary.json}.
   *
   * @param o the job's parameters
   * @param summary the scores over the whole range
   * @return name to value, in the file's order
   */
  static Map<String, Object> summary(CounterfactualJobOptions o, CgSummary summary) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("cg", summary.score());
    out.put("baseline", summary.baseline().name());
    out.put("readout", o.cg().readout().id());
    out.put("samples", summary.numSamples());
    out.put("start", o.start());
    out.put("end", o.end());
    out.put("chunkSize", o.chunkSize());
    out.put("chunks", o.numChunks());
    out.put("factors", summary.factors());
    if (o.provenance() != null) {
      out.put("provenance", o.provenance());
    }
    return out;
  }

  /**
   * The content of {@code image-checks.json}.
   *
   * @param images the image checks of the chunks computed in this run
   * @return name to value, in the file's order
   */
  static Map<String, Object> imageChecks(CgImageChecks images) {
    Map<String, Object> ic = new LinkedHashMap<>();
    ic.put(
        "note",
        "covers the "
            + images.samples()
            + " samples of the chunks computed in the run that wrote this file; chunks read back"
            + " from files are not decoded again");
    ic.put("samples", images.samples());
    ic.put("factors", images.factors());
    return ic;
  }
}
