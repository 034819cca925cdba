package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Setting;
import dev.candela.SettingException;
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
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.cg.truth.ConstructedDecoder;
import dev.candela.metrics.cg.truth.GroundTruthCg;
import dev.candela.metrics.cg.truth.TruthCase;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;

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
 * classifier loaded and matched by {@link CgJob.Classifier}. The truth reads its oracle through the
 * same read-out and neighbourhoods, and is averaged over the factors Candela scores.
 *
 * <p>One row per case × degradation × read-out × baseline × classifier, with the overall and
 * per-factor CG of both, {@code |Δ|} on the overall CG and whether it is within {@link #TOLERANCE}.
 * Per group of rows that differ only in the case, an order check ({@link OrderCheck}): for every
 * pair of cases whose true CGs differ by more than {@link #TOLERANCE}, Candela's CG must order them
 * the same way.
 */
public final class CgTruthBenchmark {

  /** The tolerance on the overall CG: |Candela's CG − true CG| ≤ 0.05 passes. */
  public static final double TOLERANCE = 0.05;

  /** ρ of the UC selection, as {@code evaluate}'s default. */
  public static final int RHO = 1;

  private static final long DEGRADATION_SEED_OFFSET = 7;

  private CgTruthBenchmark() {}

  /**
   * What to run.
   *
   * @param samples samples per case (the evaluation and CG samples)
   * @param seed the seed of the samples (per case the same) and of the degradation noise
   * @param cases the constructed cases
   * @param degradations the degradations of the decoders' images ({@link ImageDegradation#NONE} for
   *     none)
   * @param baselines the baselines
   * @param classifiers classifier folders (dSprites factors, matched by name and size)
   * @param device the classifiers' device
   * @param batchSize images per engine call
   * @param factors the evaluated factors (names of {@link ConstructedDecoder#FACTOR_NAMES}, in that
   *     order); CG is their mean, for the truth and for Candela
   */
  public record Options(
      int samples,
      long seed,
      List<TruthCase> cases,
      List<ImageDegradation> degradations,
      List<CgBaseline> baselines,
      List<Path> classifiers,
      ComputeDevice device,
      int batchSize,
      List<String> factors,
      List<CgReadout> readouts) {
    /** Validates and copies. */
    public Options {
      readouts = List.copyOf(readouts);
      if (readouts.isEmpty()) {
        throw new IllegalArgumentException("need at least one read-out");
      }
      factors = List.copyOf(factors);
      int last = -1;
      for (String f : factors) {
        int k = ConstructedDecoder.FACTOR_NAMES.indexOf(f);
        if (k <= last) {
          throw new IllegalArgumentException(
              "factors must be among "
                  + ConstructedDecoder.FACTOR_NAMES
                  + " in that order without repeats, got "
                  + factors);
        }
        last = k;
      }
      if (factors.isEmpty()) {
        throw new IllegalArgumentException("need at least one factor to evaluate");
      }
      cases = List.copyOf(cases);
      degradations = List.copyOf(degradations);
      baselines = List.copyOf(baselines);
      classifiers = List.copyOf(classifiers);
      Objects.requireNonNull(device, "device");
      if (samples < 2) {
        throw new IllegalArgumentException("need at least 2 samples, got " + samples);
      }
      if (batchSize < 1) {
        throw new SettingException(
            Setting.BATCH_SIZE, batchSize, "must be at least 1, got " + batchSize);
      }
      if (cases.isEmpty() || degradations.isEmpty() || baselines.isEmpty()) {
        throw new IllegalArgumentException(
            "need at least one case, degradation and baseline, got "
                + cases.size()
                + ", "
                + degradations.size()
                + ", "
                + baselines.size());
      }
      if (classifiers.isEmpty()) {
        throw new IllegalArgumentException("need at least one classifier folder");
      }
    }
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
   * One row of the table.
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
   * @param pass {@code absDelta ≤} {@link #TOLERANCE}
   * @param uc Candela's UC(1) on the encoder's latents (all latents)
   * @param excluded the evaluated factors Candela's selection excluded
   * @param factors per evaluated factor (Candela's entries NaN and its set empty when excluded)
   */
  public record Row(
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
    public Row {
      excluded = List.copyOf(excluded);
      factors = List.copyOf(factors);
    }
  }

  /**
   * The order check of one group of rows (same degradation, read-out, baseline and classifier).
   *
   * @param degradation the degradation
   * @param readout the read-out
   * @param baseline the baseline
   * @param classifier the classifier
   * @param byTruth the cases by decreasing true CG
   * @param byCandela the cases by decreasing Candela CG
   * @param agrees whether every pair whose true CGs differ by more than {@link #TOLERANCE} is
   *     ordered the same way by Candela's CG
   * @param violations the pairs that are not, as text
   */
  public record OrderCheck(
      String degradation,
      String readout,
      String baseline,
      String classifier,
      List<String> byTruth,
      List<String> byCandela,
      boolean agrees,
      List<String> violations) {
    /** Copies the lists. */
    public OrderCheck {
      byTruth = List.copyOf(byTruth);
      byCandela = List.copyOf(byCandela);
      violations = List.copyOf(violations);
    }
  }

  /**
   * Everything the benchmark measured.
   *
   * @param rows the rows, in the order they were computed
   * @param orders one order check per group
   */
  public record Result(List<Row> rows, List<OrderCheck> orders) {
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
      return rows.stream().allMatch(Row::pass) && orders.stream().allMatch(OrderCheck::agrees);
    }
  }

  /**
   * Options with every factor evaluated under both read-outs.
   *
   * @param samples samples per case
   * @param seed the seed
   * @param cases the cases
   * @param degradations the degradations
   * @param baselines the baselines
   * @param classifiers classifier folders
   * @param device the device
   * @param batchSize images per engine call
   * @return the options
   */
  public static Options allFactors(
      int samples,
      long seed,
      List<TruthCase> cases,
      List<ImageDegradation> degradations,
      List<CgBaseline> baselines,
      List<Path> classifiers,
      ComputeDevice device,
      int batchSize) {
    return new Options(
        samples,
        seed,
        cases,
        degradations,
        baselines,
        classifiers,
        device,
        batchSize,
        ConstructedDecoder.FACTOR_NAMES,
        List.of(CgReadout.EXACT, CgReadout.TOLERANT));
  }

  /** Told about each finished row (to write it at once) and about progress. */
  public interface Listener {
    /**
     * A row is done.
     *
     * @param row the row
     * @throws CandelaException when it cannot be recorded
     */
    void row(Row row) throws CandelaException;

    /**
     * A progress line.
     *
     * @param message the line
     */
    void message(String message);
  }

  /**
   * Runs the benchmark.
   *
   * @param o what to run
   * @param listener told about each row
   * @return all rows and the order checks
   * @throws CandelaException when a classifier cannot be loaded or matched, or a row not recorded
   */
  public static Result run(Options o, Listener listener) throws CandelaException {
    FactorSpace space = FactorSpecs.fromResource("dsprites").space();
    List<String> names = ConstructedDecoder.FACTOR_NAMES;
    ModelCard.Shape input = new ModelCard.Shape(1, 64, 64);
    List<CgJob.Classifier> clfs = new ArrayList<>();
    List<Row> rows = new ArrayList<>();
    try {
      for (Path dir : o.classifiers()) {
        clfs.add(CgJob.Classifier.load(dir, o.device(), o.batchSize(), names, space));
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
                Row row =
                    row(
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
                listener.message(
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
      for (CgJob.Classifier c : clfs) {
        c.close();
      }
    }
    return new Result(rows, orders(rows));
  }

  /**
   * The order checks of rows: grouped by degradation, read-out, baseline and classifier.
   *
   * @param rows the rows
   * @return one check per group, in the order groups first appear
   */
  public static List<OrderCheck> orders(List<Row> rows) {
    Map<List<String>, List<Row>> groups = new LinkedHashMap<>();
    for (Row r : rows) {
      groups
          .computeIfAbsent(
              List.of(r.degradation(), r.readout(), r.baseline(), r.classifier()),
              k -> new ArrayList<>())
          .add(r);
    }
    List<OrderCheck> out = new ArrayList<>();
    for (Map.Entry<List<String>, List<Row>> e : groups.entrySet()) {
      List<Row> g = e.getValue();
      List<String> violations = new ArrayList<>();
      for (Row a : g) {
        for (Row b : g) {
          if (a.trueCg() - b.trueCg() > TOLERANCE && !(a.candelaCg() > b.candelaCg())) {
            violations.add(
                String.format(
                    Locale.ROOT,
                    "%s above %s by the truth (%.4f > %.4f), not by Candela (%.4f <= %.4f)",
                    a.decoder(),
                    b.decoder(),
                    a.trueCg(),
                    b.trueCg(),
                    a.candelaCg(),
                    b.candelaCg()));
          }
        }
      }
      List<String> k = e.getKey();
      out.add(
          new OrderCheck(
              k.get(0),
              k.get(1),
              k.get(2),
              k.get(3),
              sorted(g, Row::trueCg),
              sorted(g, Row::candelaCg),
              violations.isEmpty(),
              violations));
    }
    return out;
  }

  private static List<String> sorted(List<Row> g, java.util.function.ToDoubleFunction<Row> key) {
    return g.stream().sorted(Comparator.comparingDouble(key).reversed()).map(Row::decoder).toList();
  }

  private static Row row(
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
              IntStream.of(t.set()).boxed().toList(),
              c == null ? List.of() : IntStream.of(c.set()).boxed().toList(),
              t.cg(),
              c == null ? Double.NaN : c.cg(),
              c == null ? Double.NaN : c.meanIceIntervened(),
              c == null ? Double.NaN : c.meanIceComplement()));
    }
    double trueCg = scored == 0 ? truth.score() : trueScored / scored;
    double candCg = cand == null ? Double.NaN : cand.score();
    double delta = Math.abs(candCg - trueCg);
    return new Row(
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
        delta <= TOLERANCE,
        sel.uc().score(),
        excluded,
        fs);
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
