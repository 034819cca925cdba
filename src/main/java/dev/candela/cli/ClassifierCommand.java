package dev.candela.cli;

import ai.djl.Device;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.DatasetPaths;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.Evaluation;
import dev.candela.evaluate.ModelFitness;
import dev.candela.model.ClassifierQuality;
import dev.candela.model.Devices;
import dev.candela.model.FactorClassifier;
import dev.candela.model.ModelCard;
import dev.candela.model.VaeModel;
import dev.candela.model.VaeModels;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
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

    @Option(
        names = "--dataset",
        required = true,
        description = "Dataset: .npz (dSprites/MPI3D), .h5 (3dshapes), a CANDLE or factor folder.")
    Path dataset;

    @Option(
        names = "--samples",
        defaultValue = "5000",
        description = "Seeded random samples to check (default ${DEFAULT-VALUE}).")
    int samples;

    @Option(
        names = "--seed",
        defaultValue = "0",
        description = "Sample seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--vae", description = "Also check on this VAE's reconstructions.")
    Path vae;

    @Option(names = "--json", description = "Write the scores as a JSON report.")
    Path json;

    @Option(
        names = "--batch-size",
        defaultValue = "256",
        description = "Images per batch (default ${DEFAULT-VALUE}).")
    int batchSize;

    @Option(
        names = "--device",
        defaultValue = "auto",
        description = "auto, cpu, gpu or gpu:N (default ${DEFAULT-VALUE}).")
    String device;

    @Option(names = "--quiet", description = "No progress bar.")
    boolean quiet;

    /** Creates the command. */
    public Check() {}

    @Override
    public Integer call() throws CandelaException {
      if (samples < 1 || batchSize < 1) {
        throw new BadInputException(
            "--samples and --batch-size must be >= 1, got " + samples + " and " + batchSize);
      }
      for (Path dir : vae == null ? List.of(classifier) : List.of(classifier, vae)) {
        if (!Files.isRegularFile(dir.resolve(ModelCard.FILE))) {
          throw new BadInputException(dir + ": not a model folder (no " + ModelCard.FILE + ")");
        }
      }
      Device dev = Devices.parse(device);
      try (FactorDataset ds = DatasetPaths.open(dataset);
          FactorClassifier clf = FactorClassifier.load(classifier, dev, batchSize);
          VaeModel v = vae == null ? null : VaeModels.load(vae, dev, batchSize)) {
        Evaluation.checkModelMatchesDataset(clf.card(), classifier, ds);
        if (v != null) {
          Evaluation.checkModelMatchesDataset(v.card(), vae, ds);
        }
        int n = (int) Math.min(samples, ds.size());
        long[] idx = Evaluation.sampleIndices(ds.size(), n, seed);
        List<ClassifierQuality.FactorResult> res;
        try (Progress bar = new Progress("check", quiet)) {
          res =
              ClassifierQuality.check(
                  clf, classifier, ds, idx, v, batchSize, k -> bar.step(k, n, Map.of()));
        }
        Map<String, Double> scores = new LinkedHashMap<>();
        Map<String, Object> details = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
            Locale.ROOT,
            "%-14s %22s %22s %22s%n",
            "factor",
            "accuracy [95% CI]",
            "symmetry-aware",
            v == null ? "" : "on reconstructions");
        for (ClassifierQuality.FactorResult r : res) {
          put(scores, details, "accuracy." + r.factor(), r.accuracy());
          put(scores, details, "accuracy_symmetric." + r.factor(), r.symmetric());
          put(scores, details, "accuracy_reconstructed." + r.factor(), r.reconstructed());
          put(
              scores,
              details,
              "accuracy_reconstructed_symmetric." + r.factor(),
              r.reconstructedSymmetric());
          out.printf(
              Locale.ROOT,
              "%-14s %22s %22s %22s%n",
              r.factor(),
              cell(r.accuracy()),
              cell(r.symmetric()),
              cell(
                  r.reconstructedSymmetric() != null
                      ? r.reconstructedSymmetric()
                      : r.reconstructed()));
          if (r.deciding() < ModelFitness.RELIABLE_ACCURACY) {
            warnings.add(
                String.format(
                    Locale.ROOT,
                    "factor '%s': accuracy %.3f < %.2f%s; CG for it would be unreliable",
                    r.factor(),
                    r.deciding(),
                    ModelFitness.RELIABLE_ACCURACY,
                    v == null ? "" : " (the lower of images and reconstructions)"));
          }
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
        for (String w : warnings) {
          out.println("warning: " + w);
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
              new Provenance(inputs, seed, params, versions, dev.toString(), Provenance.nowIso());
          JsonReports.write(
              new ScoreReport(
                  "classifier check " + classifier.getFileName() + " on " + dataset.getFileName(),
                  scores,
                  details,
                  warnings,
                  p),
              json);
          spec.commandLine().getErr().println("wrote " + json);
        }
        return 0;
      }
    }

    private static void put(
        Map<String, Double> scores,
        Map<String, Object> details,
        String key,
        ClassifierQuality.Accuracy a) {
      if (a != null) {
        scores.put(key, a.value());
        details.put(key, a);
      }
    }

    private static String cell(ClassifierQuality.Accuracy a) {
      return a == null
          ? "-"
          : String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", a.value(), a.ci95()[0], a.ci95()[1]);
    }
  }
}
