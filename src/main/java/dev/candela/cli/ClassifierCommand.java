package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.Provenance;
import dev.candela.cli.console.SettingFlags;
import dev.candela.cli.options.DatasetOption;
import dev.candela.cli.options.DeviceOption;
import dev.candela.cli.options.QuietOption;
import dev.candela.cli.options.SeedOption;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.evaluate.ModelFitness;
import dev.candela.evaluate.ModelMatch;
import dev.candela.evaluate.Sampling;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ClassifierQuality;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.FactorClassifier;
import dev.candela.model.hosting.Reconstruction;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code candela classifier}: quality of a factor classifier. */
@Command(
    name = "classifier",
    mixinStandardHelpOptions = true,
    description = "Check a factor classifier.",
    subcommands = {ClassifierCommand.Check.class})
public final class ClassifierCommand implements Runnable {
  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public ClassifierCommand() {}

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
  }

  /**
   * {@code candela classifier check}: per-factor accuracy of a classifier on dataset images
   * (symmetry-aware where the dataset declares symmetries) and, with {@code --vae}, on that VAE's
   * reconstructions of the same images, each with a Wilson 95% interval.
   */
  @Command(
      name = "check",
      mixinStandardHelpOptions = true,
      description =
          "Per-factor accuracy of a factor classifier on seeded dataset samples (raw and"
              + " symmetry-aware), and with --vae on the VAE's reconstructions of the same images;"
              + " factors below 0.9 make CG unreliable.")
  public static final class Check implements Callable<Integer> {
    @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

    @Option(names = "--classifier", required = true, description = "Classifier model folder.")
    Path classifier;

    @Mixin DatasetOption datasetOption;

    @Option(
        names = "--samples",
        defaultValue = "5000",
        description = "Seeded random samples to check (default ${DEFAULT-VALUE}).")
    int samples;

    @Mixin SeedOption seed;

    @Option(names = "--vae", description = "Also check on this VAE's reconstructions.")
    Path vae;

    @Option(names = "--json", description = "Write the scores as a JSON report.")
    Path json;

    @Option(
        names = "--record",
        description =
            "Record the accuracies in the classifier's card (results.checks.<dataset file name>:"
                + " samples, dataset fingerprint, seed, accuracy and symmetry-aware accuracy per"
                + " factor), so the card carries its measured quality on other data.")
    boolean record;

    @Option(
        names = "--batch-size",
        defaultValue = "256",
        description = "Images per batch (default ${DEFAULT-VALUE}).")
    int batchSize;

    @Mixin DeviceOption device;

    @Mixin QuietOption quiet;

    /** Creates the command. */
    public Check() {}

    @Override
    public Integer call() throws CandelaException {
      Path dataset = datasetOption.path();
      if (samples < 1 || batchSize < 1) {
        throw new BadInputException(
            "--samples and --batch-size must be >= 1, got " + samples + " and " + batchSize);
      }
      for (Path dir : vae == null ? List.of(classifier) : List.of(classifier, vae)) {
        if (!Files.isRegularFile(dir.resolve(ModelCard.FILE))) {
          throw new BadInputException(dir + ": not a model folder (no " + ModelCard.FILE + ")");
        }
      }
      ComputeDevice dev = device.device();
      try (FactorDataset ds = DatasetPaths.open(dataset);
          FactorClassifier clf = FactorClassifier.load(classifier, dev, batchSize);
          VaeModel v = vae == null ? null : VaeModels.load(vae, dev, batchSize)) {
        ModelMatch.checkModelMatchesDataset(clf.card(), classifier, ds);
        if (v != null) {
          ModelMatch.checkModelMatchesDataset(v.card(), vae, ds);
        }
        int n = (int) Math.min(samples, ds.size());
        long[] idx = Sampling.shuffled(ds.size(), n, seed.seed());
        List<ClassifierQuality.FactorResult> res;
        try (TrainingBar bar = new TrainingBar("check", quiet.quiet());
            Progress.Task task = bar.task("check", n)) {
          res = ClassifierQuality.check(clf, classifier, ds, idx, v, batchSize, task::stepTo);
        }
        ClassifierQuality.Summary sum =
            ClassifierQuality.summarize(res, ModelFitness.RELIABLE_ACCURACY, v != null);
        List<String> warnings = sum.warnings();
        PrintWriter out = spec.commandLine().getOut();
        // Each column says how it counts a prediction as right: exactly, up to the dataset's
        // symmetries ("-" for a factor without one), or within the tolerant CG read-out's
        // neighbourhood (one grid step or a symmetric copy), the accuracy CG's gate reads.
        List<String> header =
            new java.util.ArrayList<>(
                List.of("factor", "exact [95% CI]", "symmetry-aware", "tolerant"));
        if (v != null) {
          header.addAll(List.of("recon. exact", "recon. symmetry-aware", "recon. tolerant"));
        }
        String fmt = "%-14s" + " %22s".repeat(header.size() - 1) + "%n";
        out.printf(Locale.ROOT, fmt, header.toArray());
        for (ClassifierQuality.FactorResult r : res) {
          List<String> row =
              new java.util.ArrayList<>(
                  List.of(r.factor(), cell(r.accuracy()), cell(r.symmetric()), cell(r.tolerant())));
          if (v != null) {
            row.addAll(
                List.of(
                    cell(r.reconstructed()),
                    cell(r.reconstructedSymmetric()),
                    cell(r.reconstructedTolerant())));
          }
          out.printf(Locale.ROOT, fmt, row.toArray());
        }
        if (!clf.card().dataset().equals(ds.space().name())) {
          warnings.add(
              "classifier "
                  + classifier
                  + " was trained on dataset '"
                  + clf.card().dataset()
                  + "', checked on '"
                  + ds.space().name()
                  + "'");
        }
        Map<String, Object> details = new LinkedHashMap<>(sum.details());
        if (v != null) {
          long[] sorted = idx.clone();
          java.util.Arrays.sort(sorted);
          ModelFitness.VaeCheck vc =
              ModelFitness.vae(
                  v,
                  vae,
                  ds,
                  sorted,
                  (images, m) ->
                      Reconstruction.inDecoderShape(v.card(), ds.imageShape(), images, m));
          details.put("vaeCheck", vc);
          warnings.addAll(vc.warnings());
        }
        SettingFlags.warn(spec.commandLine().getErr(), warnings, java.util.Map.of());
        if (record) {
          ClassifierQuality.record(
              clf.card(), classifier, dataset, ds.fingerprint(), seed.seed(), res);
          spec.commandLine()
              .getErr()
              .println("recorded the check in " + classifier.resolve(ModelCard.FILE));
        }
        if (json != null) {
          Map<String, String> inputs = new TreeMap<>();
          inputs.put("classifier:" + classifier, String.join(",", clf.card().weights().values()));
          inputs.put("dataset:" + dataset, ds.fingerprint());
          if (v != null) {
            inputs.put("vae:" + vae, String.join(",", v.card().weights().values()));
          }
          Map<String, Object> params = new LinkedHashMap<>();
          params.put("samples", n);
          params.put("batchSize", batchSize);
          Map<String, String> versions = new LinkedHashMap<>(Provenance.softwareVersions());
          versions.put("engine", VaeModels.ENGINE);
          Provenance p =
              new Provenance(
                  inputs, seed.seed(), params, versions, dev.toString(), Provenance.nowIso());
          JsonReports.write(
              new ScoreReport(
                  "classifier check " + classifier.getFileName() + " on " + dataset.getFileName(),
                  sum.scores(),
                  details,
                  warnings,
                  p),
              json);
          spec.commandLine().getErr().println("wrote " + json);
        }
        return 0;
      }
    }

    private static String cell(ClassifierQuality.Accuracy a) {
      return a == null
          ? "-"
          : String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", a.value(), a.ci95()[0], a.ci95()[1]);
    }
  }
}
