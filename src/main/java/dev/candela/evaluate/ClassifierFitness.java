package dev.candela.evaluate;

import dev.candela.metrics.cg.CgReadout;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ClassifierQuality;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The classifier half of {@link ModelFitness}: from the accuracies measured on the checked images
 * and on the VAE's reconstructions ({@link ClassifierQuality}) and the held-out accuracy of the
 * classifier's card, per factor CG scores the deciding (lowest) accuracy under CG's read-out, and
 * whether it reaches {@link ModelFitness#RELIABLE_ACCURACY}; and whether the classifier was trained
 * on the dataset scored.
 */
final class ClassifierFitness {
  private ClassifierFitness() {}

  /**
   * The classifier check from measured accuracies.
   *
   * @param card the classifier's card
   * @param dir its folder, for messages
   * @param dataset the name of the dataset scored
   * @param measured the accuracies measured per factor
   * @param factors the factors CG scores (others are left out)
   * @param readout how CG reads the classifier
   * @param checked the number of images the accuracies were measured on
   * @return the check
   */
  static ModelFitness.ClassifierCheck check(
      ModelCard card,
      Path dir,
      String dataset,
      List<ClassifierQuality.FactorResult> measured,
      List<String> factors,
      CgReadout readout,
      int checked) {
    List<String> warnings = new ArrayList<>();
    if (card.dataset() != null && !card.dataset().equals(dataset)) {
      warnings.add(
          "classifier "
              + dir
              + " was trained on dataset '"
              + card.dataset()
              + "', not on '"
              + dataset
              + "' scored here: its probabilities, and so CG, may not mean what they say");
    }
    Map<String, Double> cardAcc = cardAccuracy(card, readout != CgReadout.EXACT);
    Map<String, Map<String, Object>> acc = new LinkedHashMap<>();
    List<String> unreliable = new ArrayList<>();
    for (ClassifierQuality.FactorResult r : measured) {
      if (!factors.contains(r.factor())) {
        continue;
      }
      Map<String, Object> m = new LinkedHashMap<>();
      double deciding = r.deciding(readout);
      Double c = cardAcc.get(r.factor());
      m.put("readout", readout.id());
      if (c != null) {
        m.put("card", c);
        deciding = Math.min(deciding, c);
      }
      ClassifierQuality.Accuracy onRec = r.onReconstructions(readout);
      m.put("data", r.onImages(readout));
      m.put("reconstructions", onRec);
      boolean symmetryAware = readout == CgReadout.TOLERANT && r.symmetric() != null;
      m.put("symmetryAware", symmetryAware);
      m.put("exact", views(r.accuracy(), r.reconstructed()));
      if (r.symmetric() != null) {
        m.put("symmetric", views(r.symmetric(), r.reconstructedSymmetric()));
      }
      m.put("tolerant", views(r.tolerant(), r.reconstructedTolerant()));
      m.put("deciding", deciding);
      m.put("reliable", deciding >= ModelFitness.RELIABLE_ACCURACY);
      acc.put(r.factor(), m);
      if (deciding < ModelFitness.RELIABLE_ACCURACY) {
        unreliable.add(r.factor());
        warnings.add(
            String.format(
                Locale.ROOT,
                "cg.%s is unreliable: the classifier recognises '%s' with accuracy %.3f < %.2f"
                    + " (card %s, on %d reconstructions %.3f; %s read-out%s)",
                r.factor(),
                r.factor(),
                deciding,
                ModelFitness.RELIABLE_ACCURACY,
                c == null ? "n/a" : String.format(Locale.ROOT, "%.3f", c),
                checked,
                (onRec != null ? onRec : r.onImages(readout)).value(),
                readout.id(),
                symmetryAware ? ", symmetry-aware" : ""));
      }
    }
    return new ModelFitness.ClassifierCheck(acc, unreliable, warnings);
  }

  /** One view of the accuracy on images and on reconstructions (null without a VAE). */
  private static Map<String, Object> views(
      ClassifierQuality.Accuracy data, ClassifierQuality.Accuracy reconstructions) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("data", data);
    v.put("reconstructions", reconstructions);
    return v;
  }

  /**
   * A classifier card's held-out accuracy per factor.
   *
   * @param card the classifier card
   * @param symmetric whether the symmetry-aware accuracy replaces the raw one where recorded
   * @return factor to accuracy (empty when the card records none)
   */
  static Map<String, Double> cardAccuracy(ModelCard card, boolean symmetric) {
    Map<String, Double> out = new LinkedHashMap<>();
    Map<String, Object> res = card.results();
    if (res == null) {
      return out;
    }
    List<String> keys =
        symmetric
            ? List.of("heldOutAccuracy", "heldOutAccuracySymmetric")
            : List.of("heldOutAccuracy");
    for (String key : keys) {
      if (res.get(key) instanceof Map<?, ?> m) {
        for (Map.Entry<?, ?> e : m.entrySet()) {
          if (e.getValue() instanceof Number v) {
            out.put(String.valueOf(e.getKey()), v.doubleValue());
          }
        }
      }
    }
    return out;
  }
}
