package dev.candela.model.training;

import dev.candela.CandelaException;
import dev.candela.Setting;
import dev.candela.SettingException;
import java.util.Map;

/**
 * What a long training run reports and keeps besides its per-epoch checkpoint: loss terms per step
 * window, a metric snapshot on a fixed held-out sample every {@code evalEvery} steps, and
 * step-named model snapshots. None of these settings is part of the checkpoint's configuration, so
 * a resumed run may change them.
 *
 * @param evalEvery steps between held-out evaluations and loss-window rows (0 = none: one
 *     loss-window row per epoch, no held-out evaluation)
 * @param heldOut held-out samples (drawn, seeded, from the images not in the training subset)
 * @param keepCheckpoints step-named snapshots to keep: 0 none, {@link #ALL} all, N the newest N
 * @param listener receives every row
 * @param times receives the phase times of every step (forward, backward, optimiser, rest), or null
 *     (for {@code bench models})
 */
public record TrainingMonitor(
    int evalEvery, int heldOut, int keepCheckpoints, Listener listener, StepTimes times) {

  /** {@code keepCheckpoints} value that keeps every snapshot. */
  public static final int ALL = -1;

  /** The default held-out sample size. */
  public static final int DEFAULT_HELD_OUT = 2000;

  /** Nothing but the per-epoch checkpoint. */
  public static final TrainingMonitor NONE = new TrainingMonitor(0, DEFAULT_HELD_OUT, 0, null);

  /**
   * A monitor that does not time steps.
   *
   * @param evalEvery steps between held-out evaluations and loss-window rows (0 = none)
   * @param heldOut held-out samples
   * @param keepCheckpoints step-named snapshots to keep: 0 none, {@link #ALL} all, N the newest N
   * @param listener receives every row
   */
  public TrainingMonitor(int evalEvery, int heldOut, int keepCheckpoints, Listener listener) {
    this(evalEvery, heldOut, keepCheckpoints, listener, null);
  }

  /**
   * Nothing but the per-epoch checkpoint, with every step's phases timed.
   *
   * @param times receives the phase times
   * @return the monitor
   */
  public static TrainingMonitor timing(StepTimes times) {
    return new TrainingMonitor(0, DEFAULT_HELD_OUT, 0, null, times);
  }

  /** Validates. */
  public TrainingMonitor {
    if (evalEvery < 0) {
      throw new SettingException(
          Setting.EVAL_EVERY, evalEvery, "must be ≥ 0 steps, got " + evalEvery);
    }
    if (heldOut < 10) {
      throw new SettingException(Setting.HELD_OUT, heldOut, "must be ≥ 10, got " + heldOut);
    }
    if (keepCheckpoints < ALL) {
      throw new SettingException(
          Setting.KEEP_CHECKPOINTS,
          keepCheckpoints,
          "must be 'all' or ≥ 0, got " + keepCheckpoints);
    }
  }

  /**
   * Parses a {@code --keep-checkpoints} value.
   *
   * @param text {@code all} or an integer ≥ 0
   * @return {@link #ALL} or the count
   * @throws IllegalArgumentException for anything else
   */
  public static int parseKeep(String text) {
    if (text.trim().equalsIgnoreCase("all")) {
      return ALL;
    }
    try {
      int n = Integer.parseInt(text.trim());
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    throw new SettingException(
        Setting.KEEP_CHECKPOINTS, text, "must be 'all' or an integer ≥ 0, got '" + text + "'");
  }

  /** Receives the training log's rows. */
  @FunctionalInterface
  public interface Listener {
    /**
     * One row group of the training log.
     *
     * @param step the global optimisation step (1-based) at the end of the window
     * @param epoch the epoch (1-based) the step belongs to
     * @param source {@code train} (mean loss terms over the window) or {@code heldout} (the
     *     held-out snapshot: {@code recon}, {@code kl}, {@code mig}, {@code dci.disentanglement},
     *     {@code irs})
     * @param values name to value
     * @throws CandelaException when the log cannot be written
     */
    void log(long step, int epoch, String source, Map<String, Double> values)
        throws CandelaException;

    /**
     * Called once before the first row group: the run continues after {@code afterStep} (0 for a
     * new run), so rows of later steps are from an interrupted run; nothing by default.
     *
     * @param afterStep the global step of the checkpoint the run starts from
     * @throws CandelaException when the log cannot be rewritten
     */
    default void start(long afterStep) throws CandelaException {}
  }
}
