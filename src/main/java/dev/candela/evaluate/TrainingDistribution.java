package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.Reconstruction;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether the evaluation images come from the VAE's training distribution (part of {@link
 * ModelFitness.VaeCheck}): the reconstruction error on the evaluation images against the held-out
 * error the card records (more than {@link ModelFitness#OUT_OF_DISTRIBUTION_RATIO}× worse fails),
 * and the drawing the training data was made with against the evaluation data's.
 *
 * @param heldOutMse the reconstruction error on held-out images the card records, or null
 * @param evaluationMse the reconstruction error measured here on the evaluation images
 * @param ratio {@code evaluationMse / heldOutMse}, or null without a card value
 * @param rule the rule applied, in words
 * @param trainingDrawing the drawing of the training data (card), or null when not recorded
 * @param dataDrawing the drawing of the evaluation data, or null when the format records none
 * @param outOfDistribution whether either test failed
 */
public record TrainingDistribution(
    Double heldOutMse,
    double evaluationMse,
    Double ratio,
    String rule,
    String trainingDrawing,
    String dataDrawing,
    boolean outOfDistribution) {

  /**
   * The out-of-distribution tests of a VAE; adds their warnings.
   *
   * @param card the VAE's card
   * @param dir the model folder, for messages
   * @param ds the evaluation dataset
   * @param mse the reconstruction error measured on the evaluation images
   * @param n the number of images it was measured on
   * @param warnings where the warnings go
   * @return the result of the tests
   * @throws CandelaException when the card's held-out error cannot be read
   */
  static TrainingDistribution check(
      ModelCard card, Path dir, FactorDataset ds, double mse, int n, List<String> warnings)
      throws CandelaException {
    Double held = Reconstruction.cardHeldOutMse(card);
    Double ratio = held == null || held <= 0 ? null : mse / held;
    String rule =
        held == null
            ? "no held-out reconstruction error in the card: not compared"
            : String.format(
                Locale.ROOT,
                "warn when the evaluation images' reconstruction MSE exceeds %.0f x the card's"
                    + " held-out MSE",
                ModelFitness.OUT_OF_DISTRIBUTION_RATIO);
    boolean worse = ratio != null && ratio > ModelFitness.OUT_OF_DISTRIBUTION_RATIO;
    if (worse) {
      warnings.add(
          String.format(
              Locale.ROOT,
              "VAE %s reconstructs the evaluation images %.1fx worse than its held-out images"
                  + " (MSE %.5f on %d images vs %.5f in its card; rule: > %.0fx): they are off its"
                  + " training distribution, and every score is partly computed on images it never"
                  + " saw",
              dir,
              ratio,
              mse,
              n,
              held,
              ModelFitness.OUT_OF_DISTRIBUTION_RATIO));
    }
    String trained = trainingDrawing(card);
    Object data = ds.source().get("drawing");
    String drawn = data == null ? null : data.toString();
    boolean otherDrawing =
        trained != null
            && drawn != null
            && !drawn.equals("unknown")
            && !trained.equals("unknown")
            && !trained.equals(drawn);
    if (otherDrawing) {
      warnings.add(
          "VAE "
              + dir
              + " was trained on images drawn by '"
              + trained
              + "' but the evaluation data is drawn by '"
              + drawn
              + "': its scores describe images unlike those it learned");
    }
    return new TrainingDistribution(held, mse, ratio, rule, trained, drawn, worse || otherDrawing);
  }

  /**
   * The drawing a model's training data was made with ({@code training.datasetSource.drawing}).
   *
   * @param card a model card
   * @return the drawing, or null when the card records none
   */
  public static String trainingDrawing(ModelCard card) {
    if (card.training().get("datasetSource") instanceof Map<?, ?> m
        && m.get("drawing") instanceof String d) {
      return d;
    }
    return null;
  }
}
