package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.model.card.ModelCard;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;

/**
 * The one place where a VAE, a factor classifier and a dataset are matched: image shapes, factor
 * names and factor sizes. Every check fails with a {@link BadInputException} naming the card file.
 */
public final class ModelMatch {
  private ModelMatch() {}

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
}
