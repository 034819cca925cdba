package dev.candela.sweep;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.model.CounterfactualModels;
import dev.candela.model.card.ModelCard;
import dev.candela.synth.DSpritesGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A sweep of tiny random-initialised checkpoints (tiny-dense64, 10 latents) on a 1,000-image
 * dSprites-format file, for timing sweeps without training.
 *
 * @param data the dataset file
 * @param classifier the classifier of the first checkpoint, shared by all
 * @param models the checkpoint folders
 */
public record TinyCheckpoints(Path data, Path classifier, List<Path> models) {

  /**
   * Writes the dataset (unless present) and {@code count} checkpoints {@code ckpt-000..} into a
   * folder.
   *
   * @param dir the folder
   * @param count the number of checkpoints
   * @return the written files
   * @throws CandelaException when a file cannot be written
   */
  public static TinyCheckpoints write(Path dir, int count) throws CandelaException {
    Path data = dir.resolve("dsprites-1000-seed1.npz");
    if (!Files.isRegularFile(data)) {
      DSpritesGenerator.write(data, DSpritesGenerator.chooseIndices(1000, 1), k -> {});
    }
    List<ModelCard.FactorInfo> factors;
    try (FactorDataset ds = DatasetPaths.open(data)) {
      factors = ModelCard.factorsOf(ds.space());
    }
    List<Path> models = new ArrayList<>();
    Path classifier = null;
    for (int k = 0; k < count; k++) {
      Path[] m =
          CounterfactualModels.writeTinyRandom(
              dir.resolve(String.format(Locale.ROOT, "ckpt-%03d", k)), 10, 1, factors, "t", k);
      models.add(m[0]);
      classifier = classifier == null ? m[1] : classifier;
    }
    return new TinyCheckpoints(data, classifier, List.copyOf(models));
  }

  /**
   * Writes the checkpoint folders, one a line, as {@code evaluate --model} and {@code sweep
   * --models} read a list file.
   *
   * @param file the list file
   * @return the file
   * @throws IOException when it cannot be written
   */
  public Path writeList(Path file) throws IOException {
    StringBuilder list = new StringBuilder();
    for (Path m : models) {
      list.append(m).append('\n');
    }
    Files.writeString(file, list);
    return file;
  }
}
