package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.model.card.ModelCard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.TreeSet;

/**
 * The one place where a VAE, a factor classifier and a dataset are matched: image shapes, factor
 * names and factor sizes. Every check fails with a {@link BadInputException} naming the card file.
 */
public final class ModelMatch {
  private ModelMatch() {}

  /**
   * The classifier's factors matched to the dataset's by name (the counterfactual job's view).
   *
   * @param datasetIndex per classifier factor, the dataset factor index
   * @param evaluated the classifier factor indices CG evaluates (increasing)
   * @param selectable the classifier factor indices with more than one value (IRS/UC columns)
   */
  public record FactorMap(int[] datasetIndex, int[] evaluated, int[] selectable) {}

  /**
   * Checks that a model's input shape (or source image shape) and recorded factors match a dataset.
   *
   * @param card the model card
   * @param dir the model folder, for messages
   * @param ds the dataset
   * @throws BadInputException naming the card file and both shapes or factor lists
   */
  public static void checkModelMatchesDataset(ModelCard card, Path dir, FactorDataset ds)
      throws BadInputException {
    var shape = ds.imageShape();
    var in = card.input();
    if (!takes(card, shape)) {
      throw new BadInputException(
          dir.resolve(ModelCard.FILE)
              + ": model input "
              + in
              + " does not match the dataset's images "
              + shape.channels()
              + "x"
              + shape.height()
              + "x"
              + shape.width());
    }
    if (card.factors() != null && !card.factors().isEmpty()) {
      List<String> names = card.factors().stream().map(ModelCard.FactorInfo::name).toList();
      if (!new HashSet<>(names).equals(new HashSet<>(ds.space().names()))) {
        throw new BadInputException(
            dir.resolve(ModelCard.FILE)
                + ": model factors "
                + names
                + " do not match the dataset's factors "
                + ds.space().names());
      }
    }
  }

  /**
   * Checks only that a VAE takes the dataset's images (its input shape, or its source image shape
   * that it resizes from).
   *
   * @param card the VAE's card
   * @param model the VAE's folder, for the message
   * @param ds the dataset
   * @param dataset the dataset's path, for the message
   * @throws BadInputException naming both shapes
   */
  public static void checkImageShape(ModelCard card, Path model, FactorDataset ds, Path dataset)
      throws BadInputException {
    FactorDataset.ImageShape s = ds.imageShape();
    ModelCard.Shape in = card.input();
    ModelCard.Shape src = card.sourceImage();
    if (!takes(card, s)) {
      throw new BadInputException(
          dataset
              + ": images are "
              + s.channels()
              + "x"
              + s.height()
              + "x"
              + s.width()
              + ", the model "
              + model
              + " takes "
              + in.channels()
              + "x"
              + in.height()
              + "x"
              + in.width()
              + (src == null
                  ? ""
                  : " or " + src.channels() + "x" + src.height() + "x" + src.width()));
    }
  }

  /** A card with a source image shape takes dataset images of that shape and resizes them. */
  private static boolean takes(ModelCard card, FactorDataset.ImageShape s) {
    ModelCard.Shape src = card.sourceImage();
    return same(s, card.input()) || (src != null && same(s, src));
  }

  private static boolean same(FactorDataset.ImageShape s, ModelCard.Shape m) {
    return s.channels() == m.channels() && s.height() == m.height() && s.width() == m.width();
  }

