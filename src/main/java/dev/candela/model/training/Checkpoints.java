package dev.candela.model.training;

import ai.djl.MalformedModelException;
import ai.djl.Model;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.model.card.ModelCard;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-epoch checkpoint of a training run: {@code out/checkpoint/} with the parameters, the
 * optimizer state and {@code state.json} (epochs done, loss history, configuration). Written to
 * {@code checkpoint.tmp/}; the previous checkpoint is then renamed to {@code checkpoint.old/}, the
 * new one renamed into place and only then the old one deleted. A kill at any point leaves a
 * complete checkpoint under one of the three names, and {@link #start} puts it back in place.
 */
final class Checkpoints {
  static final String DIR = "checkpoint";
  static final String STATE = "state.json";
  static final String OLD = DIR + ".old";
  static final String TMP = DIR + ".tmp";

  private final Path out;
  private final Path dir;

  Checkpoints(Path out) {
    this.out = out;
    this.dir = out.resolve(DIR);
  }

  /**
   * The state to start from.
   *
   * @param epochsDone completed epochs
   * @param history their mean loss terms
   */
  record State(int epochsDone, List<Map<String, Double>> history) {}

  State start(boolean resume, Map<String, Object> config) throws BadInputException {
    return start(resume, config, Map.of());
  }

  /**
   * The state to start from: a fresh run, or the checkpoint's epochs and history when resuming with
   * the same configuration (only {@code epochs} may differ).
   *
   * @param resume continue from the checkpoint when present
   * @param config the run's configuration
   * @param legacy values implied for keys that older checkpoints lack
   * @return the state
   * @throws BadInputException when DIR holds a model and not resuming, or the configuration differs
   */
  State start(boolean resume, Map<String, Object> config, Map<String, Object> legacy)
      throws BadInputException {
    return start(resume, config, legacy, null, null);
  }

  /**
   * As {@link #start(boolean, Map, Map)}, and a step schedule may also change on resume where it
   * changes only epochs not yet trained: {@code epochKey} (the 0-based epoch the schedule starts
   * at, absent for none) and {@code valueKey} may differ when both the checkpoint's and the new
   * start epoch are at least the epochs done, so the resumed run gives the weights of an
   * uninterrupted run with the new schedule.
   *
   * @param resume continue from the checkpoint when present
   * @param config the run's configuration
   * @param legacy values implied for keys that older checkpoints lack
   * @param epochKey the schedule's start-epoch key, or null
   * @param valueKey the schedule's value key, or null
   * @return the state
   * @throws BadInputException when DIR holds a model and not resuming, or the configuration differs
   */
  State start(
      boolean resume,
      Map<String, Object> config,
      Map<String, Object> legacy,
      String epochKey,
      String valueKey)
      throws BadInputException {
    recover();
    Path state = dir.resolve(STATE);
    boolean hasCheckpoint = Files.isRegularFile(state);
    if (!resume) {
      if (hasCheckpoint || Files.isRegularFile(out.resolve(ModelCard.FILE))) {
        throw new BadInputException(
            out
                + ": already holds a model or checkpoint; set resume to continue it or choose"
                + " another output folder");
      }
      return new State(0, List.of());
    }
    if (!hasCheckpoint) {
      throw new BadInputException(
          out
              + ": resume is set but there is no checkpoint to resume (no "
              + DIR
              + "/"
              + STATE
              + "); unset resume to start a new run");
    }
    try {
      JsonNode root = ModelCard.json().readTree(state.toFile());
      JsonNode saved = root.get("config");
      String nowText = ModelCard.json().writeValueAsString(config);
      Map<String, Object> a = ModelCard.json().convertValue(saved, new TypeReference<>() {});
      Map<String, Object> b = ModelCard.json().readValue(nowText, new TypeReference<>() {});
      Map<String, Object> implied = ModelCard.json().convertValue(legacy, new TypeReference<>() {});
      implied.forEach(a::putIfAbsent);
      a.remove("epochs");
      b.remove("epochs");
      int doneSoFar = root.get("epochsDone").asInt();
      if (epochKey != null
          && untrained(a.get(epochKey), doneSoFar)
          && untrained(b.get(epochKey), doneSoFar)) {
        a.remove(epochKey);
        b.remove(epochKey);
        a.remove(valueKey);
        b.remove(valueKey);
      }
      if (!a.equals(b)) {
        throw new BadInputException(
            state
                + ": the checkpoint was trained with "
                + a
                + ", not "
                + b
                + " (only epochs may change when resuming, and a schedule of epochs not yet"
                + " trained)");
      }
      int done = root.get("epochsDone").asInt();
      List<Map<String, Double>> history =
          ModelCard.json().convertValue(root.get("history"), new TypeReference<>() {});
      return new State(done, history);
    } catch (IOException e) {
      throw new BadInputException(state + ": unreadable checkpoint state: " + e.getMessage(), e);
    }
  }

  /** Whether a schedule's start epoch (absent: none) leaves the epochs already trained alone. */
  private static boolean untrained(Object startEpoch, int epochsDone) {
    return startEpoch == null || ((Number) startEpoch).intValue() >= epochsDone;
  }

  /**
   * Puts a complete checkpoint back under {@code checkpoint/} after a kill during {@link #save}'s
   * renames: the finished {@code checkpoint.tmp/} (it has its state file, written last) is the
   * newest, else {@code checkpoint.old/}.
   *
   * @throws BadInputException when the folders cannot be renamed
   */
  void recover() throws BadInputException {
    if (Files.isRegularFile(dir.resolve(STATE))) {
      return;
    }
    try {
      for (Path candidate : new Path[] {out.resolve(TMP), out.resolve(OLD)}) {
        if (Files.isRegularFile(candidate.resolve(STATE))) {
          AtomicFiles.deleteTree(dir);
          AtomicFiles.moveDirectory(candidate, dir);
          return;
        }
      }
    } catch (IOException e) {
      throw new BadInputException(dir + ": cannot recover the checkpoint: " + e.getMessage(), e);
    }
  }

  void restore(Model model, CheckpointAdam adam, String prefix) throws BadInputException {
    loadWeights(model, dir, prefix);
    try (InputStream in = Files.newInputStream(dir.resolve(prefix + "-adam.bin"))) {
      adam.load(in, model.getNDManager());
    } catch (IOException e) {
      throw new BadInputException(
          dir + ": cannot restore checkpoint '" + prefix + "': " + e.getMessage(), e);
    }
  }

  /**
   * Loads {@code dir/prefix-0000.params} into the model's block, gradients re-attached for
   * training.
   */
  static void loadWeights(Model model, Path dir, String prefix) throws BadInputException {
    try {
      model.load(dir, prefix);
      // Parameter.load does not re-attach gradients; training needs them.
      for (var p : model.getBlock().getParameters().values()) {
        if (p.requiresGradient()) {
          p.getArray().setRequiresGradient(true);
        }
      }
    } catch (IOException | MalformedModelException e) {
      throw new BadInputException(
          dir + ": cannot load the weights '" + prefix + "': " + e.getMessage(), e);
    }
  }

  void save(
      int epochsDone,
      List<Map<String, Double>> history,
      Map<String, Object> config,
      Model model,
      CheckpointAdam adam,
      String prefix,
      Model disc,
      CheckpointAdam discAdam)
      throws BadInputException {
    try {
      // Never a moment without a complete checkpoint: old aside, new in, then old deleted.
      AtomicFiles.writeDirectory(
          dir,
          tmp -> {
            write(tmp, model, adam, prefix);
            if (disc != null) {
              write(tmp, disc, discAdam, "disc");
            }
            Map<String, Object> state = new LinkedHashMap<>();
            state.put("epochsDone", epochsDone);
            state.put("history", history);
            state.put("config", config);
            ModelCard.json().writeValue(tmp.resolve(STATE).toFile(), state);
          });
    } catch (IOException | CandelaException e) {
      throw new BadInputException(dir + ": cannot write checkpoint: " + e.getMessage(), e);
    }
  }

  private static void write(Path d, Model model, CheckpointAdam adam, String prefix)
      throws IOException {
    model.setProperty("Epoch", "0");
    model.save(d, prefix);
    try (OutputStream o = Files.newOutputStream(d.resolve(prefix + "-adam.bin"))) {
      adam.save(o, model.getNDManager());
    }
  }

  void saveModel(Model model, Path target, String prefix) throws BadInputException {
    try {
      Files.createDirectories(target);
      model.setProperty("Epoch", "0");
      model.save(target, prefix);
    } catch (IOException e) {
      throw new BadInputException(target + ": cannot write parameters: " + e.getMessage(), e);
    }
  }
}
