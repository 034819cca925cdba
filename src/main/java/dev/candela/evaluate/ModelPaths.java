package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.BadSettingException;
import dev.candela.Setting;
import dev.candela.SettingText;
import dev.candela.model.card.ModelCard;
import dev.candela.model.card.PyTorchFiles;
import dev.candela.model.training.VaeTrainer;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finding what to evaluate: the checkout's root and its shipped models, model folders from a
 * folder, a list file, a glob or a training run's snapshots, the default classifier of a model, and
 * unique row names for a set of models.
 */
public final class ModelPaths {
  private ModelPaths() {}

  /**
   * The checkout's root: the parent of the folder holding the jar (target/candela.jar) or the
   * classes (target/classes), when it has a models folder; else the working directory.
   *
   * @return the root
   */
  public static Path repoRoot() {
    return dev.candela.Checkout.root();
  }

  /**
   * {@code models/<card dataset>-classifier} next to the checkout, when it exists.
   *
   * @param root the checkout's root
   * @param modelDir the VAE's folder
   * @return the classifier's folder, or null
   * @throws BadInputException when the VAE's card cannot be read
   */
  public static Path defaultClassifier(Path root, Path modelDir) throws BadInputException {
    ModelCard card = ModelCard.read(modelDir);
    if (card.dataset() == null) {
      return null;
    }
    Path c = root.resolve("models").resolve(card.dataset() + "-classifier");
    return Files.isRegularFile(c.resolve(ModelCard.FILE)) ? c : null;
  }

  /**
   * A model folder, a folder of model folders (the VAEs among them, in name order), or a list file
   * (one folder a line, relative to the file; {@code #} comments).
   *
   * @param p the path
   * @return the model folders
   * @throws BadInputException when the path is none of these or names no model
   */
  public static List<Path> resolveModels(Path p) throws BadInputException {
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
          BadInputException pytorch = PyTorchFiles.folderWithoutCard(p);
          if (pytorch != null) {
            throw pytorch;
          }
          throw new BadInputException(
              p + ": no VAE " + ModelCard.FILE + " in it or in any of its sub-folders");
        }
        return subs;
      } catch (IOException e) {
        throw new BadInputException(p + ": cannot list (" + e.getMessage() + ")");
      }
    }
    if (Files.isRegularFile(p)) {
      if (PyTorchFiles.looksLikePyTorch(p)) {
        throw PyTorchFiles.notAModel(p);
      }
      List<String> lines;
      try {
        lines = Files.readAllLines(p);
      } catch (java.nio.charset.CharacterCodingException e) {
        throw new BadInputException(
            p + ": not a model folder nor a text list of model folders (binary content)");
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

  /**
   * Checkpoint folders from a list file, a folder of model folders (as {@link #resolveModels}), or
   * a glob (folders holding {@code model.json}, in name order).
   *
   * @param spec the path or glob
   * @return the model folders
   * @throws BadInputException when nothing matches
   */
  public static List<Path> resolveGlob(String spec) throws BadInputException {
    Path p = Path.of(spec);
    if (Files.exists(p)) {
      return resolveModels(p);
    }
    if (!spec.contains("*") && !spec.contains("?") && !spec.contains("[")) {
      throw new BadInputException(spec + ": no such model folder, list file or glob");
    }
    Path abs = Path.of(spec).toAbsolutePath().normalize();
    Path base = abs.getRoot();
    for (Path part : abs) {
      String t = part.toString();
      if (t.contains("*") || t.contains("?") || t.contains("[")) {
        break;
      }
      base = base.resolve(t);
    }
    PathMatcher matcher =
        FileSystems.getDefault().getPathMatcher("glob:" + abs.toString().replace("\\", "\\\\"));
    int depth = abs.getNameCount() - base.getNameCount();
    List<Path> found;
    try (Stream<Path> s = Files.walk(base, depth)) {
      found =
          s.filter(q -> matcher.matches(q) && Files.isRegularFile(q.resolve("model.json")))
              .sorted()
              .toList();
    } catch (IOException e) {
      throw new BadInputException(spec + ": cannot list " + base + " (" + e.getMessage() + ")");
    }
    if (found.isEmpty()) {
      throw new BadInputException(spec + ": the glob matches no model folder (with model.json)");
    }
    return found;
  }

  /**
   * The step-named snapshots of a training run folder, in step order.
   *
   * @param run the run folder
   * @return the snapshot folders
   * @throws BadInputException when the run kept none
   */
  public static List<Path> snapshots(Path run) throws BadInputException {
    Path dir = run.resolve(VaeTrainer.SNAPSHOTS);
    if (!Files.isDirectory(dir)) {
      throw new BadSettingException(
          SettingText.of(
              run + ": no snapshots/ folder (train with ",
              Setting.KEEP_CHECKPOINTS,
              " N|all to keep snapshots)"));
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

  /**
   * The folders' names, made unique with {@code -2}, {@code -3}, ...
   *
   * @param models the model folders
   * @return one name per folder
   */
  public static List<String> uniqueNames(List<Path> models) {
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

  /**
   * Row names for a sweep: the folders' names when they are distinct; otherwise (sweeps often keep
   * every run as {@code <run>/checkpoint}) {@code <parent>-<name>}; made unique as {@link
   * #uniqueNames} does.
   *
   * @param models the model folders
   * @return one name per folder
   */
  public static List<String> qualifiedNames(List<Path> models) {
    List<Path> abs = models.stream().map(m -> m.toAbsolutePath().normalize()).toList();
    long distinct = abs.stream().map(m -> m.getFileName().toString()).distinct().count();
    if (distinct == abs.size()) {
      return uniqueNames(abs);
    }
    List<Path> qualified = new ArrayList<>();
    for (Path m : abs) {
      Path parent = m.getParent();
      String p = parent == null || parent.getFileName() == null ? "" : parent.getFileName() + "-";
      qualified.add(Path.of(p + m.getFileName()));
    }
    return uniqueNames(qualified);
  }
}
