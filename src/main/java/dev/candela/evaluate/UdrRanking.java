package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.data.FactorDataset;
import dev.candela.metrics.Udr;
import dev.candela.metrics.UdrResult;
import dev.candela.metrics.stats.MiJackknife;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.metrics.stats.Vector;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.DeviceChoice;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * UDR ({@link Udr}, Duan et al., ICLR 2020) over the models of one comparison ({@code evaluate
 * --model LIST}/{@code DIR}, {@code sweep}): every model encodes the same {@value #SAMPLES} inputs
 * (a seeded sample of the evaluation dataset without replacement, as disentanglement_lib's {@code
 * num_data_points}), its latent means and per-latent KL go into {@link Udr#compute} with the Lasso
 * association (disentanglement_lib's default), and each model gets the score {@value #KEY} ({@link
 * UdrFiles} adds it to the reports and writes {@value #FILE}).
 *
 * <p>The encodings are the evaluations' own: {@code evaluate --model LIST} asks each {@link
 * Evaluation} for the posterior of the shared inputs ({@link #inputs}), which its evaluation
 * samples hold when there are at least {@value #SAMPLES} of them (the rest are encoded by the same
 * VAE, still loaded), and ranks those ({@link #rank}); a sweep's executors keep theirs in each
 * row's folder ({@link UdrFiles#INPUTS}) and its driver ranks those. Only a caller with neither
 * loads the models again to encode the inputs ({@link #encode}).
 *
 * <p>A model's <em>setting</em> is its card's training configuration without the seed (and without
 * the device and the data's provenance), so the models that differ only by seed are compared with
 * one another, as the paper does; models without a recorded training configuration share one
 * setting.
 *
 * <p>Uncertainty: the delete-a-group jackknife over the inputs ({@value #GROUPS} groups; SE² =
 * (G−1)/G Σ (θ₍g₎ − θ̄)², interval ± t₀.₉₇₅,G−1·SE, method {@code jackknife}). It is conditional on
 * the trained models: the seed-to-seed variation that UDR's median summarises is not resampled.
 */
public final class UdrRanking {
  private UdrRanking() {}

  /** The score id in reports and comparison files. */
  public static final String KEY = "udr";

  /** The shared inputs (disentanglement_lib's {@code num_data_points}). */
  public static final int SAMPLES = 1000;

  /** Jackknife groups of the inputs. */
  public static final int GROUPS = 10;

  /** The details file written beside the comparison. */
  public static final String FILE = "udr.json";

  /** The training-configuration keys that do not define a setting. */
  static final List<String> NOT_SETTING =
      List.of("seed", "device", "datasetSource", "datasetFingerprint", "trainImages");

  /**
   * The ranking of a set of models.
   *
   * @param result the UDR on all inputs
   * @param settings per model, its setting
   * @param uncertainty per model name, the jackknife uncertainty ({@code null} entries left out)
   * @param samples the shared inputs N
   * @param seed the seed that drew them
   */
  public record Outcome(
      UdrResult result,
      List<String> settings,
      Map<String, Uncertainty> uncertainty,
      int samples,
      long seed) {
    /** Freezes the collections. */
    public Outcome {
      settings = List.copyOf(settings);
      uncertainty = Collections.unmodifiableMap(new LinkedHashMap<>(uncertainty));
    }

    /**
     * The details written to {@value #FILE}.
     *
     * @return a JSON-serialisable map
     */
    public Map<String, Object> details() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put(
          "paper",
          "Duan et al., Unsupervised Model Selection for Variational Disentangled"
              + " Representation Learning, ICLR 2020");
      m.put("correlation", result.correlation().name().toLowerCase(Locale.ROOT));
      m.put("klThreshold", result.klThreshold());
      m.put("samples", samples);
      m.put("seed", seed);
      m.put("models", result.models());
      m.put("settings", settings);
      m.put("scores", result.scores());
      m.put("withinSetting", result.withinSetting());
      m.put("pairwise", result.pairwise());
      m.put("uncertainty", uncertainty);
      return m;
    }
  }

  /**
   * A card's setting: its training configuration without {@link #NOT_SETTING}, keys sorted.
   *
   * @param card the model card
   * @return e.g. {@code beta=6.0, epochs=13, objective=beta-tcvae}; empty when none is recorded
   */
  public static String setting(ModelCard card) {
    Map<String, Object> t = new TreeMap<>(card.training());
    NOT_SETTING.forEach(t::remove);
    StringBuilder sb = new StringBuilder();
    t.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append('=').append(v));
    return sb.toString();
  }

  /**
   * One model's encodings of the shared inputs ({@link #inputs}).
   *
   * @param name its row name
   * @param setting its setting ({@link #setting})
   * @param mean encoder means, {@code [input][latent]}
   * @param logVar encoder log-variances, {@code [input][latent]}
   */
  public record Encoded(String name, String setting, float[][] mean, float[][] logVar) {}

  /**
   * The shared inputs: {@value #SAMPLES} dataset indices (all of a smaller dataset), drawn by
   * {@link Sampling#shuffled} with the seed. Its partial shuffle makes the first picks of a larger
   * draw with the same seed the same, so the evaluation samples of {@code evaluate} with at least
   * {@value #SAMPLES} samples and the same seed hold all of them (not at the same positions: both
   * draws are sorted), and {@link Evaluation#run(FactorDataset, Path, Path, long[])} hands their
   * encodings back.
   *
   * @param datasetSize the dataset's size
   * @param seed the seed
   * @return the indices, increasing
   */
  public static long[] inputs(long datasetSize, long seed) {
    return Sampling.shuffled(datasetSize, (int) Math.min(SAMPLES, datasetSize), seed);
  }

  /**
   * Loads every model and encodes the shared inputs ({@link #inputs}) with it, by the package's one
   * encoding loop ({@link EncodedSamples#encodePosterior}); for callers that have no evaluation's
   * encodings at hand.
   *
   * @param dataset the evaluation dataset
   * @param models the model folders
   * @param names their row names
   * @param seed draws the inputs
   * @param device the device name ({@code cpu}, {@code gpu0}, ...)
   * @param batchSize the encoding batch
   * @param listener progress
   * @return per model, its encodings
   * @throws CandelaException when a model cannot be loaded or the data read
   */
  public static List<Encoded> encode(
      FactorDataset dataset,
      List<Path> models,
      List<String> names,
      long seed,
      DeviceChoice device,
      int batchSize,
      Progress listener)
      throws CandelaException {
    if (models.size() != names.size()) {
      throw new IllegalArgumentException(
          "UDR needs one name per model, got " + models.size() + " models and " + names.size());
    }
    long[] idx = inputs(dataset.size(), seed);
    List<Encoded> out = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      try (VaeModel vae = VaeModels.load(models.get(i), device.resolve(), batchSize)) {
        VaeModel.Encoding e =
            EncodedSamples.encodePosterior(vae, dataset, idx, batchSize, listener, "udr encode");
        out.add(new Encoded(names.get(i), setting(vae.card()), e.mean(), e.logVar()));
      }
    }
    return out;
  }

  /**
   * Ranks models by their encodings of the shared inputs; nothing is loaded or encoded here.
   *
   * @param models per model, its encodings of the same inputs ({@link #inputs} with {@code seed})
   * @param seed the seed that drew the inputs (recorded)
   * @param listener progress messages
   * @return the ranking
   */
  public static Outcome rank(List<Encoded> models, long seed, Progress listener) {
    if (models.size() < 2) {
      throw new IllegalArgumentException("UDR needs at least two models, got " + models.size());
    }
    int n = models.get(0).mean().length;
    List<String> names = new ArrayList<>();
    List<String> settings = new ArrayList<>();
    List<float[][]> means = new ArrayList<>();
    List<float[][]> logVars = new ArrayList<>();
    for (Encoded m : models) {
      if (m.mean().length != n || m.logVar().length != n) {
        throw new IllegalArgumentException(
            "UDR needs every model's encodings of the same "
                + n
                + " inputs, got "
                + m.mean().length
                + " means and "
                + m.logVar().length
                + " log-variances for "
                + m.name());
      }
      names.add(m.name());
      settings.add(m.setting());
      means.add(m.mean());
      logVars.add(m.logVar());
    }
    UdrResult all = compute(names, settings, means, logVars, null);
    double[][] leaveOut = new double[names.size()][GROUPS];
    for (int g = 0; g < GROUPS; g++) {
      boolean[] keep = new boolean[n];
      for (int i = 0; i < n; i++) {
        keep[i] = i % GROUPS != g;
      }
      Vector s = compute(names, settings, means, logVars, keep).scores();
      for (int i = 0; i < names.size(); i++) {
        leaveOut[i][g] = s.get(i);
      }
    }
    Map<String, Uncertainty> u = new LinkedHashMap<>();
    Vector scores = all.scores();
    for (int i = 0; i < names.size(); i++) {
      if (Double.isFinite(scores.get(i))) {
        Uncertainty ui = MiJackknife.summarise(scores.get(i), leaveOut[i], n);
        if (ui != null) {
          u.put(names.get(i), ui);
        }
      }
    }
    listener.message(
        String.format(
            Locale.ROOT,
            "udr: %d models on %d shared inputs (%d settings)",
            names.size(),
            n,
            settings.stream().distinct().count()));
    return new Outcome(all, settings, u, n, seed);
  }

  private static UdrResult compute(
      List<String> names,
      List<String> settings,
      List<float[][]> means,
      List<float[][]> logVars,
      boolean[] keep) {
    List<Udr.Model> ms = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      float[][] mu = rows(means.get(i), keep);
      float[][] lv = rows(logVars.get(i), keep);
      int d = mu[0].length;
      double[][] latents = new double[d][mu.length];
      for (int r = 0; r < mu.length; r++) {
        for (int j = 0; j < d; j++) {
          latents[j][r] = mu[r][j];
        }
      }
      ms.add(new Udr.Model(names.get(i), settings.get(i), latents, Udr.meanKl(mu, lv)));
    }
    return Udr.compute(ms, Udr.Correlation.LASSO, Udr.DEFAULT_KL_THRESHOLD);
  }

  private static float[][] rows(float[][] a, boolean[] keep) {
    if (keep == null) {
      return a;
    }
    List<float[]> out = new ArrayList<>();
    for (int i = 0; i < a.length; i++) {
      if (keep[i]) {
        out.add(a[i]);
      }
    }
    return out.toArray(new float[0][]);
  }
}