  /**
   * For each scored factor (by name), the classifier's output block; sizes must agree.
   *
   * @param cf the classifier's factors (null reads as none)
   * @param dir the classifier's folder, for messages
   * @param names the scored factors
   * @param space the dataset's factors
   * @return per scored factor, the classifier factor index
   * @throws BadInputException when a factor is missing or has another size
   */
  public static int[] matchClassifier(
      List<ModelCard.FactorInfo> cf, Path dir, List<String> names, FactorSpace space)
      throws BadInputException {
    if (cf == null) {
      cf = List.of();
    }
    List<String> clfNames = cf.stream().map(ModelCard.FactorInfo::name).toList();
    int[] out = new int[names.size()];
    for (int k = 0; k < names.size(); k++) {
      int i = clfNames.indexOf(names.get(k));
      if (i < 0) {
        throw new BadInputException(
            dir.resolve(ModelCard.FILE)
                + ": classifier has no factor '"
                + names.get(k)
                + "' (classifier factors "
                + clfNames
                + ")");
      }
      int want = space.factor(names.get(k)).size();
      if (cf.get(i).size() != want) {
        throw new BadInputException(
            dir.resolve(ModelCard.FILE)
                + ": classifier factor '"
                + names.get(k)
                + "' has "
                + cf.get(i).size()
                + " values, the dataset has "
                + want);
      }
      out[k] = i;
    }
    return out;
  }

  /**
   * Matches a classifier's factors to a dataset's by name, for the counterfactual job: the same
   * factor set, the same sizes, and the factors CG evaluates.
   *
   * @param cf the classifier's factors
   * @param classifier the classifier's folder, for messages
   * @param data the dataset
   * @param dataset the dataset's path, for messages
   * @param factors the factors to evaluate by name, or null/empty for all with more than one value
   * @param listener told about skipped single-valued factors
   * @return the match
   * @throws BadInputException when the factor sets or sizes differ, a name is unknown, or fewer
   *     than two factors vary
   */
  public static FactorMap matchFactors(
      List<ModelCard.FactorInfo> cf,
      Path classifier,
      FactorDataset data,
      Path dataset,
      List<String> factors,
      ProgressListener listener)
      throws BadInputException {
    List<String> dataNames = data.space().names();
    List<String> clfNames = cf.stream().map(ModelCard.FactorInfo::name).toList();
    if (!new TreeSet<>(dataNames).equals(new TreeSet<>(clfNames))) {
      throw new BadInputException(
          classifier.resolve(ModelCard.FILE)
              + ": classifier factors "
              + clfNames
              + " do not match the dataset's "
              + dataNames
              + " ("
              + dataset
              + ")");
    }
    int[] index = new int[cf.size()];
    List<Integer> selectable = new ArrayList<>();
    for (int f = 0; f < cf.size(); f++) {
      index[f] = dataNames.indexOf(cf.get(f).name());
      int dataSize = data.space().factors().get(index[f]).size();
      if (dataSize != cf.get(f).size()) {
        throw new BadInputException(
            classifier.resolve(ModelCard.FILE)
                + ": factor "
                + cf.get(f).name()
                + " has "
                + cf.get(f).size()
                + " values, the dataset's has "
                + dataSize);
      }
      if (cf.get(f).size() > 1) {
        selectable.add(f);
      }
    }
    List<Integer> evaluated = new ArrayList<>();
    if (factors == null || factors.isEmpty()) {
      for (int f = 0; f < cf.size(); f++) {
        if (cf.get(f).size() > 1) {
          evaluated.add(f);
        } else {
          listener.message(
              "warning: skipping factor '" + cf.get(f).name() + "': it has a single value");
        }
      }
    } else {
      TreeSet<Integer> chosen = new TreeSet<>();
      for (String name : factors) {
        int f = clfNames.indexOf(name.trim());
        if (f < 0) {
          throw new BadInputException(
              "factors: unknown factor '" + name.trim() + "' (factors: " + clfNames + ")");
        }
        if (cf.get(f).size() <= 1) {
          listener.message("warning: skipping factor '" + name.trim() + "': it has a single value");
        } else {
          chosen.add(f);
        }
      }
      evaluated.addAll(chosen);
    }
    if (evaluated.isEmpty()) {
      throw new BadInputException("no factor with more than one value to evaluate");
    }
    if (selectable.size() < 2) {
      throw new BadInputException(
          "the UC sets need at least 2 factors with more than one value, the classifier has "
              + selectable.size());
    }
    return new FactorMap(
        index,
        evaluated.stream().mapToInt(Integer::intValue).toArray(),
        selectable.stream().mapToInt(Integer::intValue).toArray());
  }
}
