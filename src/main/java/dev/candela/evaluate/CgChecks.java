package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.BadSettingException;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.Setting;
import dev.candela.SettingText;
import dev.candela.data.FactorSpace;
import dev.candela.model.card.ModelCard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The checks of a CG run before any work ({@link CgJob}): that the classifier folder covers the
 * dataset's factors, that requested factor names are the dataset's, and which of them CG evaluates.
 */
public final class CgChecks {
  private CgChecks() {}

  /**
   * Checks, before any work, that a folder holds a classifier card whose factors cover the
   * dataset's factors with more than one value (by name and size).
   *
   * @param classifier the classifier's folder
   * @param space the dataset's factors
   * @throws CandelaException naming the card when it is missing or does not match
   */
  public static void checkClassifier(Path classifier, FactorSpace space) throws CandelaException {
    if (!Files.isRegularFile(classifier.resolve(ModelCard.FILE))) {
      throw new BadInputException(
          classifier + ": not a classifier folder (no " + ModelCard.FILE + ")");
    }
    List<String> varying = new ArrayList<>();
    for (String f : space.names()) {
      if (space.factor(f).size() > 1) {
        varying.add(f);
      }
    }
    ModelMatch.matchClassifier(ModelCard.read(classifier).factors(), classifier, varying, space);
  }

  /**
   * Checks, before any work, that requested factor names are the dataset's.
   *
   * @param space the dataset's factors
   * @param requested factor names, or null/empty for all
   * @throws BadInputException naming the first unknown factor and the dataset's factors
   */
  public static void checkFactorNames(FactorSpace space, List<String> requested)
      throws BadInputException {
    if (requested == null) {
      return;
    }
    for (String raw : requested) {
      if (!space.names().contains(raw.trim())) {
        throw new BadSettingException(
            SettingText.of(
                Setting.FACTORS,
                ": unknown factor '" + raw.trim() + "' (factors: " + space.names() + ")"));
      }
    }
  }

  /**
   * The factors CG evaluates among the selection's factors: all of them, or the requested ones in
   * the selection's order. A requested factor with a single value is skipped with a message.
   *
   * @param names the selection's factors
   * @param space the dataset's factors
   * @param requested factor names, or null/empty for all
   * @param listener told about skipped factors
   * @return indices into {@code names}, increasing
   * @throws BadInputException when a name is unknown or nothing is left
   */
  public static int[] evaluatedFactors(
      List<String> names, FactorSpace space, List<String> requested, Progress listener)
      throws BadInputException {
    if (requested == null || requested.isEmpty()) {
      return java.util.stream.IntStream.range(0, names.size()).toArray();
    }
    TreeSet<Integer> chosen = new TreeSet<>();
    for (String raw : requested) {
      String name = raw.trim();
      int k = names.indexOf(name);
      if (k >= 0) {
        chosen.add(k);
      } else {
        checkFactorNames(space, List.of(name));
        listener.message(
            "warning: skipping factor '" + name + "': it has a single value in the samples");
      }
    }
    if (chosen.isEmpty()) {
      throw new BadInputException("no factor with more than one value to evaluate");
    }
    return chosen.stream().mapToInt(Integer::intValue).toArray();
  }
}
