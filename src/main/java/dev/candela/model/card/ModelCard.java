package dev.candela.model.card;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.candela.BadInputException;
import dev.candela.Provenance;
import dev.candela.data.FactorSpace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The {@code model.json} card of a model directory: what the weights are and how to call them.
 *
 * @param kind {@code vae} or {@code classifier}
 * @param format {@code djl} (parameters saved by Candela's own blocks) or {@code torchscript}
 *     ({@code encoder.pt} + {@code decoder.pt})
 * @param architecture the block layout, e.g. {@code dl-conv64} (see {@link
 *     dev.candela.model.arch.Architectures})
 * @param input the image shape the network takes
 * @param sourceImage the dataset's image shape when it differs from {@code input} (images of that
 *     shape are area-resized to {@code input}); null when equal
 * @param latentDim latent size (VAE) or 0 (classifier)
 * @param dataset the dataset name
 * @param factors the factors (name and number of values) in dataset order
 * @param output decoder output: {@code logits} (apply a sigmoid) or {@code probabilities};
 *     classifier head: {@code softmax} (one head per factor) or {@code sigmoid} (one sigmoid per
 *     factor value)
 * @param training the training configuration (objective, hyper-parameters, seed, data subset)
 * @param results measured results, e.g. final loss terms or held-out accuracy per factor
 * @param weights weight file name to SHA-256
 * @param command the exact command that produced the model, or null
 * @param created ISO time of creation
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ModelCard(
    String kind,
    String format,
    String architecture,
    Shape input,
    Shape sourceImage,
    int latentDim,
    String dataset,
    List<FactorInfo> factors,
    String output,
    Map<String, Object> training,
    Map<String, Object> results,
    Map<String, String> weights,
    String command,
    String created) {

  /** Card file name inside a model directory. */
  public static final String FILE = "model.json";

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private static final Set<String> KINDS = Set.of("vae", "classifier");
  private static final Set<String> FORMATS = Set.of("djl", "torchscript");
  private static final Set<String> OUTPUTS =
      Set.of("logits", "probabilities", "softmax", "sigmoid");

  /** Validates the card. */
  public ModelCard {
    if (!KINDS.contains(kind)) {
      throw new IllegalArgumentException("model card: kind must be vae or classifier, got " + kind);
    }
    if (!FORMATS.contains(format)) {
      throw new IllegalArgumentException(
          "model card: format must be djl or torchscript, got " + format);
    }
    Objects.requireNonNull(input, "model card: input shape missing");
    if (!OUTPUTS.contains(output)) {
      throw new IllegalArgumentException(
          "model card: output must be one of " + OUTPUTS + ", got " + output);
    }
    if (kind.equals("vae") && latentDim <= 0) {
      throw new IllegalArgumentException("model card: a vae needs latentDim > 0, got " + latentDim);
    }
    if (kind.equals("classifier") && (factors == null || factors.isEmpty())) {
      throw new IllegalArgumentException("model card: a classifier needs its factor list");
    }
    factors = factors == null ? List.of() : List.copyOf(factors);
    training = training == null ? Map.of() : new LinkedHashMap<>(training);
    results = results == null ? Map.of() : new LinkedHashMap<>(results);
    weights = weights == null ? Map.of() : new LinkedHashMap<>(weights);
  }

  /**
   * An image shape, channel-first.
   *
   * @param channels C
   * @param height H
   * @param width W
   */
  public record Shape(int channels, int height, int width) {
    /** Validates positive sizes. */
    public Shape {
      if (channels <= 0 || height <= 0 || width <= 0) {
        throw new IllegalArgumentException(
            "image shape must be positive, got " + channels + "x" + height + "x" + width);
      }
    }

    /**
     * Floats per image.
     *
     * @return C·H·W
     */
    public int volume() {
      return channels * height * width;
    }

    @Override
    public String toString() {
      return channels + "x" + height + "x" + width;
    }
  }

  /**
   * One factor as the model sees it.
   *
   * @param name factor name
   * @param size number of values
   */
  public record FactorInfo(String name, int size) {
    /** Validates a positive size. */
    public FactorInfo {
      Objects.requireNonNull(name, "factor name");
      if (size <= 0) {
        throw new IllegalArgumentException("factor '" + name + "' size must be > 0, got " + size);
      }
    }
  }

  /**
   * The factor list of a factor space.
   *
   * @param space the space
   * @return name and size per factor
   */
  public static List<FactorInfo> factorsOf(FactorSpace space) {
    return space.factors().stream().map(f -> new FactorInfo(f.name(), f.size())).toList();
  }

  /**
   * The total number of factor values (the sigmoid head's width).
   *
   * @return Σ sizes
   */
  public int totalFactorValues() {
    return factors.stream().mapToInt(FactorInfo::size).sum();
  }

  /**
   * This card with other results.
   *
   * @param newResults results
   * @return a copy
   */
  public ModelCard withResults(Map<String, Object> newResults) {
    return with(newResults, weights);
  }

  private ModelCard with(Map<String, Object> newResults, Map<String, String> newWeights) {
    return new ModelCard(
        kind,
        format,
        architecture,
        input,
        sourceImage,
        latentDim,
        dataset,
        factors,
        output,
        training,
        newResults,
        newWeights,
        command,
        created);
  }

  /**
   * Checks that a path is a model folder (one holding {@code model.json}). A PyTorch file, or a
   * folder of PyTorch files without a card, is refused with what it holds and the export command
   * that makes a model folder of it ({@link PyTorchFiles}).
   *
   * @param dir the path given as a model folder
   * @throws BadInputException when it is not a model folder
   */
  public static void requireFolder(Path dir) throws BadInputException {
    if (Files.isRegularFile(dir)) {
      if (PyTorchFiles.looksLikePyTorch(dir)) {
        throw PyTorchFiles.notAModel(dir);
      }
      throw new BadInputException(dir + ": a file, not a model folder (one with " + FILE + ")");
    }
    if (Files.isDirectory(dir) && !Files.isRegularFile(dir.resolve(FILE))) {
      BadInputException pytorch = PyTorchFiles.folderWithoutCard(dir);
      if (pytorch != null) {
        throw pytorch;
      }
      throw new BadInputException(dir + ": not a model folder (no " + FILE + ")");
    }
  }

  /**
   * Reads {@code dir/model.json}, which must be the card of a model of this kind.
   *
   * @param dir the model directory
   * @param kind {@code vae} or {@code classifier}
   * @return the card
   * @throws BadInputException when the card is missing, invalid or of another kind
   */
  public static ModelCard read(Path dir, String kind) throws BadInputException {
    ModelCard card = read(dir);
    if (!card.kind().equals(kind)) {
      throw new BadInputException(dir.resolve(FILE) + ": kind is " + card.kind() + ", not " + kind);
    }
    return card;
  }

  /**
   * Reads {@code dir/model.json}.
   *
   * @param dir the model directory
   * @return the card
   * @throws BadInputException when the card is missing or invalid
   */
  public static ModelCard read(Path dir) throws BadInputException {
    requireFolder(dir);
    Path file = dir.resolve(FILE);
    try {
      return JSON.readValue(file.toFile(), ModelCard.class);
    } catch (NoSuchFileException | java.io.FileNotFoundException e) {
      throw new BadInputException(file + ": no model card (a model directory needs " + FILE + ")");
    } catch (IOException | IllegalArgumentException e) {
      String msg = e.getMessage() == null ? e.toString() : e.getMessage().split("\n")[0];
      throw new BadInputException(file + ": invalid model card: " + msg);
    }
  }

  /**
   * Writes {@code dir/model.json}.
   *
   * @param dir the model directory
   * @throws BadInputException when writing fails
   */
  public void write(Path dir) throws BadInputException {
    try {
      byte[] bytes = JSON.writeValueAsBytes(this);
      dev.candela.AtomicFiles.writeBytes(dir.resolve(FILE), bytes);
    } catch (IOException e) {
      throw new BadInputException(dir.resolve(FILE) + ": cannot write model card: " + e);
    }
  }

  /**
   * Checks every weight file against its recorded SHA-256.
   *
   * @param dir the model directory
   * @throws BadInputException naming the first file whose checksum differs or that is missing
   */
  public void verifyWeights(Path dir) throws BadInputException {
    for (Map.Entry<String, String> e : weights.entrySet()) {
      Path f = dir.resolve(e.getKey());
      if (!Files.isRegularFile(f)) {
        throw new BadInputException(f + ": weight file listed in " + FILE + " is missing");
      }
      String actual = Provenance.sha256(f);
      if (!actual.equalsIgnoreCase(e.getValue())) {
        throw new BadInputException(
            f + ": SHA-256 " + actual + " differs from the card's " + e.getValue());
      }
    }
  }

  /**
   * SHA-256 of the named files in a directory.
   *
   * @param dir the directory
   * @param files file names
   * @return file to checksum, in the given order
   * @throws BadInputException when a file cannot be read
   */
  public static Map<String, String> checksums(Path dir, List<String> files)
      throws BadInputException {
    Map<String, String> m = new LinkedHashMap<>();
    for (String f : files) {
      m.put(f, Provenance.sha256(dir.resolve(f)));
    }
    return m;
  }

  /**
   * The shared JSON mapper (indenting).
   *
   * @return the mapper
   */
  public static ObjectMapper json() {
    return JSON;
  }
}
