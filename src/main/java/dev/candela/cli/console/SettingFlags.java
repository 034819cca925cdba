package dev.candela.cli.console;

import dev.candela.Setting;
import dev.candela.SettingError;
import dev.candela.SettingText;
import java.io.PrintWriter;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The one table from the {@link Setting}s that library messages name to the command-line flags that
 * set them, for every command. Library code (everything outside {@code cli}) never writes a flag:
 * its exceptions ({@link SettingError}) and warnings ({@link SettingText}) carry the settings as
 * values and read in plain words ({@code epochs must be > 0, got 0}); the command line renders each
 * setting with its flag here ({@code --epochs must be > 0, got 0}). Nothing matches words: a
 * message without settings is printed as it is.
 *
 * <p>Each row names the commands whose option sets the setting; a test checks that each of them has
 * the flag and that every setting has a row.
 */
public final class SettingFlags {
  private SettingFlags() {}

  /**
   * A setting's flag and the commands that take it.
   *
   * @param flag e.g. {@code --epochs}
   * @param commands the commands' names below {@code candela}, e.g. {@code train}, {@code dataset
   *     render}
   */
  public record Flag(String flag, List<String> commands) {
    /** Copies the commands. */
    public Flag {
      commands = List.copyOf(commands);
    }
  }

  private static final String[] EVALUATE = {"evaluate", "sweep"};
  private static final String[] CODES = {"score-codes", "monitor"};
  private static final String[] TRAIN = {"train"};
  private static final String[] CLASSIFIER = {"train-classifier"};
  private static final String[] BOTH_TRAININGS = {"train", "train-classifier"};

  /** Every setting and its flag. */
  static final Map<Setting, Flag> FLAGS = build();

  private static Map<Setting, Flag> build() {
    Map<Setting, Flag> t = new EnumMap<>(Setting.class);
    // evaluate and sweep (EvaluationOptions), counterfactuals (CounterfactualSettings),
    // score-codes and monitor (ScoreCodesJob), encode
    row(t, Setting.RHO, "--rho", cat(EVALUATE, CODES, "counterfactuals", "causal fit-latent"));
    row(t, Setting.SAMPLES, "--samples", cat(EVALUATE, "counterfactuals", "dataset render"));
    row(t, Setting.BATCH_SIZE, "--batch-size", cat(EVALUATE, BOTH_TRAININGS, "counterfactuals"));
    row(t, Setting.CLASSIC_SCALE, "--classic-scale", EVALUATE);
    row(t, Setting.CG_SAMPLES, "--cg-samples", cat(EVALUATE, "counterfactuals"));
    row(t, Setting.GRID_SAMPLES, "--grid-samples", cat(EVALUATE, "counterfactuals"));
    row(t, Setting.CHUNK_SIZE, "--chunk-size", "counterfactuals", "bench cg-memory");
    row(t, Setting.LIMIT, "--limit", "counterfactuals", "train");
    row(t, Setting.FACTORS, "--factors", "counterfactuals", "score-codes");
    row(t, Setting.METRICS, "--metrics", cat(EVALUATE, CODES));
    row(t, Setting.SCM_SAMPLES, "--scm-samples", EVALUATE);
    row(t, Setting.SCM_EVIDENCE, "--scm-evidence", EVALUATE);
    row(t, Setting.SCM_REPLICATES, "--scm-replicates", EVALUATE);
    row(t, Setting.SCM_TRUTH, "--scm-truth", EVALUATE);
    row(t, Setting.TRAIN_FRACTION, "--train-fraction", CODES);
    row(t, Setting.FACTOR_NAMES, "--factor-names", "score-codes");
    row(t, Setting.LATENT_NAMES, "--latent-names", "score-codes");
    row(t, Setting.REPLICATES, "--replicates", cat(EVALUATE, CODES, "causal distance"));
    row(t, Setting.REFITS, "--refits", cat(EVALUATE, CODES));
    row(t, Setting.IRS_QUANTILE, "--irs-quantile", cat(EVALUATE, CODES));
    row(t, Setting.DEVICE, "--device", cat(EVALUATE, BOTH_TRAININGS, "counterfactuals", "encode"));
    row(t, Setting.MODEL, "--model", "evaluate", "counterfactuals");
    row(t, Setting.CLASSIFIER, "--classifier", cat(EVALUATE, "counterfactuals"));
    // train and train-classifier (VaeTrainingConfig, ClassifierTrainingConfig, TrainingMonitor,
    // Checkpoints, ClassifierTrainer)
    row(t, Setting.OBJECTIVE, "--objective", TRAIN);
    row(t, Setting.LATENT_DIM, "--latent-dim", TRAIN);
    row(t, Setting.EPOCHS, "--epochs", BOTH_TRAININGS);
    row(t, Setting.LEARNING_RATE, "--lr", BOTH_TRAININGS);
    row(t, Setting.DISCRIMINATOR_LEARNING_RATE, "--discriminator-lr", TRAIN);
    row(t, Setting.LR_DROP_EPOCH, "--lr-drop-epoch", CLASSIFIER);
    row(t, Setting.LR_DROP_FACTOR, "--lr-drop-factor", CLASSIFIER);
    row(t, Setting.BETA, "--beta", TRAIN);
    row(t, Setting.GAMMA, "--gamma", TRAIN);
    row(t, Setting.LAMBDA_OD, "--lambda-od", TRAIN);
    row(t, Setting.LAMBDA_D, "--lambda-d", TRAIN);
    row(t, Setting.SUPERVISED_WEIGHT, "--ss-weight", TRAIN);
    row(t, Setting.SUPERVISED_FRACTION, "--label-fraction", TRAIN);
    row(t, Setting.BOX_WEIGHT, "--box-weight", TRAIN);
    row(t, Setting.ARCHITECTURE, "--architecture", BOTH_TRAININGS);
    row(t, Setting.DISCRIMINATOR_LAYERS, "--disc-layers", TRAIN);
    row(t, Setting.DISCRIMINATOR_UNITS, "--disc-units", TRAIN);
    row(t, Setting.HEAD, "--head", CLASSIFIER);
    row(t, Setting.EVAL_EVERY, "--eval-every", TRAIN);
    row(t, Setting.HELD_OUT, "--held-out", TRAIN);
    row(t, Setting.KEEP_CHECKPOINTS, "--keep-checkpoints", TRAIN);
    row(t, Setting.RESUME, "--resume", BOTH_TRAININGS);
    row(t, Setting.OUT, "--out", BOTH_TRAININGS);
    row(t, Setting.TRAIN_COUNT, "--train-count", CLASSIFIER);
    row(t, Setting.TEST_COUNT, "--test-count", CLASSIFIER);
    row(t, Setting.INIT_FROM, "--init-from", CLASSIFIER);
    // datasets, causal distances, the engine, benchmarks
    row(
        t,
        Setting.COUNT,
        "--count",
        "dataset generate dsprites",
        "dataset generate candle",
        "dataset generate toy",
        "dataset generate codes",
        "dataset render");
    row(t, Setting.RANGE, "--range", "causal distance");
    row(t, Setting.JOBS, "--jobs", "engine build-jni");
    row(t, Setting.ANCHOR_PYTHON, "--anchor-python", "bench cg", "bench models");
    row(t, Setting.BLENDER_PATH, "--blender", "dataset render");
    row(t, Setting.RENDER_SCRIPT, "--script", "dataset render");
    row(t, Setting.ENGINE, "--engine", "dataset render");
    return java.util.Collections.unmodifiableMap(t);
  }

