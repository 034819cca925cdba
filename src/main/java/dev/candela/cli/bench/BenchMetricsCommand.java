package dev.candela.cli.bench;

import dev.candela.CandelaException;
import dev.candela.cli.console.ExitCodes;
import dev.candela.data.CodeTables;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.Dci;
import dev.candela.metrics.DciLearner;
import dev.candela.metrics.Explicitness;
import dev.candela.metrics.Irs;
import dev.candela.metrics.IrsResult;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Mig;
import dev.candela.metrics.Modularity;
import dev.candela.metrics.Sap;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.stats.DiscreteMutualInfo;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.report.TextTable;
import dev.candela.synth.SyntheticCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela bench metrics}: for each N, writes N synthetic codes (64 latents, 6 factors) as
 * {@code .npy}, then times reading them back (the baseline) and each metric on them, and prints the
 * times with their ratio to the read time. IRS, UC, MIG and Modularity see all N rows; DCI, SAP and
 * Explicitness see the capped train/test split (10,000/5,000), so their time is flat in N. Then
 * times {@code score-codes --metrics irs,uc,mig} on the files as the command runs it, with {@code
 * --replicates 0} and with the default intervals, and prints the ratio (issue 24: at most 2).
 */
@Command(
    name = "metrics",
    mixinStandardHelpOptions = true,
    description = "Time each metric against the time to read its input, for N = 10^4..10^6.")
public final class BenchMetricsCommand implements Callable<Integer> {

  @Option(
      names = "--sizes",
      split = ",",
      paramLabel = "N",
      description = "Sample counts (default 10000,100000,1000000).")
  List<Integer> sizes = List.of(10_000, 100_000, 1_000_000);

  @Option(names = "--latents", description = "Latents (default ${DEFAULT-VALUE}).")
  int latents = 64;

  @Option(
      names = "--skip-learned",
      description = "Skip DCI, SAP and Explicitness (their cost does not depend on N).")
  boolean skipLearned;

  @Option(
      names = "--intervals-only",
      description =
          "Only the cost of the intervals: score-codes irs,uc,mig with the default intervals"
              + " against --replicates 0, and their ratio.")
  boolean intervalsOnly;

  /** Creates the command. */
  public BenchMetricsCommand() {}

  private static final int[] FACTOR_SIZES = {3, 6, 40, 32, 32, 10};

  private void perMetric(List<String[]> rows, int n, LatentCodes codes, double read) {
    long t0 = System.nanoTime();
    IrsResult irs = Irs.compute(codes);
    add(rows, n, "irs", Timing.secondsSince(t0), read);
    t0 = System.nanoTime();
    Uc.compute(irs, 1, UcSelection.TOPK);
    Uc.compute(irs, 2, UcSelection.TOPK);
    add(rows, n, "uc (ρ=1,2)", Timing.secondsSince(t0), read);
    t0 = System.nanoTime();
    double[][] mi =
        DiscreteMutualInfo.latentFactorMatrix(
            codes.latents(), codes.factors(), HistogramDiscretizer.DEFAULT_BINS);
    Mig.fromMutualInformation(
        mi, DiscreteMutualInfo.factorEntropies(codes.factors()), HistogramDiscretizer.DEFAULT_BINS);
    add(rows, n, "mig", Timing.secondsSince(t0), read);
    t0 = System.nanoTime();
    Modularity.compute(codes);
    add(rows, n, "modularity", Timing.secondsSince(t0), read);
    t0 = System.nanoTime();
    double[] factorEntropy = DiscreteMutualInfo.factorEntropies(codes.factors());
    double[][] mi2 =
        DiscreteMutualInfo.latentFactorMatrix(
            codes.latents(), codes.factors(), HistogramDiscretizer.DEFAULT_BINS);
    double[] latentEntropy =
        DiscreteMutualInfo.latentEntropies(codes.latents(), HistogramDiscretizer.DEFAULT_BINS);
    dev.candela.metrics.MigSup.fromMutualInformation(
        mi2, factorEntropy, latentEntropy, HistogramDiscretizer.DEFAULT_BINS);
    dev.candela.metrics.Jemmig.fromMutualInformation(
        mi2, factorEntropy, latentEntropy, HistogramDiscretizer.DEFAULT_BINS);
    dev.candela.metrics.Dcimig.fromMutualInformation(
        mi2, factorEntropy, HistogramDiscretizer.DEFAULT_BINS);
    add(rows, n, "mig-sup, jemmig, dcimig (one MI matrix)", Timing.secondsSince(t0), read);
    if (!skipLearned) {
      CodeScorer.Options o = CodeScorer.Options.defaults();
      int cut = (int) Math.round(o.trainFraction() * n);
      LatentCodes train = codes.rows(range(0, Math.min(o.maxTrain(), cut)));
      LatentCodes test = codes.rows(range(cut, cut + Math.min(o.maxTest(), n - cut)));
      t0 = System.nanoTime();
      Dci.compute(train, test, 0, DciLearner.SKLEARN_GBT);
      add(rows, n, "dci sklearn-gbt (capped split)", Timing.secondsSince(t0), read);
      t0 = System.nanoTime();
      Dci.compute(train, test, 0, DciLearner.XGBOOST);
      add(rows, n, "dci xgboost (capped split)", Timing.secondsSince(t0), read);
      t0 = System.nanoTime();
      Sap.compute(train, test, 0);
      add(rows, n, "sap (capped split)", Timing.secondsSince(t0), read);
      t0 = System.nanoTime();
      Explicitness.compute(train, test, 0);
      add(rows, n, "explicitness (capped split)", Timing.secondsSince(t0), read);
      t0 = System.nanoTime();
      dev.candela.metrics.SapContinuous.compute(train, test, 0);
      add(rows, n, "sap-continuous (capped split)", Timing.secondsSince(t0), read);
    }
  }

