package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.BadSettingException;
import dev.candela.CandelaException;
import dev.candela.OutputLock;
import dev.candela.Progress;
import dev.candela.Setting;
import dev.candela.SettingError;
import dev.candela.SettingText;
import dev.candela.StagedFolder;
import dev.candela.data.FactorDataset;
import dev.candela.metrics.Metric;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.VaeModel;
import dev.candela.report.Comparison;
import dev.candela.report.ScoreReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code evaluate} over one model, a set of models or a training run's snapshots: resolves the
 * models and their default classifiers, makes the default dataset when none is given, runs one
 * {@link Evaluation} per model into its own folder, and writes the comparison when there are
 * several, with their {@link UdrRanking} on the encodings each evaluation hands back. The output
 * folder is one run's: the batch is written into a {@link StagedFolder} that replaces it only when
 * every file is written, under the folder's {@link OutputLock}.
 */
public final class BatchEvaluation {
  private BatchEvaluation() {}

  /**
   * What to evaluate.
   *
   * @param model a model folder, a folder of model folders, a list file, or a training run folder
   *     (with {@code snapshots}); null for the shipped {@link DefaultDataset#MODEL}
   * @param snapshots score every step-named snapshot of the run folder {@code model}
   * @param dataset the dataset, or null for the generated default ({@link DefaultDataset})
   * @param classifier the classifier for every model, or null for each model's default
   * @param options what to compute
   * @param seed the seed
   * @param out the output folder (one sub-folder per model when there are several)
   */
  public record Request(
      Path model,
      boolean snapshots,
      Path dataset,
      Path classifier,
      EvaluationOptions options,
      long seed,
      Path out) {}

  /** Told about each model's report as soon as it is written. */
  @FunctionalInterface
  public interface ReportListener {
    /**
     * A model was scored.
     *
     * @param name the model's row name
     * @param report its report
     * @param several whether the batch has more than one model
     */
    void scored(String name, ScoreReport report, boolean several);
  }

  /**
   * What the batch produced.
   *
   * @param reports per model name, its report (in order)
   * @param compared whether the comparison files were written
   * @param againstStep whether the scores-vs-step figure was written
   */
  public record Outcome(Map<String, ScoreReport> reports, boolean compared, boolean againstStep) {}

  /**
   * Runs the batch.
   *
   * @param r what to evaluate
   * @param opener opens the dataset path
   * @param listener progress and messages
   * @param each told after each model
   * @return the reports
   * @throws CandelaException on bad input or failed I/O or inference
   */
  @SuppressWarnings("try") // the lock is held by the try block, never read
  public static Outcome run(Request r, DatasetOpener opener, Progress listener, ReportListener each)
      throws CandelaException {
    try (OutputLock lock = OutputLock.acquire(r.out(), "evaluate");
        StagedFolder staged = StagedFolder.begin(r.out())) {
      Outcome o;
      try {
        o = run(r, staged.path(), opener, naming(listener, staged.path(), r.out()), each);
      } catch (CandelaException e) {
        throw renamed(e, staged.path(), r.out());
      }
      staged.commit();
      return o;
    }
  }

  /**
   * The failure of a staged run, named by the output folder (where the user looks) rather than the
   * staging folder that is deleted, and saying that the output folder kept the earlier result.
   */
  private static CandelaException renamed(CandelaException e, Path staging, Path out) {
    String from = staging.toString();
    if (e.getMessage() == null || !e.getMessage().contains(from)) {
      return e;
    }
    String to = out.toAbsolutePath().normalize().toString();
    String tail =
        java.nio.file.Files.exists(out)
            ? "; " + to + " is as the earlier run left it"
            : "; nothing was written to " + to;
    if (e instanceof SettingError s && e instanceof BadInputException) {
      return new BadSettingException(
          SettingText.of(s.settingText().replaceInWords(from, to), tail), e);
    }
    String m = e.getMessage().replace(from, to) + tail;
    return e instanceof BadInputException
        ? new BadInputException(m, e)
        : new CandelaException(m, e);
  }

  /**
   * The listener with the staging folder's name replaced in messages by the output folder's, where
   * the files will be once committed.
   */
  private static Progress naming(Progress l, Path staging, Path out) {
    String from = staging.toString();
    String to = out.toAbsolutePath().normalize().toString();
    return new Progress.Forwarding(l) {
      @Override
      public void message(String line) {
        super.message(line.replace(from, to));
      }
    };
  }

  /** The batch, written into {@code out} (the staging folder of {@code r.out()}). */
  private static Outcome run(
      Request r, Path out, DatasetOpener opener, Progress listener, ReportListener each)
      throws CandelaException {
    Path root = ModelPaths.repoRoot();
    Path modelArg = r.model() != null ? r.model() : root.resolve(DefaultDataset.MODEL);
    Map<String, Long> steps = null;
    List<Path> models;
    if (r.snapshots()) {
      models = ModelPaths.snapshots(modelArg);
      steps = new LinkedHashMap<>();
      for (Path m : models) {
        steps.put(
            m.getFileName().toString(), Long.parseLong(m.getFileName().toString().substring(5)));
      }
    } else {
      models = ModelPaths.resolveModels(modelArg);
    }
    // the default data is made only once the models are known to be usable
    // (held out from the first model's training subset when its card records one)
    Path data =
        r.dataset() != null ? r.dataset() : DefaultDataset.forModel(root, models.get(0), listener);
    EvaluationSettings settings = r.options().settings(data, null, r.seed());
    Map<String, ScoreReport> reports = new LinkedHashMap<>();
    try (FactorDataset ds = opener.open(data)) {
      List<String> names = ModelPaths.qualifiedNames(models);
      boolean udr = models.size() > 1 && steps == null;
      long[] udrInputs = udr ? UdrRanking.inputs(ds.size(), r.seed()) : null;
      List<UdrRanking.Encoded> encoded = new ArrayList<>();
      for (int i = 0; i < models.size(); i++) {
        Path m = models.get(i);
        Path clf = r.classifier() != null ? r.classifier() : ModelPaths.defaultClassifier(root, m);
        if (clf == null && settings.metrics().contains(Metric.CG)) {
          listener.message(
              SettingText.of(
                  "no classifier for " + m + ": CG is skipped (",
                  SettingText.set(Setting.CLASSIFIER),
                  ")"));
        }
        EvaluationSettings si = r.options().settings(data, clf, r.seed());
        Path dir = models.size() == 1 && steps == null ? out : out.resolve(names.get(i));
        Evaluation.Scored scored = new Evaluation(si, listener).run(ds, m, dir, udrInputs);
        ScoreReport report = scored.report();
        reports.put(names.get(i), report);
        each.scored(names.get(i), report, models.size() > 1);
        if (udr) {
          VaeModel.Encoding e = scored.rows();
          String setting = UdrRanking.setting(ModelCard.read(m));
          encoded.add(new UdrRanking.Encoded(names.get(i), setting, e.mean(), e.logVar()));
        }
      }
      if (udr) {
        // ranked on the evaluations' own encodings of the shared inputs: no model is loaded again
        UdrRanking.Outcome ranking = UdrRanking.rank(encoded, r.seed(), listener);
        UdrFiles.write(ranking, out);
        reports = UdrFiles.withUdr(reports, ranking);
      }
    }
    boolean compared = models.size() > 1 || steps != null;
    if (compared) {
      Comparison.write(reports, out, steps);
    } else {
      Comparison.writeScoresCsv(reports, out);
    }
    return new Outcome(reports, compared, steps != null);
  }
}