  private static void row(Map<Setting, Flag> t, Setting s, String flag, String... commands) {
    if (t.put(s, new Flag(flag, List.of(commands))) != null) {
      throw new IllegalStateException("two rows for " + s);
    }
  }

  private static String[] cat(Object... parts) {
    List<String> out = new java.util.ArrayList<>();
    for (Object p : parts) {
      if (p instanceof String[] a) {
        out.addAll(List.of(a));
      } else {
        out.add((String) p);
      }
    }
    return out.toArray(String[]::new);
  }

  /**
   * Every setting's row.
   *
   * @return setting to flag and commands
   */
  public static Map<Setting, Flag> table() {
    return FLAGS;
  }

  /**
   * The flag that sets a setting.
   *
   * @param s the setting
   * @return e.g. {@code --lr}; the setting's words when it has no row
   */
  public static String flag(Setting s) {
    Flag f = FLAGS.get(s);
    return f == null ? s.words() : f.flag();
  }

  /**
   * A mention of a setting on the command line.
   *
   * @param m the mention
   * @return {@code --resume}, {@code pass --resume}, {@code drop --resume} or {@code --resume
   *     given}
   */
  public static String mention(SettingText.Mention m) {
    String f = flag(m.setting());
    return switch (m.form()) {
      case NAME -> f;
      case SET, SET_TO -> "pass " + f;
      case UNSET -> "drop " + f;
      case IS_SET -> f + " given";
    };
  }

  /**
   * A message with its settings as flags.
   *
   * @param text the message
   * @return e.g. {@code --epochs must be > 0, got 0}
   */
  public static String render(SettingText text) {
    return text.render(SettingFlags::mention);
  }

  /**
   * An exception's message on the command line: a {@link SettingError}'s with its settings as
   * flags, any other's as it is.
   *
   * @param e the exception
   * @return the message, or null when it has none
   */
  public static String message(Throwable e) {
    if (e instanceof SettingError s) {
      return render(s.settingText());
    }
    return e.getMessage();
  }

  /**
   * Prints a run's warnings on a command's error stream, one {@code warning: } line each, and
   * flushes the stream. A warning the run announced with its settings (its listener's {@code
   * warning}) is shown with their flags; the others as they are.
   *
   * @param err the command's error stream
   * @param warnings the run's recorded warnings, in order
   * @param announced the warnings announced with their settings, by their plain words
   */
  public static void warn(
      PrintWriter err, Collection<String> warnings, Map<String, SettingText> announced) {
    for (String w : warnings) {
      SettingText t = announced.get(w);
      err.println("warning: " + (t == null ? w : render(t)));
    }
    err.flush();
  }
}
