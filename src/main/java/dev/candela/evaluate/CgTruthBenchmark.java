package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.data.FactorSpace;
import dev.candela.data.FactorSpecs;
import dev.candela.data.ImageDegradation;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.Cg;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgNeighbourhoods;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.metrics.cg.CgResult;
import dev.candela.metrics.cg.truth.ConstructedDecoder;
import dev.candela.metrics.cg.truth.GroundTruthCg;
import dev.candela.metrics.cg.truth.TruthCase;
import dev.candela.model.card.ModelCard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The ground-truth CG benchmark ({@code candela bench cg-truth}): on decoders whose causal
 * structure is known by construction ({@link TruthCase}, {@link ConstructedDecoder}), the TRUE CG
 * ({@link GroundTruthCg}: CG's formula with the oracle classifier and the latent sets the decoder
 * reads) beside Candela's CG as {@code evaluate} computes it: IRS and UC(1) top-k selection on the
 * encoder's latents among the latents the decoder uses, with its exclusions ({@link
 * SelectionPass#compute(float[][], int[][], dev.candela.data.FactorSpace, int, UcSelection,
 * dev.candela.metrics.cg.LatentDecoder, CgBaseline, int)}, measured on the degraded decoder with
 * the row's baseline), the baseline statistics of all samples, the read-out's neighbourhoods of the
 * dSprites factor space ({@link CgJob#neighbourhoods}), and {@link Cg#compute} with a real factor
 * classifier loaded and matched by {@link CgClassifier}. The truth reads its oracle through the
 * same read-out and neighbourhoods, and is averaged over the factors Candela scores.
 *
 * <p>One row per case × degradation × read-out × baseline × classifier, with the overall and
 * per-factor CG of both, {@code |Δ|} on the overall CG and whether it is within {@link #TOLERANCE}.
 * Per group of rows that differ only in the case, an order check ({@link CgTruthOrderCheck}): for
 * every pair of cases whose true CGs differ by more than {@link #TOLERANCE}, Candela's CG must
 * order them the same way.
 */
public final class CgTruthBenchmark {

  /** The tolerance on the overall CG: |Candela's CG − true CG| ≤ 0.05 passes. */
  public static final double TOLERANCE = 0.05;

  /** ρ of the UC selection, as {@code evaluate}'s default. */
  public static final int RHO = 1;

  private static final long DEGRADATION_SEED_OFFSET = 7;

  private CgTruthBenchmark() {}

  /**
   * Everything the benchmark measured.
   *
   * @param rows the rows, in the order they were computed
   * @param orders one order check per group
   */
  public record Result(List<CgTruthRow> rows, List<CgTruthOrderCheck> orders) {
    /** Copies. */
    public Result {
      rows = List.copyOf(rows);
      orders = List.copyOf(orders);
    }

    /**
     * Whether every row passes and every order agrees.
     *
     * @return true when all pass
     */
    public boolean allPass() {
      return rows.stream().allMatch(CgTruthRow::pass)
          && orders.stream().allMatch(CgTruthOrderCheck::agrees);
    }
  }

  /** Told about each finished row, to write it at once. */
  @FunctionalInterface
  public interface Listener {
    /**
     * A row is done.
     *
     * @param row the row
     * @throws CandelaException when it cannot be recorded
     */
    void row(CgTruthRow row) throws CandelaException;
  }

  /**
   * Runs the benchmark.
   *
   * @param o what to run
   * @param listener told about each row
   * @param progress told about each row in one line
   * @return all rows and the order checks
   * @throws CandelaException when a classifier cannot be loaded or matched, or a row not recorded
   */
  public static Result run(CgTruthOptions o, Listener listener, Progress progress)
      throws CandelaException {
    FactorSpace space = FactorSpecs.fromResource("dsprites").space();
    List<String> names = ConstructedDecoder.FACTOR_NAMES;
    ModelCard.Shape input = new ModelCard.Shape(1, 64, 64);
    List<CgClassifier> clfs = new ArrayList<>();
    List<CgTruthRow> rows = new ArrayList<>();
    try {
      for (Path dir : o.classifiers()) {
        clfs.add(CgClassifier.load(dir, o.device(), o.batchSize(), names, space));
      }
      int[] evaluated = o.factors().stream().mapToInt(names::indexOf).toArray();
      int total =
          o.cases().size()
              * o.degradations().size()
              * o.baselines().size()
              * o.readouts().size()
              * o.classifiers().size();
      for (TruthCase tc : o.cases()) {
        TruthCase.Samples s = tc.sample(o.samples(), o.seed());
        int[][] dsCodes = datasetCodes(s.codes());
        LatentStats stats = LatentStats.of(s.z());
        int[] datasetIndex = new int[names.size()];
        for (int k = 0; k < datasetIndex.length; k++) {
          datasetIndex[k] = space.names().indexOf(names.get(k));
        }
        CgNeighbourhoods nb = CgJob.neighbourhoods(space, datasetIndex, dsCodes);
        Map<List<Object>, CgResult> truth = new LinkedHashMap<>();
        for (CgBaseline b : o.baselines()) {
          for (CgReadout r : o.readouts()) {
            truth.put(
                List.of(b, r),
                GroundTruthCg.compute(tc.decoder(), s.z(), s.codes(), b, stats, evaluated, r, nb));
          }
        }
        for (ImageDegradation d : o.degradations()) {
          ConstructedDecoder dec =
              tc.decoder().withDegradation(d, o.seed() + DEGRADATION_SEED_OFFSET);
          for (CgBaseline b : o.baselines()) {
            // evaluate's selection: IRS + UC(1) on the encoder latents, among the latents the
            // decoder uses (measured on this decoder with this baseline)
            SelectionPass sel =
                SelectionPass.compute(
                    s.z(), dsCodes, space, RHO, UcSelection.TOPK, dec, b, o.batchSize());
            if (!sel.factorNames().equals(names)) {
              throw new BadInputException(
                  tc.name()
                      + ": the selection has factors "
                      + sel.factorNames()
                      + ", need all of "
                      + names
                      + " (too few samples?)");
            }
            for (CgReadout r : o.readouts()) {
              CgOptions co;
              try {
                co = CgJob.options(sel, evaluated, b, r, nb, o.batchSize());
              } catch (BadInputException e) {
                co = null; // every evaluated factor excluded: no Candela CG
              }
              for (int c = 0; c < clfs.size(); c++) {
                CgResult cand =
                    co == null
                        ? null
                        : Cg.compute(
                            s.z(), s.codes(), dec, clfs.get(c).probabilities(input), co, stats);
                CgTruthRow row =
                    CgTruthRow.of(
                        tc.name(),
                        d,
                        b,
                        r,
                        o.classifiers().get(c),
                        o.samples(),
                        truth.get(List.of(b, r)),
                        cand,
                        sel);
                rows.add(row);
                listener.row(row);
                progress.message(
                    String.format(
                        Locale.ROOT,
                        "bench cg-truth: %d/%d %s, %s, %s, %s, %s: true %.4f, candela %.4f%s",
                        rows.size(),
                        total,
                        row.decoder(),
                        row.degradation(),
                        row.baseline(),
                        row.readout(),
                        row.classifier(),
                        row.trueCg(),
                        row.candelaCg(),
                        row.excluded().isEmpty() ? "" : " (excluded " + row.excluded() + ")"));
              }
            }
          }
        }
      }
    } finally {
      for (CgClassifier c : clfs) {
        c.close();
      }
    }
    return new Result(rows, CgTruthOrderCheck.of(rows));
  }

  /** The codes as the dSprites dataset has them: color (always 0) first. */
  static int[][] datasetCodes(int[][] codes) {
    int n = codes[0].length;
    int[][] out = new int[codes.length + 1][];
    out[0] = new int[n];
    System.arraycopy(codes, 0, out, 1, codes.length);
    return out;
  }
}
