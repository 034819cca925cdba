package dev.candela.model.training;

import dev.candela.BadInputException;
import dev.candela.model.card.ModelCard;
import java.nio.file.Path;

/**
 * The training subset a VAE's card records: {@code candela train --limit N --seed S} trains on the
 * seeded subset {@link TrainingData#subset} of the dataset with the card's {@code
 * training.datasetFingerprint}. Knowing it lets a user draw data the model was never trained on.
 *
 * @param dir the model folder the card was read from (for messages)
 * @param datasetFingerprint the training dataset's fingerprint ({@code name:size:hash})
 * @param datasetSize the training dataset's size (from the fingerprint)
 * @param limit the subset size ({@code training.limit}; 0 = the whole dataset)
 * @param seed the subset seed ({@code training.seed})
 */
public record TrainingSubset(
    Path dir, String datasetFingerprint, long datasetSize, int limit, long seed) {

  /**
   * Reads the subset from a VAE card.
   *
   * @param dir the model folder
   * @return the training subset
   * @throws BadInputException when the card is missing, is not a VAE trained by {@code candela
   *     train}, or lacks the fields
   */
  public static TrainingSubset of(Path dir) throws BadInputException {
    ModelCard card = ModelCard.read(dir);
    Path file = dir.resolve(ModelCard.FILE);
    if (!"vae".equals(card.kind())) {
      throw new BadInputException(
          file + ": kind is " + card.kind() + ", not vae; only a VAE card records its subset");
    }
    Object fp = card.training().get("datasetFingerprint");
    Object limit = card.training().get("limit");
    Object seed = card.training().get("seed");
    if (!(fp instanceof String f) || !(limit instanceof Number l) || !(seed instanceof Number s)) {
      throw new BadInputException(
          file
              + ": training.datasetFingerprint/limit/seed missing (got "
              + fp
              + ", "
              + limit
              + ", "
              + seed
              + "); the card was not written by candela train");
    }
    String[] parts = f.split(":");
    long size;
    try {
      size = parts.length == 3 ? Long.parseLong(parts[1]) : -1;
    } catch (NumberFormatException e) {
      size = -1;
    }
    if (size < 1) {
      throw new BadInputException(
          file + ": training.datasetFingerprint '" + f + "' is not of the form name:size:hash");
    }
    return new TrainingSubset(dir, f, size, l.intValue(), s.longValue());
  }

  /**
   * The training dataset's name (the fingerprint's first part).
   *
   * @return the name, e.g. {@code dsprites}
   */
  public String datasetName() {
    return datasetFingerprint.split(":")[0];
  }

  /**
   * The dataset indices the model was trained on, increasing.
   *
   * @return the indices
   * @throws BadInputException when the model was trained on the whole dataset (nothing held out)
   */
  public long[] indices() throws BadInputException {
    if (limit <= 0 || limit >= datasetSize) {
      throw new BadInputException(
          dir.resolve(ModelCard.FILE)
              + ": trained on all "
              + datasetSize
              + " images of "
              + datasetFingerprint
              + " (training.limit "
              + limit
              + "); none is held out");
    }
    return TrainingData.subset(datasetSize, limit, seed);
  }
}
