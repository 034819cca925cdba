package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.DatasetPaths;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.Comparison;
import dev.candela.evaluate.Evaluation;
import dev.candela.evaluate.EvaluationSettings;
import dev.candela.metrics.CgBaseline;
import dev.candela.metrics.UcSelection;
import dev.candela.model.ModelCard;
import dev.candela.report.ScoreReport;
import dev.candela.report.TextTable;
import dev.candela.synth.DSpritesGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code candela evaluate}: scores one VAE checkpoint (or a folder or list of checkpoints) on a
 * dataset with every metric and writes JSON, HTML and PNG reports. With no arguments it runs the
 * shipped dSprites β-VAE and classifier on a generated dSprites-format set.
 */
@Command(
    name = "evaluate",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Score VAE checkpoints end to end: IRS, UC, MIG, DCI, SAP, Modularity/Explicitness,"
          + " BetaVAE, FactorVAE and CG, with report.json, report.html and PNG figures.",
      "Without arguments: models/dsprites-beta-vae + models/dsprites-classifier on"
          + " target/candela-data/dsprites-10000-seed1.npz (generated on first use)."
    })
public final class EvaluateCommand implements Callable<Integer> {

  /** Count of the default generated dataset. */
  static final int DEFAULT_COUNT = 10_000;

  /** Seed of the default generated dataset (as the shipped cards record). */
  static final long DEFAULT_DATA_SEED = 1;

  @Option(
      names = "--dataset",
      paramLabel = "PATH",
      description =
          "Dataset (.npz dSprites-format, CANDLE folder, ...). Default: the generated dSprites"
              + " subset in target/candela-data/ (created on first use).")
  Path dataset;

  @Option(
      names = "--model",
      paramLabel = "DIR|FILE",
      description =
          "A model folder (model.json), a folder of model folders, or a text file listing model"
              + " folders (one a line). Default: models/dsprites-beta-vae.")
  Path model;

  @Option(
      names = "--classifier",
      paramLabel = "DIR",
      description =
          "Factor classifier folder for CG. Default: models/<dataset of the model card>-classifier"
              + " when it exists, otherwise CG is skipped.")
  Path classifier;

  @Option(
      names = "--metrics",
      split = ",",
      paramLabel = "M",
      description = "Metrics among ${COMPLETION-CANDIDATES} (default: all).")
  List<EvaluationSettings.Metric> metrics =
      new ArrayList<>(List.of(EvaluationSettings.Metric.values()));

  @Option(
      names = "--samples",
      paramLabel = "N",
      description = "Evaluation samples (default ${DEFAULT-VALUE}).")
  int samples = 1000;

  @Option(
      names = "--rho",
      split = ",",
      paramLabel = "ρ",
      description = "UC sizes ρ; the first sets CG's latent sets (default 1).")
  List<Integer> rhos = new ArrayList<>(List.of(1));

  @Option(
      names = "--cg-baseline",
      paramLabel = "B",
      description = "max-deviation (the authors'), mean or zero (default ${DEFAULT-VALUE}).")
  String cgBaseline = "max-deviation";

  @Option(
      names = "--uc-selection",
      paramLabel = "MODE",
      description = "topk (default) or fork (the CANDLE authors' argpartition code).")
  UcSelection ucSelection = UcSelection.TOPK;

  @Option(
      names = "--batch-size",
      paramLabel = "B",
      description = "Images per encoder/decoder/classifier call (default ${DEFAULT-VALUE}).")
  int batchSize = 256;

  @Option(
      names = "--device",
      paramLabel = "auto|cpu|gpu",
      description = "Device (default ${DEFAULT-VALUE}).")
  String device = "auto";

  @Option(names = "--seed", paramLabel = "S", description = "Seed (default ${DEFAULT-VALUE}).")
  long seed = 0;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Output folder (default out/evaluate).")
  Path out = Path.of("out", "evaluate");

