package dev.candela.model.training;

import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import dev.candela.model.hosting.VaeModels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Keeps step-named snapshots {@code out/snapshots/step-NNNNNNNN/} (each a model folder that {@code
 * evaluate} scores): every {@code window} steps, or after every epoch when the window is 0; only
 * the newest {@code keep} are kept ({@link TrainingMonitor#ALL}: all). At the start of a run the
 * snapshots of steps after the checkpoint it starts from (those of an interrupted run, and their
 * unfinished {@code .tmp}/{@code .old} folders) are deleted, also when no snapshots are kept.
 *
 * @param window steps between snapshots, or 0 for one after every epoch
 * @param keep how many snapshots to keep (0: none taken)
 * @param vae the run whose model a snapshot writes
 */
record SnapshotListener(int window, int keep, VaeRun vae) implements TrainingListener {

  /** Deletes the snapshots after the run's start step. */
  @Override
  public void onStart(TrainingContext run, int epochsDone) throws CandelaException {
    Path root = run.out.resolve(VaeTrainer.SNAPSHOTS);
    if (!Files.isDirectory(root)) {
      return;
    }
    long after = (long) epochsDone * run.stepsPerEpoch;
    try {
      List<Path> stale;
      try (Stream<Path> list = Files.list(root)) {
        stale =
            list.filter(
                    p -> {
                      java.util.regex.Matcher m = STEP.matcher(p.getFileName().toString());
                      return m.matches() && Long.parseLong(m.group(1)) > after;
                    })
                .sorted()
                .toList();
      }
      for (Path p : stale) {
        AtomicFiles.deleteTree(p);
      }
      AtomicFiles.reclaimAll(root);
    } catch (IOException | NumberFormatException e) {
      throw new CandelaException(
          root + ": cannot remove the snapshots of an interrupted run (" + e.getMessage() + ")", e);
    }
  }

  /** A snapshot folder's name, or its unfinished or replaced one; group 1 is the step. */
  private static final java.util.regex.Pattern STEP =
      java.util.regex.Pattern.compile("step-(\\d{1,18})(\\.tmp|\\.old)?");

  @Override
  public void onStep(TrainingContext run, TrainingListener.StepEnd end) throws CandelaException {
    if (keep != 0 && window > 0 && end.step() % window == 0) {
      snapshot(run, end.step(), end.epoch());
    }
  }

  @Override
  public void onEpoch(TrainingContext run, int epoch, List<Map<String, Double>> history)
      throws CandelaException {
    if (keep != 0 && window == 0) {
      snapshot(run, (long) epoch * run.stepsPerEpoch, epoch);
    }
  }

  /** Writes one snapshot folder atomically, then drops the oldest beyond {@code keep}. */
  private void snapshot(TrainingContext run, long step, int epoch) throws CandelaException {
    Path root = run.out.resolve(VaeTrainer.SNAPSHOTS);
    Path dir = root.resolve(String.format(Locale.ROOT, "step-%08d", step));
    try {
      AtomicFiles.writeDirectory(
          dir,
          tmp -> {
            run.model.setProperty("Epoch", "0");
            run.model.save(tmp, VaeModels.DJL_VAE_PREFIX);
            Map<String, Object> results = new LinkedHashMap<>();
            results.put("step", step);
            results.put("epoch", epoch);
            vae.card(tmp, results).write(tmp);
          });
      if (keep > 0) {
        List<Path> all;
        try (Stream<Path> list = Files.list(root)) {
          all = list.filter(p -> p.getFileName().toString().matches("step-\\d+")).sorted().toList();
        }
        for (int i = 0; i < all.size() - keep; i++) {
          AtomicFiles.deleteTree(all.get(i));
        }
      }
    } catch (IOException e) {
      throw new CandelaException(dir + ": cannot write the snapshot (" + e.getMessage() + ")", e);
    }
  }
}
