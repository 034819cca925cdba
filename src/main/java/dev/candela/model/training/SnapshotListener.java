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
 * the newest {@code keep} are kept ({@link TrainingMonitor#ALL}: all).
 *
 * @param window steps between snapshots, or 0 for one after every epoch
 * @param keep how many snapshots to keep
 * @param vae the run whose model a snapshot writes
 */
record SnapshotListener(int window, int keep, VaeRun vae) implements TrainingListener {

  @Override
  public void onStep(TrainingContext run, TrainingListener.StepEnd end) throws CandelaException {
    if (window > 0 && end.step() % window == 0) {
      snapshot(run, end.step(), end.epoch());
    }
  }

  @Override
  public void onEpoch(TrainingContext run, int epoch, List<Map<String, Double>> history)
      throws CandelaException {
    if (window == 0) {
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
