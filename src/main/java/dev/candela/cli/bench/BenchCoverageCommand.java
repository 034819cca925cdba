package dev.candela.cli.bench;

import dev.candela.cli.console.CliCommand;
import dev.candela.coverage.CoverageStudy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela bench coverage}: the coverage study of the 95% intervals ({@link CoverageStudy}).
 * Prints, per score and N, the mean score, the spread of the scores against the mean standard
 * error, and the empirical coverage of the intervals against the estimator's mean at that N (a) and
 * against the large-N value (b). Resumable: rerun with the same {@code --work} folder to continue;
 * {@code --reps} may grow between runs.
 */
@Command(
    name = "coverage",
    description = "Empirical coverage of every score's 95%% interval on synthetic codes.")
public final class BenchCoverageCommand extends CliCommand {

  @Option(
      names = "--families",
      split = ",",
      description =
          "Metric families: codes (IRS, UC, MIG, Modularity), learned (DCI, SAP, explicitness),"
              + " classic (BetaVAE, FactorVAE), cg, cg-mean (CG with the max-deviation and the mean"
              + " baseline), cg-tolerant (max-deviation, tolerant read-out), dci-regressors (DCI with the lasso and random-forest learners),"
              + " mi-family (MIG-sup, JEMMIG, DCIMIG, SAP continuous), model (KL, sampled MIG on"
              + " synthetic posteriors), unsupervised (Gaussian TC and WC, latent MI), fos (FoS,"
              + " randFoS), unified (the unified scores), downstream (downstream-task accuracy), dci-es (DCI-ES's random-forest probes) (default all).")
  List<String> families = CoverageStudy.FAMILIES;

  @Option(
      names = "--sizes",
      split = ",",
      paramLabel = "N",
      description = "Sample sizes (default 1000,10000).")
  List<Integer> sizes = List.of(1000, 10_000);

  @Option(
      names = "--reps",
      description = "Repetitions per family and N (default ${DEFAULT-VALUE}).")
  int reps = 200;

  @Option(names = "--threads", description = "Repetitions run at once (default: the processors).")
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(names = "--seed", description = "Base seed (default ${DEFAULT-VALUE}).")
  long seed = 0;

  @Option(
      names = "--work",
      paramLabel = "DIR",
      description =
          "Folder of the per-repetition results; rerun with it to resume (default"
              + " target/coverage).")
  Path work = Path.of("target", "coverage");

  @Option(
      names = "--skip-large-n",
      description = "Skip the large-N values of target (b), which take minutes to compute.")
  boolean skipLargeN;

  @Mixin MarkdownOption markdown;

  /** Creates the command. */
  public BenchCoverageCommand() {}

  @Override
  public Integer call() throws IOException {
    PrintWriter out = out();
    PrintWriter err = err();
    long t0 = System.nanoTime();
    List<CoverageStudy.Row> rows =
        CoverageStudy.run(
            new CoverageStudy.Config(families, sizes, reps, threads, seed, work, !skipLargeN),
            line -> {
              err.println("bench coverage: " + line);
              err.flush();
            });
    List<String[]> t = new ArrayList<>();
    t.add(
        new String[] {
          "metric",
          "N",
          "method",
          "reps",
          "mean",
          "SD",
          "mean SE",
          "SE/SD",
          "cover (a)",
          "± MC",
          "attainable",
          "large-N",
          "cover (b)",
          "mean bias est."
        });
    for (CoverageStudy.Row r : rows) {
      t.add(
          new String[] {
            r.metric(),
            Integer.toString(r.n()),
            r.method(),
            Integer.toString(r.reps()),
            f4(r.mean()),
            f4(r.sd()),
            f4(r.meanSe()),
            r.sd() > 0 ? String.format(Locale.ROOT, "%.2f", r.meanSe() / r.sd()) : "—",
            String.format(Locale.ROOT, "%.3f", r.coverMean()),
            String.format(Locale.ROOT, "%.3f", r.coverMcSe()),
            String.format(Locale.ROOT, "%.3f", r.attainable()),
            Double.isNaN(r.largeN()) ? "—" : f4(r.largeN()),
            Double.isNaN(r.coverLarge()) ? "—" : String.format(Locale.ROOT, "%.3f", r.coverLarge()),
            String.format(Locale.ROOT, "%+.4f", r.meanBias())
          });
    }
    if (markdown.markdown()) {
      out.println(
          "Measured "
              + LocalDate.now()
              + " on "
              + Runtime.getRuntime().availableProcessors()
              + " processors ("
              + System.getProperty("os.arch")
              + ", Java "
              + System.getProperty("java.version")
              + "):\n");
    }
    out.print(markdown.render(t));
    out.printf(Locale.ROOT, "coverage study in %.0f s%n", Timing.secondsSince(t0));
    out.flush();
    return 0;
  }

  private static String f4(double v) {
    return String.format(Locale.ROOT, "%.4f", v);
  }
}