  /**
   * The wall time of {@code score-codes --metrics irs,uc,mig} on the files (read, score,
   * intervals), as the command runs it.
   */
  private static double scoreCodes(Path factors, Path latents, int replicates)
      throws CandelaException {
    CodeScorer.Options d = CodeScorer.Options.defaults(); // score-codes' defaults
    long t0 = System.nanoTime();
    dev.candela.evaluate.ScoreCodesJob.score(
        new dev.candela.evaluate.ScoreCodesJob.Request(
            factors,
            latents,
            java.util.EnumSet.of(
                dev.candela.metrics.Metric.IRS,
                dev.candela.metrics.Metric.UC,
                dev.candela.metrics.Metric.MIG),
            d.rhos(),
            d.ucModes(),
            d.factorBins(),
            d.trainFraction(),
            d.maxTrain(),
            d.maxTest(),
            d.seed(),
            replicates,
            CodeScorer.IntervalOptions.DEFAULT_REFITS,
            d.dciLearner(),
            null,
            null),
        dev.candela.evaluate.ProgressListener.SILENT);
    return Timing.secondsSince(t0);
  }

  @Override
  public Integer call() throws CandelaException, IOException {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"N", "stage", "seconds", "× read"});
    try (WorkFolder folder = WorkFolder.of(null, "candela-bench-metrics")) {
      Path dir = folder.dir();
      for (int n : sizes) {
        LatentCodes gen =
            SyntheticCodes.generate(
                SyntheticCodes.Kind.DISENTANGLED, n, FACTOR_SIZES, latents, 0.05, 0);
        Path lat = dir.resolve("latents-" + n + ".npy");
        Path fac = dir.resolve("factors-" + n + ".npy");
        writeRowMajor(lat, NpyDType.F4, gen.latents());
        writeRowMajor(fac, NpyDType.I8, gen.factors());
        gen = null;

        long t0 = System.nanoTime();
        CodeTables.NumericTable lt = CodeTables.readLatents(lat);
        CodeTables.FactorTable ft = CodeTables.readFactors(fac);
        double read = Timing.secondsSince(t0);
        LatentCodes codes = new LatentCodes(lt.values(), ft.codes(), lt.columns(), ft.columns());
        add(rows, n, "read .npy (baseline)", read, read);

        if (!intervalsOnly) {
          perMetric(rows, n, codes, read);
        }
        codes = null;
        double plain = scoreCodes(fac, lat, 0);
        add(rows, n, "score-codes irs,uc,mig --replicates 0", plain, read);
        double withIntervals = scoreCodes(fac, lat, CodeScorer.IntervalOptions.DEFAULT_SPLITS);
        add(rows, n, "score-codes irs,uc,mig (default intervals)", withIntervals, read);
        rows.add(
            new String[] {
              Integer.toString(n),
              "intervals cost: defaults / --replicates 0",
              "",
              String.format(Locale.ROOT, "%.2f", withIntervals / plain)
            });
        Files.deleteIfExists(lat);
        Files.deleteIfExists(fac);
        System.err.println("bench metrics: N=" + n + " done");
      }
    }
    System.out.printf(
        Locale.ROOT,
        "bench metrics: %d latents, %d factors, %d cores%n",
        latents,
        FACTOR_SIZES.length,
        Runtime.getRuntime().availableProcessors());
    System.out.print(TextTable.render(rows));
    return ExitCodes.OK;
  }

  private static int[] range(int from, int to) {
    int[] r = new int[to - from];
    for (int i = 0; i < r.length; i++) {
      r[i] = from + i;
    }
    return r;
  }

  private static void add(List<String[]> rows, int n, String stage, double s, double read) {
    rows.add(
        new String[] {
          Integer.toString(n),
          stage,
          String.format(Locale.ROOT, "%.3f", s),
          String.format(Locale.ROOT, "%.2f", s / read)
        });
  }

  /** Writes column-major floats as a C-order (rows × columns) array, streamed row by row. */
  private static void writeRowMajor(Path file, NpyDType dtype, float[][] cols)
      throws CandelaException {
    int n = cols[0].length;
    try (NpyWriter w = NpyWriter.create(file, dtype, new long[] {n, cols.length}, false)) {
      float[] row = new float[cols.length];
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < cols.length; c++) {
          row[c] = cols[c][i];
        }
        w.writeFloats(row, 0, row.length);
      }
    }
  }

  /** Writes column-major ints as a C-order (rows × columns) array, streamed row by row. */
  private static void writeRowMajor(Path file, NpyDType dtype, int[][] cols)
      throws CandelaException {
    int n = cols[0].length;
    try (NpyWriter w = NpyWriter.create(file, dtype, new long[] {n, cols.length}, false)) {
      long[] row = new long[cols.length];
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < cols.length; c++) {
          row[c] = cols[c][i];
        }
        w.writeLongs(row, 0, row.length);
      }
    }
  }
}
