package dev.candela.evaluate;

import dev.candela.data.ImageDegradation;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.metrics.cg.CgResult;
import dev.candela.metrics.cg.CgSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One row of the ground-truth CG benchmark ({@link CgTruthBenchmark}): one case under one
 * degradation, read-out, baseline and classifier, the true CG beside Candela's.
 *
 * @param decoder the case's name
 * @param degradation the degradation ({@link ImageDegradation#describe()})
 * @param readout the classifier read-out
 * @param baseline the baseline
 * @param classifier the classifier folder
 * @param samples the samples
 * @param trueCg the true CG over the factors Candela scores (its evaluated factors less the ones
 *     its selection excluded as carried only by latents the decoder ignores)
 * @param trueCgAll the true CG over every evaluated factor
 * @param candelaCg Candela's CG (NaN when it excluded every factor)
 * @param absDelta {@code |candelaCg − trueCg|}
 * @param pass {@code absDelta ≤} {@link CgTruthBenchmark#TOLERANCE}
 * @param uc Candela's UC(1) on the encoder's latents (all latents)
 * @param excluded the evaluated factors Candela's selection excluded
 * @param factors per evaluated factor (Candela's entries NaN and its set empty when excluded)
 */
public record CgTruthRow(
    String decoder,
    String degradation,
    String readout,
    String baseline,
    String classifier,
    int samples,
    double trueCg,
    double trueCgAll,
    double candelaCg,
    double absDelta,
    boolean pass,
    double uc,
    List<String> excluded,
    List<FactorRow> factors) {
  /** Copies the lists. */
  public CgTruthRow {
    excluded = List.copyOf(excluded);
    factors = List.copyOf(factors);
  }

  /**
   * One factor of a row.
   *
   * @param factor the factor's name
   * @param trueSet the latents the decoder reads with the largest weight
   * @param candelaSet the UC(1) set Candela selected on the encoder's latents
   * @param trueCg the true CG_i
   * @param candelaCg Candela's CG_i
   * @param candelaMeanIceIntervened Candela's mean ICE_I
   * @param candelaMeanIceComplement Candela's mean ICE_\I
   */
  public record FactorRow(
      String factor,
      List<Integer> trueSet,
      List<Integer> candelaSet,
      double trueCg,
      double candelaCg,
      double candelaMeanIceIntervened,
      double candelaMeanIceComplement) {
    /** Copies the sets. */
    public FactorRow {
      trueSet = List.copyOf(trueSet);
      candelaSet = List.copyOf(candelaSet);
    }
  }

  /**
   * The row of a case from its true and Candela's CG.
   *
   * @param name the case's name
   * @param d the degradation
   * @param b the baseline
   * @param r the read-out
   * @param classifier the classifier folder
   * @param samples the samples
   * @param truth the true CG over every evaluated factor
   * @param cand Candela's CG, or null when its selection excluded every evaluated factor
   * @param sel Candela's selection
   * @return the row
   */
  static CgTruthRow of(
      String name,
      ImageDegradation d,
      CgBaseline b,
      CgReadout r,
      Path classifier,
      int samples,
      CgResult truth,
      CgResult cand,
      SelectionPass sel) {
    List<FactorRow> fs = new ArrayList<>();
    List<String> excluded = new ArrayList<>();
    double trueScored = 0;
    int scored = 0;
    for (CgSummary.FactorScore t : truth.summary().factors()) {
      CgSummary.FactorScore c = null;
      if (cand != null) {
        for (CgSummary.FactorScore x : cand.summary().factors()) {
          if (x.name().equals(t.name())) {
            c = x;
          }
        }
      }
      if (c == null) {
        excluded.add(t.name());
      } else {
        trueScored += t.cg();
        scored++;
      }
      fs.add(
          new FactorRow(
              t.name(),
              t.set(),
              c == null ? List.of() : c.set(),
              t.cg(),
              c == null ? Double.NaN : c.cg(),
              c == null ? Double.NaN : c.meanIceIntervened(),
              c == null ? Double.NaN : c.meanIceComplement()));
    }
    double trueCg = scored == 0 ? truth.score() : trueScored / scored;
    double candCg = cand == null ? Double.NaN : cand.score();
    double delta = Math.abs(candCg - trueCg);
    return new CgTruthRow(
        name,
        d.describe(),
        r.id(),
        b.id(),
        classifier.toString(),
        samples,
        trueCg,
        truth.score(),
        candCg,
        delta,
        delta <= CgTruthBenchmark.TOLERANCE,
        sel.uc().score(),
        excluded,
        fs);
  }
}