  @Option(
      names = "--max-train",
      paramLabel = "N",
      description =
          "Cap on DCI/SAP/explicitness training rows (default ${DEFAULT-VALUE}; reference 10000).")
  int maxTrain = 2000;

  @Option(
      names = "--max-test",
      paramLabel = "N",
      description = "Cap on their test rows (default ${DEFAULT-VALUE}; reference 5000).")
  int maxTest = 1000;

  @Option(
      names = "--classic-scale",
      paramLabel = "f",
      description =
          "Scale of BetaVAE/FactorVAE's reference sizes (10000 train / 5000 eval points;"
              + " default ${DEFAULT-VALUE}).")
  double classicScale = 0.1;

  @Option(
      names = "--grid-samples",
      paramLabel = "N",
      description =
          "Samples in the reconstruction and counterfactual grids (default ${DEFAULT-VALUE}).")
  int gridSamples = 8;

  @Option(
      names = "--cg-samples",
      paramLabel = "N",
      description =
          "CG on a seeded random subset of this many evaluation samples (default ${DEFAULT-VALUE};"
              + " each costs 1 + 2·F decodes and classifications).")
  int cgSamples = 500;

  @Option(
      names = "--classic-from-dataset",
      description =
          "BetaVAE/FactorVAE draw their batches from the whole dataset (encoding what they draw)"
              + " instead of from the encoded evaluation samples.")
  boolean classicFromDataset;

  @Option(
      names = "--bootstrap",
      paramLabel = "B",
      description =
          "Bootstrap replicates over the evaluation samples for the standard error and 95%%"
              + " interval of IRS, UC, MIG, Modularity and CG (default ${DEFAULT-VALUE}; 0 = off).")
  int bootstrap = Evaluation.DEFAULT_BOOTSTRAP;

  @Option(
      names = "--bootstrap-learned",
      paramLabel = "B",
      description =
          "Bootstrap replicates for DCI, SAP and explicitness, which refit their learners each time"
              + " (default ${DEFAULT-VALUE}; at most --bootstrap).")
  int bootstrapLearned = Evaluation.DEFAULT_BOOTSTRAP_LEARNED;

  @Option(
      names = "--checkpoints",
      paramLabel = "all",
      description =
          "With --model RUN_DIR of `train --keep-checkpoints`: score every step-named snapshot in"
              + " RUN_DIR/snapshots/ and plot each score against the step (scores-vs-step.png).")
  String checkpoints;

  @Option(names = "--quiet", description = "No progress bars.")
  boolean quiet;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  /** The settings of one run: this command's options with the given per-run values. */
  private EvaluationSettings settings(
      Path data,
      Path classifier,
      java.util.Set<EvaluationSettings.Metric> chosen,
      List<Integer> rhoList,
      CgBaseline baseline) {
    return new EvaluationSettings(
        data,
        classifier,
        chosen,
        samples,
        rhoList,
        ucSelection,
        baseline,
        batchSize,
        device,
        seed,
        maxTrain,
        maxTest,
        classicScale,
        gridSamples,
        cgSamples,
        classicFromDataset,
        quiet);
  }

  /** Creates the command. */
  public EvaluateCommand() {}

