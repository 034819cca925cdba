package dev.candela.model.training;

import ai.djl.MalformedModelException;
import ai.djl.Model;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.BadSettingException;
import dev.candela.CandelaException;
import dev.candela.Setting;
import dev.candela.SettingText;
import dev.candela.model.card.ModelCard;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-epoch checkpoint of a training run: {@code out/checkpoint/} with the parameters, the
 * optimizer state and {@code state.json} (epochs done, loss history, configuration, and the name
 * and byte size of every other file of the checkpoint).
 *
 * <p>{@link #save} writes, in this order: {@code checkpoint.tmp/} (emptied first), its parameter
 * and optimizer files, then {@code state.json} through a temporary name and an atomic rename: that
 * rename is the commit point, as {@code state.json} is written only once every file it lists is
 * complete. Then the previous checkpoint is renamed to {@code checkpoint.old/}, {@code
 * checkpoint.tmp/} to {@code checkpoint/}, and {@code checkpoint.old/} is deleted. A folder is a
 * complete checkpoint only when its {@code state.json} parses and every file it lists has the
 * recorded size, so a kill at any moment leaves the previous complete checkpoint or the new one.
 *
 * <p>{@link #start} takes the newest complete one of {@code checkpoint.tmp/}, {@code checkpoint/}
 * and {@code checkpoint.old/} (in that order: the write sequence makes each older than the one
 * before), puts it under {@code checkpoint/}, and removes the rest and the temporary files of
 * killed processes. An incomplete checkpoint newer than the one taken (or, with none complete, any)
 * is the trace of an interrupted write: the run continues from the complete one, or from epoch 1,
 * and {@link State#notice} says so in one line.
 */
final class Checkpoints {
  static final String DIR = "checkpoint";
  static final String STATE = "state.json";
  static final String OLD = DIR + ".old";
  static final String TMP = DIR + ".tmp";

  /** The key of {@code state.json} that lists the checkpoint's other files and their sizes. */
  static final String FILES = "files";

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
   * @param notice one line on an interrupted checkpoint write that was removed (which, why, where
   *     the run starts), or null
   */
  record State(int epochsDone, List<Map<String, Double>> history, String notice) {
    /**
     * A state without a notice.
     *
     * @param epochsDone completed epochs
     * @param history their mean loss terms
     */
    State(int epochsDone, List<Map<String, Double>> history) {
      this(epochsDone, history, null);
    }
  }

  /**
   * One of the checkpoint folders as found.
   *
   * @param dir the folder
   * @param state its parsed {@code state.json} when complete, else null
   * @param problem why it is not complete ({@code no state.json}, {@code vae-adam.bin has 10 of its
   *     20 bytes}, ...), or null when it is
   */
  private record Found(Path dir, JsonNode state, String problem) {
    boolean complete() {
      return problem == null;
    }
  }

  State start(boolean resume, Map<String, Object> config) throws BadInputException {
    return start(resume, config, Map.of());
  }

  /**
   * The two configuration keys of a step schedule (the classifier's learning-rate drop), which may
   * change on resume where they change only epochs not yet trained.
   *
   * @param epochKey the key of the 0-based epoch the schedule starts at (absent for none)
   * @param valueKey the key of the schedule's value
   */
  record Schedule(String epochKey, String valueKey) {
    /**
     * Removes both keys from the checkpoint's and the run's configuration when both start epochs
     * are at least the epochs done, so that only the rest is compared.
     */
    void ignoreUntrained(Map<String, Object> saved, Map<String, Object> now, int done) {
      if (untrained(saved.get(epochKey), done) && untrained(now.get(epochKey), done)) {
        saved.remove(epochKey);
        now.remove(epochKey);
        saved.remove(valueKey);
        now.remove(valueKey);
      }
    }
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
    return start(resume, config, legacy, null);
  }

  /**
   * As {@link #start(boolean, Map, Map)}, and a step schedule may also change on resume where it
   * changes only epochs not yet trained: the schedule's keys ({@link Schedule}) may differ when
   * both the checkpoint's and the new start epoch are at least the epochs done, so the resumed run
   * gives the weights of an uninterrupted run with the new schedule.
   *
   * <p>First finds the newest complete checkpoint ({@link Checkpoints}); nothing is changed on disk
   * when the run is refused. Refused: not resuming while DIR holds a model or a complete
   * checkpoint; resuming where there is neither a complete checkpoint nor an interrupted one;
   * resuming with another configuration. Otherwise the complete checkpoint is put under {@code
   * checkpoint/} and every other checkpoint folder and killed process's temporary file removed;
   * when an interrupted write is removed, the state's notice says so.
   *
   * @param resume continue from the checkpoint when present
   * @param config the run's configuration
   * @param legacy values implied for keys that older checkpoints lack
   * @param schedule the step schedule's keys, or null
   * @return the state
   * @throws BadInputException when DIR holds a model and not resuming, or the configuration differs
   */
  State start(
      boolean resume, Map<String, Object> config, Map<String, Object> legacy, Schedule schedule)
      throws BadInputException {
    // newest first: checkpoint.tmp/ is only ever newer than checkpoint/, checkpoint.old/ older
    List<Found> found = new ArrayList<>();
    for (Path d : new Path[] {out.resolve(TMP), dir, out.resolve(OLD)}) {
      if (Files.exists(d)) {
        found.add(examine(d));
      }
    }
    Found complete = found.stream().filter(Found::complete).findFirst().orElse(null);
    List<Found> interrupted = new ArrayList<>();
    for (Found f : found) {
      if (f == complete) {
        break;
      }
      interrupted.add(f);
    }
    boolean model = Files.isRegularFile(out.resolve(ModelCard.FILE));
    // what a run writes before its first checkpoint: a kill before or during that write leaves it
    boolean ran =
        Files.isRegularFile(out.resolve(TrainingLog.CSV))
            || Files.isDirectory(out.resolve(VaeTrainer.SNAPSHOTS));
    if (!resume) {
      if (complete != null || model) {
        throw new BadSettingException(
            SettingText.of(
                out + ": already holds a model or checkpoint; ",
                SettingText.set(Setting.RESUME),
                " to continue it or choose another ",
                Setting.OUT));
      }
    } else if (complete == null && (model || (interrupted.isEmpty() && !ran))) {
      throw new BadSettingException(
          SettingText.of(
              out + ": ",
              SettingText.isSet(Setting.RESUME),
              " but there is no checkpoint to resume (no " + DIR + "/" + STATE + "); ",
              SettingText.unset(Setting.RESUME),
              " to start a new run"));
    }
    State state =
        resume && complete != null
            ? resumed(complete, config, legacy, schedule)
            : new State(0, List.of());
    install(complete);
    if (interrupted.isEmpty()) {
      if (resume && complete == null) {
        return new State(
            0,
            List.of(),
            out
                + ": the interrupted run completed no checkpoint (no "
                + DIR
                + "/"
                + STATE
                + "); starting from epoch 1");
      }
      return state;
    }
    StringBuilder notice = new StringBuilder();
    for (int k = 0; k < interrupted.size(); k++) {
      Found f = interrupted.get(k);
      notice.append(k == 0 ? "" : "; also ").append(f.dir());
      notice.append(k == 0 ? ": incomplete checkpoint from an interrupted write (" : " (");
      notice.append(f.problem()).append(')');
    }
    notice.append(interrupted.size() == 1 ? "; removed it, " : "; removed them, ");
    notice.append(
        state.epochsDone() > 0
            ? "resuming after epoch " + state.epochsDone() + " from " + dir
            : "starting from epoch 1");
    return new State(state.epochsDone(), state.history(), notice.toString());
  }

  /**
   * Whether a folder is a complete checkpoint: its {@code state.json} is a JSON object with {@code
   * epochsDone}, {@code history} and {@code config}, and every file it lists under {@value #FILES}
   * has the recorded size (checkpoints written before that list have their state file alone
   * checked; it was written last).
   */
  private static Found examine(Path d) {
    Path s = d.resolve(STATE);
    try {
      if (!Files.isRegularFile(s)) {
        return new Found(d, null, "no " + STATE);
      }
      if (Files.size(s) == 0) {
        return new Found(d, null, STATE + " is empty");
      }
      JsonNode root;
      try {
        root = ModelCard.json().readTree(s.toFile());
      } catch (com.fasterxml.jackson.core.JacksonException e) {
        return new Found(d, null, STATE + " is not complete JSON");
      }
      if (root == null || !root.isObject()) {
        return new Found(d, null, STATE + " is not a JSON object");
      }
      if (!root.path("epochsDone").isIntegralNumber() || root.path("epochsDone").asInt(-1) < 0) {
        return new Found(d, null, STATE + " has no epochsDone");
      }
      if (!root.path("history").isArray()) {
        return new Found(d, null, STATE + " has no history");
      }
      if (!root.path("config").isObject()) {
        return new Found(d, null, STATE + " has no config");
      }
      JsonNode files = root.get(FILES);
      if (files != null) {
        if (!files.isObject()) {
          return new Found(d, null, STATE + " has no list of " + FILES);
        }
        for (Map.Entry<String, JsonNode> e : files.properties()) {
          String name = e.getKey();
          Path f = d.resolve(name).normalize();
          if (!d.equals(f.getParent())) {
            return new Found(d, null, STATE + " lists a file outside the checkpoint: " + name);
          }
          if (!Files.isRegularFile(f)) {
            return new Found(d, null, "no " + name);
          }
          long size = Files.size(f);
          if (size != e.getValue().asLong(-1)) {
            return new Found(
                d, null, name + " has " + size + " bytes, not the " + e.getValue() + " recorded");
          }
        }
      }
      return new Found(d, root, null);
    } catch (IOException e) {
      return new Found(d, null, "unreadable: " + e.getMessage());
    }
  }

  /**
   * Puts the complete checkpoint (or none) under {@code checkpoint/} and removes every other
   * checkpoint folder and the temporary files of killed processes. Safe to be killed at any point:
   * the newest complete checkpoint stays complete until it is under {@code checkpoint/}, and a
   * removed folder loses its state file first.
   */
  private void install(Found complete) throws BadInputException {
    Path old = out.resolve(OLD);
    Path tmp = out.resolve(TMP);
    try {
      if (complete != null && complete.dir().equals(tmp)) {
        discard(old);
        if (Files.exists(dir)) {
          AtomicFiles.moveDirectory(dir, old);
        }
        AtomicFiles.moveDirectory(tmp, dir);
      } else if (complete != null && complete.dir().equals(old)) {
        discard(tmp);
        discard(dir);
        AtomicFiles.moveDirectory(old, dir);
      } else if (complete == null) {
        discard(dir);
      }
      discard(tmp);
      discard(old);
      if (Files.isDirectory(out)) {
        AtomicFiles.reclaimAll(out);
      }
      AtomicFiles.reclaimAll(dir);
    } catch (IOException e) {
      throw new BadInputException(dir + ": cannot recover the checkpoint: " + e.getMessage(), e);
    }
  }

  /** Deletes a checkpoint folder, its state file first (so that it is never taken as complete). */
  private static void discard(Path d) throws IOException {
    if (Files.exists(d)) {
      Files.deleteIfExists(d.resolve(STATE));
      AtomicFiles.deleteTree(d);
    }
  }

  /** The state of a complete checkpoint, when its configuration matches the run's. */
  private static State resumed(
      Found complete, Map<String, Object> config, Map<String, Object> legacy, Schedule schedule)
      throws BadInputException {
    Path state = complete.dir().resolve(STATE);
    JsonNode root = complete.state();
    try {
      JsonNode saved = root.get("config");
      String nowText = ModelCard.json().writeValueAsString(config);
      Map<String, Object> a = ModelCard.json().convertValue(saved, new TypeReference<>() {});
      Map<String, Object> b = ModelCard.json().readValue(nowText, new TypeReference<>() {});
      Map<String, Object> implied = ModelCard.json().convertValue(legacy, new TypeReference<>() {});
      implied.forEach(a::putIfAbsent);
      a.remove("epochs");
      b.remove("epochs");
      int done = root.get("epochsDone").asInt();
      if (schedule != null) {
        schedule.ignoreUntrained(a, b, done);
      }
      if (!a.equals(b)) {
        throw new BadSettingException(
            SettingText.of(
                state + ": the checkpoint was trained with " + a + ", not " + b + " (only ",
                Setting.EPOCHS,
                " may change when resuming, and a schedule of epochs not yet trained)"));
      }
      List<Map<String, Double>> history =
          ModelCard.json().convertValue(root.get("history"), new TypeReference<>() {});
      return new State(done, history);
    } catch (IOException | IllegalArgumentException e) {
      throw new BadInputException(state + ": unreadable checkpoint state: " + e.getMessage(), e);
    }
  }

  /** Whether a schedule's start epoch (absent: none) leaves the epochs already trained alone. */
  private static boolean untrained(Object startEpoch, int epochsDone) {
    return startEpoch == null || ((Number) startEpoch).intValue() >= epochsDone;
  }

  /**
   * Restores a network and its optimiser from the checkpoint folder.
   *
   * @param model the model, its block set
   * @param adam its optimiser
   * @param prefix the network's parameter prefix
   * @throws BadInputException naming the file when one is missing or unreadable
   */
  void restore(Model model, CheckpointAdam adam, String prefix) throws BadInputException {
    for (String name : new String[] {paramsFile(prefix), adamFile(prefix)}) {
      if (!Files.isRegularFile(dir.resolve(name))) {
        throw new BadInputException(
            dir.resolve(name)
                + ": missing from the checkpoint; remove "
                + dir
                + " to start a new run");
      }
    }
    loadWeights(model, dir, prefix);
    Path state = dir.resolve(adamFile(prefix));
    try (InputStream in = Files.newInputStream(state)) {
      adam.load(in, model.getNDManager());
    } catch (IOException | RuntimeException e) {
      throw new BadInputException(
          state + ": cannot restore the optimizer state of '" + prefix + "': " + e.getMessage(), e);
    }
  }

  /** The parameter file of a network in a checkpoint, {@code PREFIX-0000.params}. */
  static String paramsFile(String prefix) {
    return prefix + "-0000.params";
  }

  /** The optimizer state file of a network in a checkpoint, {@code PREFIX-adam.bin}. */
  static String adamFile(String prefix) {
    return prefix + "-adam.bin";
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

  /**
   * Writes the checkpoint after an epoch ({@link Checkpoints}: everything into {@code
   * checkpoint.tmp/}, {@code state.json} last through an atomic rename, then the folder renames).
   *
   * @param epochsDone completed epochs
   * @param history their mean loss terms
   * @param config the run's configuration
   * @param model the network
   * @param adam its optimiser
   * @param prefix its parameter prefix
   * @param disc an auxiliary network (FactorVAE's discriminator), or null
   * @param discAdam its optimiser, or null
   * @throws BadInputException when the checkpoint cannot be written
   */
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
            Map<String, Long> files = new LinkedHashMap<>();
            write(tmp, model, adam, prefix, files);
            if (disc != null) {
              write(tmp, disc, discAdam, FactorVaeLoss.PREFIX, files);
            }
            Map<String, Object> state = new LinkedHashMap<>();
            state.put("epochsDone", epochsDone);
            state.put("history", history);
            state.put("config", config);
            state.put(FILES, files);
            // the commit point: a state file exists only once every file it lists is complete
            AtomicFiles.writeBytes(tmp.resolve(STATE), ModelCard.json().writeValueAsBytes(state));
          });
    } catch (IOException | CandelaException e) {
      throw new BadInputException(dir + ": cannot write checkpoint: " + e.getMessage(), e);
    }
  }

  private static void write(
      Path d, Model model, CheckpointAdam adam, String prefix, Map<String, Long> files)
      throws IOException {
    model.setProperty("Epoch", "0");
    model.save(d, prefix);
    Path params = d.resolve(paramsFile(prefix));
    files.put(paramsFile(prefix), Files.size(params));
    Path state = d.resolve(adamFile(prefix));
    try (OutputStream o = Files.newOutputStream(state)) {
      adam.save(o, model.getNDManager());
    }
    files.put(adamFile(prefix), Files.size(state));
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
