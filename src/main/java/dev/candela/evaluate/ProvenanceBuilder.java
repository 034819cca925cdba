package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.FactorDataset;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.VaeModels;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects what produced a result: the inputs with their checksums (models' weights, the dataset's
 * fingerprint), the seed, the parameters, the software and engine versions; {@link #build} stamps
 * the device and the time. One builder is used by every result of this package.
 */
public final class ProvenanceBuilder {
  private final long seed;
  private final Map<String, String> inputs = new TreeMap<>();
  private final Map<String, Object> params = new LinkedHashMap<>();
  private final Map<String, String> versions = new LinkedHashMap<>(Provenance.softwareVersions());

  /**
   * A builder.
   *
   * @param seed the seed of every random choice
   */
  public ProvenanceBuilder(long seed) {
    this.seed = seed;
    versions.put("engine", VaeModels.ENGINE);
  }

  /**
   * Records a model folder with its weights' checksums.
   *
   * @param role {@code model} or {@code classifier}
   * @param dir the folder as given
   * @param card its card
   * @return this
   */
  public ProvenanceBuilder model(String role, Path dir, ModelCard card) {
    inputs.put(role + ":" + dir, String.join(",", card.weights().values()));
    return this;
  }

  /**
   * Records the dataset with its fingerprint.
   *
   * @param path the dataset as given
   * @param ds the opened dataset
   * @return this
   * @throws CandelaException when the fingerprint cannot be computed
   */
  public ProvenanceBuilder dataset(Path path, FactorDataset ds) throws CandelaException {
    inputs.put("dataset:" + path, ds.fingerprint());
    return this;
  }

  /**
   * Records a parameter (in insertion order).
   *
   * @param name the name
   * @param value the value (JSON-friendly; may be null)
   * @return this
   */
  public ProvenanceBuilder param(String name, Object value) {
    params.put(name, value);
    return this;
  }

  /**
   * Records parameters (in the map's order).
   *
   * @param values name to value
   * @return this
   */
  public ProvenanceBuilder params(Map<String, Object> values) {
    params.putAll(values);
    return this;
  }

  /**
   * Records the fingerprint of the dataset the VAE was trained on, when its card has one.
   *
   * @param vaeCard the VAE's card
   * @return this
   */
  public ProvenanceBuilder trainingDataset(ModelCard vaeCard) {
    Object trained =
        vaeCard.training() == null ? null : vaeCard.training().get("datasetFingerprint");
    if (trained != null) {
      params.put("modelTrainingDatasetFingerprint", trained);
    }
    return this;
  }

  /**
   * The provenance as recorded now.
   *
   * @param device the device the work ran on
   * @return a new provenance (the builder can go on collecting)
   */
  public Provenance build(String device) {
    return new Provenance(
        new TreeMap<>(inputs),
        seed,
        new LinkedHashMap<>(params),
        new LinkedHashMap<>(versions),
        device,
        Provenance.nowIso());
  }
}