  @Override
  public Integer call() throws CandelaException {
    PrintWriter err = spec.commandLine().getErr();
    Path root = repoRoot();
    Path modelArg = model != null ? model : root.resolve("models/dsprites-beta-vae");
    Map<String, Long> steps = null;
    List<Path> models;
    if (checkpoints != null) {
      if (!checkpoints.trim().equalsIgnoreCase("all")) {
        throw new IllegalArgumentException(
            "--checkpoints must be 'all', got '" + checkpoints + "'");
      }
      models = snapshots(modelArg);
      steps = new LinkedHashMap<>();
      for (Path m : models) {
        steps.put(
            m.getFileName().toString(), Long.parseLong(m.getFileName().toString().substring(5)));
      }
    } else {
      models = resolveModels(modelArg);
    }
    // the default data is made only once the models are known to be usable
    Path data = dataset != null ? dataset : defaultDataset(root, err);
    EvaluationSettings settings =
        settings(
            data,
            null,
            EnumSet.copyOf(metrics),
            List.copyOf(new java.util.LinkedHashSet<>(rhos)),
            parseBaseline(cgBaseline));
    Map<String, ScoreReport> reports = new LinkedHashMap<>();
    try (FactorDataset ds = DatasetPaths.open(data)) {
      List<String> names = uniqueNames(models);
      for (int i = 0; i < models.size(); i++) {
        Path m = models.get(i);
        Path clf = classifier != null ? classifier : defaultClassifier(root, m);
        if (clf == null && settings.metrics().contains(EvaluationSettings.Metric.CG)) {
          err.println("no classifier for " + m + ": CG is skipped (pass --classifier)");
        }
        EvaluationSettings si =
            settings(data, clf, settings.metrics(), settings.rhos(), settings.baseline());
        Path dir = models.size() == 1 && steps == null ? out : out.resolve(names.get(i));
        Evaluation ev =
            new Evaluation(
                    si,
                    msg -> {
                      err.println(msg);
                      err.flush();
                    })
                .withBootstrap(bootstrap, bootstrapLearned);
        ScoreReport r = ev.run(ds, m, dir);
        reports.put(names.get(i), r);
        PrintWriter o = spec.commandLine().getOut();
        if (models.size() > 1) {
          o.println("== " + names.get(i));
        }
        o.print(TextTable.scores(r.scores(), r.uncertainty()));
        r.warnings().forEach(w -> o.println("warning: " + w));
        o.flush();
      }
    }
    if (models.size() > 1 || steps != null) {
      Comparison.write(reports, out, steps);
      if (steps != null) {
        err.println("wrote " + out.resolve(Comparison.AGAINST_STEP_PNG));
      }
      err.println(
          "wrote "
              + out.resolve("comparison.html")
              + ", comparison.csv, comparison.json, scores.csv");
    }
    err.println("wrote " + out.resolve(models.size() == 1 ? "report.json" : "*/report.json"));
    err.flush();
    return Main.OK;
  }

  static CgBaseline parseBaseline(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    return switch (t) {
      case "max-deviation" -> CgBaseline.MAX_DEVIATION;
      case "mean" -> CgBaseline.MEAN;
      case "zero" -> CgBaseline.ZERO;
      default ->
          throw new IllegalArgumentException(
              "--cg-baseline must be max-deviation, mean or zero, got '" + text + "'");
    };
  }

