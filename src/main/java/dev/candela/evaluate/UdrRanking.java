package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.metrics.Udr;
import dev.candela.metrics.UdrResult;
import dev.candela.metrics.stats.MiJackknife;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.DeviceChoice;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
 * association (disentanglement_lib's default), and each model gets the score {@value #KEY}.
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
   * Encodes the shared inputs with every model and ranks them.
   *
   * @param dataset the evaluation dataset
   * @param models the model folders (distinct, at least two)
   * @param names their row names
   * @param seed draws the inputs
   * @param device the device name ({@code cpu}, {@code gpu0}, ...)
   * @param batchSize the encoding batch
   * @param listener progress messages
   * @return the ranking
   * @throws CandelaException when a model cannot be loaded or the data read
   */
  public static Outcome rank(
      FactorDataset dataset,
      List<Path> models,
      List<String> names,
      long seed,
      DeviceChoice device,
      int batchSize,
      ProgressListener listener)
      throws CandelaException {
    if (models.size() < 2 || models.size() != names.size()) {
      throw new IllegalArgumentException(
          "UDR needs at least two models with one name each, got "
              + models.size()
              + " models and "
              + names.size()
              + " names");
    }
    int n = (int) Math.min(SAMPLES, dataset.size());
    long[] idx = Sampling.shuffled(dataset.size(), n, seed);
    List<float[][]> means = new ArrayList<>();
    List<float[][]> logVars = new ArrayList<>();
    List<String> settings = new ArrayList<>();
    for (Path m : models) {
      try (VaeModel vae = VaeModels.load(m, device.resolve(), batchSize)) {
        settings.add(setting(vae.card()));
        float[][] mu = new float[n][];
        float[][] lv = new float[n][];
        for (int a = 0; a < n; a += batchSize) {
          long[] part = Arrays.copyOfRange(idx, a, Math.min(n, a + batchSize));
          VaeModel.Encoding e = vae.encode(dataset.images(part), part.length);
          System.arraycopy(e.mean(), 0, mu, a, part.length);
          System.arraycopy(e.logVar(), 0, lv, a, part.length);
        }
        means.add(mu);
        logVars.add(lv);
      }
    }
    UdrResult all = compute(names, settings, means, logVars, null);
    double[][] leaveOut = new double[names.size()][GROUPS];
    for (int g = 0; g < GROUPS; g++) {
      boolean[] keep = new boolean[n];
      for (int i = 0; i < n; i++) {
        keep[i] = i % GROUPS != g;
      }
      double[] s = compute(names, settings, means, logVars, keep).scores();
      for (int i = 0; i < names.size(); i++) {
        leaveOut[i][g] = s[i];
      }
    }
    Map<String, Uncertainty> u = new LinkedHashMap<>();
    double[] scores = all.scores();
    for (int i = 0; i < names.size(); i++) {
      if (Double.isFinite(scores[i])) {
        Uncertainty ui = MiJackknife.summarise(scores[i], leaveOut[i], n);
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

  /**
   * The reports with each model's UDR added as score {@value #KEY} (with its jackknife
   * uncertainty); a model whose UDR is undefined (no active latent) gets a warning instead.
   *
   * @param reports model name to report, in row order
   * @param o the ranking over those names
   * @return the new reports, same order
   */
  public static Map<String, ScoreReport> withUdr(Map<String, ScoreReport> reports, Outcome o) {
    return withUdr(reports, o, Map.of());
  }

  /**
   * The reports with each model's UDR added, where several rows may show one model (a sweep that
   * scores a checkpoint with several seeds).
   *
   * @param reports row name to report, in row order
   * @param o the ranking
   * @param modelOf row name to the name the model has in {@code o} (rows not in it: the row name)
   * @return the new reports, same order
   */
  public static Map<String, ScoreReport> withUdr(
      Map<String, ScoreReport> reports, Outcome o, Map<String, String> modelOf) {
    Map<String, ScoreReport> out = new LinkedHashMap<>();
    List<String> names = o.result().models();
    double[] scores = o.result().scores();
    for (Map.Entry<String, ScoreReport> e : reports.entrySet()) {
      ScoreReport r = e.getValue();
      String model = modelOf.getOrDefault(e.getKey(), e.getKey());
      int i = names.indexOf(model);
      if (i < 0) {
        out.put(e.getKey(), r);
        continue;
      }
      Map<String, Double> s = new LinkedHashMap<>(r.scores());
      Map<String, Uncertainty> u = new LinkedHashMap<>(r.uncertainty());
      List<String> w = new ArrayList<>(r.warnings());
      if (Double.isFinite(scores[i])) {
        s.put(KEY, scores[i]);
        if (o.uncertainty().get(model) != null) {
          u.put(KEY, o.uncertainty().get(model));
        }
      } else {
        w.add(
            "udr: undefined for "
                + model
                + " (no latent with mean KL above "
                + o.result().klThreshold()
                + " on the shared inputs)");
      }
      Map<String, Object> d = new LinkedHashMap<>(r.details());
      d.put(
          KEY,
          Map.of(
              "file",
              FILE,
              "setting",
              o.settings().get(i),
              "withinSetting",
              o.result().withinSetting()[i]));
      out.put(e.getKey(), new ScoreReport(r.title(), s, u, d, w, r.provenance()));
    }
    return out;
  }

  /**
   * Writes {@value #FILE} into the comparison folder.
   *
   * @param o the ranking
   * @param out the folder
   * @throws CandelaException when it cannot be written
   */
  public static void write(Outcome o, Path out) throws CandelaException {
    JsonReports.writeValue(o.details(), out.resolve(FILE));
  }
}