  /**
   * The checkout's root: the parent of the folder holding the jar (target/candela.jar) or the
   * classes (target/classes), when it has a models folder; else the working directory.
   */
  static Path repoRoot() {
    try {
      Path p =
          Path.of(
              EvaluateCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Path target = p.getParent();
      if (target != null
          && target.getParent() != null
          && Files.isDirectory(target.getParent().resolve("models"))) {
        return target.getParent();
      }
    } catch (URISyntaxException | SecurityException | NullPointerException e) {
      // fall back below
    }
    return Path.of("").toAbsolutePath();
  }

  /**
   * The default dataset, generated on first use as `candela dataset generate dsprites --count 10000
   * --seed 1`.
   */
  static Path defaultDataset(Path root, PrintWriter err) throws BadInputException {
    Path file =
        root.resolve(
            "target/candela-data/dsprites-" + DEFAULT_COUNT + "-seed" + DEFAULT_DATA_SEED + ".npz");
    if (Files.isRegularFile(file)) {
      return file;
    }
    err.println(
        "generating "
            + file
            + " (candela dataset generate dsprites --count "
            + DEFAULT_COUNT
            + " --seed "
            + DEFAULT_DATA_SEED
            + ")");
    err.flush();
    // The generator writes a uniquely named temporary file and renames it atomically, so two
    // first runs at once each install a complete, identical file (the last rename wins).
    try {
      ConsoleBars.writeDsprites(
          file, DSpritesGenerator.chooseIndices(DEFAULT_COUNT, DEFAULT_DATA_SEED), DEFAULT_COUNT);
    } catch (BadInputException e) {
      throw new BadInputException(
          file + ": cannot generate the default dataset (" + e.getMessage() + ")", e);
    }
    return file;
  }

  /** models/&lt;card dataset&gt;-classifier next to the checkout, when it exists. */
  static Path defaultClassifier(Path root, Path modelDir) throws BadInputException {
    ModelCard card = ModelCard.read(modelDir);
    if (card.dataset() == null) {
      return null;
    }
    Path c = root.resolve("models").resolve(card.dataset() + "-classifier");
    return Files.isRegularFile(c.resolve(ModelCard.FILE)) ? c : null;
  }

  /** A model folder, a folder of model folders, or a list file. */
  static List<Path> resolveModels(Path p) throws BadInputException {
    if (Files.isDirectory(p)) {
      if (Files.isRegularFile(p.resolve(ModelCard.FILE))) {
        return List.of(p);
      }
      try (Stream<Path> s = Files.list(p)) {
        List<Path> subs =
            s.filter(q -> Files.isRegularFile(q.resolve(ModelCard.FILE)) && isVae(q))
                .sorted()
                .toList();
        if (subs.isEmpty()) {
          throw new BadInputException(
              p + ": no VAE " + ModelCard.FILE + " in it or in any of its sub-folders");
        }
        return subs;
      } catch (IOException e) {
        throw new BadInputException(p + ": cannot list (" + e.getMessage() + ")");
      }
    }
    if (Files.isRegularFile(p)) {
      List<String> lines;
      try {
        lines = Files.readAllLines(p);
      } catch (IOException e) {
        throw new BadInputException(p + ": cannot read (" + e.getMessage() + ")");
      }
      List<Path> out = new ArrayList<>();
      Path base = p.toAbsolutePath().getParent();
      for (String line : lines) {
        String t = line.strip();
        if (t.isEmpty() || t.startsWith("#")) {
          continue;
        }
        Path m = base.resolve(t).normalize();
        if (!Files.isRegularFile(m.resolve(ModelCard.FILE))) {
          throw new BadInputException(p + ": listed model '" + t + "' has no " + ModelCard.FILE);
        }
        out.add(m);
      }
      if (out.isEmpty()) {
        throw new BadInputException(p + ": lists no model folder");
      }
      return out;
    }
    throw new BadInputException(p + ": no such model folder or list file");
  }

  /** The step-named snapshots of a training run folder, in step order. */
  static List<Path> snapshots(Path run) throws BadInputException {
    Path dir = run.resolve(dev.candela.model.VaeTrainer.SNAPSHOTS);
    if (!Files.isDirectory(dir)) {
      throw new BadInputException(
          run + ": no snapshots/ folder (train with --keep-checkpoints N|all to keep snapshots)");
    }
    try (Stream<Path> s = Files.list(dir)) {
      List<Path> out =
          s.filter(
                  q ->
                      q.getFileName().toString().matches("step-\\d+")
                          && Files.isRegularFile(q.resolve(ModelCard.FILE)))
              .sorted()
              .toList();
      if (out.isEmpty()) {
        throw new BadInputException(dir + ": no step-NNNNNNNN snapshot with a model.json");
      }
      return out;
    } catch (IOException e) {
      throw new BadInputException(dir + ": cannot list (" + e.getMessage() + ")");
    }
  }

  private static boolean isVae(Path dir) {
    try {
      return "vae".equals(ModelCard.read(dir).kind());
    } catch (BadInputException e) {
      return true; // let the evaluation report the broken card
    }
  }

  static List<String> uniqueNames(List<Path> models) {
    List<String> names = new ArrayList<>();
    for (Path m : models) {
      String base = m.toAbsolutePath().normalize().getFileName().toString();
      String n = base;
      for (int k = 2; names.contains(n); k++) {
        n = base + "-" + k;
      }
      names.add(n);
    }
    return names;
  }
}
