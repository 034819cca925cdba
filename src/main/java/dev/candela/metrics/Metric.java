package dev.candela.metrics;

import dev.candela.Ids;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The one registry of Candela's disentanglement metric families, as {@code --metrics} names them
 * (any case): each with the input it needs. {@link Kind#CODES} families are computed from latent
 * and factor codes alone ({@link CodeScorer}: {@code score-codes}, {@code evaluate}); {@link
 * Kind#SAMPLED} ones need a representation to sample fixed-factor batches from ({@link BetaVae},
 * {@link FactorVae}: {@code evaluate} samples them through the encoder, and on a code table they
 * draw the batches from the table's rows, so {@code score-codes} computes them too: {@link
 * #fromCodes()}); {@link Kind#COUNTERFACTUAL} needs a decoder and a factor classifier ({@link
 * dev.candela.metrics.cg.Cg}); {@link Kind#MODEL} ones need the VAE's posteriors or decoder on the
 * evaluation samples ({@link PosteriorKl}, {@link ReconstructionLoss}, {@link MigSampled}).
 */
public enum Metric {
  /** Interventional robustness score ({@link Irs}). */
  IRS(Kind.CODES, new IrsMetric()),
  /** Unconfoundedness, for every requested ρ and selection mode ({@link Uc}; needs IRS). */
  UC(Kind.CODES, new UcMetric()),
  /** Mutual information gap ({@link Mig}). */
  MIG(Kind.CODES, new MigMetric()),
  /** Disentanglement, completeness, informativeness ({@link Dci}). */
  DCI(Kind.CODES, new DciMetric()),
  /** Separated attribute predictability ({@link Sap}). */
  SAP(Kind.CODES, new SapMetric()),
  /** Modularity ({@link Modularity}). */
  MODULARITY(Kind.CODES, new ModularityMetric()),
  /** Explicitness ({@link Explicitness}; key {@code explicitness}). */
  EXPLICITNESS(Kind.CODES, new ExplicitnessMetric()),
  /** MIG-sup, the mutual information gap per latent ({@link MigSup}), {@code --metrics mig-sup}. */
  MIG_SUP(Kind.CODES, new MigSupMetric()),
  /** JEMMIG, 1 − the normalised joint-entropy-minus-MI gap ({@link Jemmig}). */
  JEMMIG(Kind.CODES, new JemmigMetric()),
  /** DCIMIG, the per-latent MI gap assigned to factors ({@link Dcimig}). */
  DCIMIG(Kind.CODES, new DcimigMetric()),
  /** SAP for continuous factors, one-latent R² ({@link SapContinuous}), {@code sap-continuous}. */
  SAP_CONTINUOUS(Kind.CODES, new SapContinuousMetric()),
  /** Gaussian total correlation of the latents ({@link GaussianTc}). */
  GAUSSIAN_TC(Kind.CODES, new GaussianTcMetric()),
  /** Gaussian Wasserstein correlation of the latents, raw and normalised ({@link GaussianWc}). */
  GAUSSIAN_WC(Kind.CODES, new GaussianWcMetric()),
  /** Mean pairwise mutual information of the binned latents ({@link LatentMi}). */
  LATENT_MI(Kind.CODES, new LatentMiMetric()),
  /** Factorization of support, FoS and randFoS ({@link Fos}). */
  FOS(Kind.CODES, new FosMetric()),
  /**
   * The unified scores of disentanglement_lib (Locatello et al. 2020): the GBT-importance, MI and
   * SVM-accuracy matrices, each with the DCI, MIG, SAP, Modularity and precision-curve aggregations
   * ({@link Unified}): the MI ones on all rows with the jackknife ({@link UnifiedMiMetric}), the
   * others refitted on the split ({@link UnifiedMetric}).
   */
  UNIFIED(Kind.CODES, new UnifiedMiMetric(), new UnifiedMetric()),

  /**
   * Downstream-task accuracy: per factor a cross-validated logistic regression on the raw latents
   * of 10, 100, 1000 and 10000 training rows, tested on other rows ({@link Downstream}).
   */
  DOWNSTREAM(Kind.CODES, new DownstreamMetric()),

  /**
   * Downstream-task accuracy with the study's boosted trees: per factor scikit-learn's default
   * {@code GradientBoostingClassifier} on the raw latents of the same training sizes ({@link
   * Downstream.Predictor#BOOSTED_TREES}), keys {@code downstream_gbt.<n>}.
   */
  DOWNSTREAM_GBT(
      Kind.CODES, new DownstreamMetric(Downstream.Predictor.BOOSTED_TREES, "downstream_gbt")),

  /**
   * DCI-ES: explicitness from the loss-capacity curves of random-forest probes of increasing depth,
   * size, and D, C, I of the best probe ({@link DciEs}).
   */
  DCI_ES(Kind.CODES, new DciEsMetric()),

  /**
   * The BetaVAE metric ({@link BetaVae}): sampled through the encoder by {@code evaluate}, and on a
   * code table with its batches drawn from the table's rows ({@link TableSampledMetric}).
   */
  BETAVAE(Kind.SAMPLED, TableSampledMetric.betaVae()),
  /**
   * The FactorVAE metric ({@link FactorVae}): sampled through the encoder by {@code evaluate}, and
   * on a code table with its batches drawn from the table's rows ({@link TableSampledMetric}).
   */
  FACTORVAE(Kind.SAMPLED, TableSampledMetric.factorVae()),
  /** Counterfactual generativeness ({@link dev.candela.metrics.cg.Cg}). */
  CG(Kind.COUNTERFACTUAL),
  /**
   * The latent causal model against the dataset's true causal model over the factors: OD, ID, CD
   * (Peyrard and West 2021), and with a learned DAG SHD, SID and the AIDs, each with its interval
   * ({@code dev.candela.causal.distance.LatentScmScore}, run by {@code evaluate}).
   */
  SCM(Kind.CAUSAL),
  /** The KL of the encoder posterior to the prior per latent and in total ({@link PosteriorKl}). */
  KL(Kind.MODEL),
  /** The VAE's reconstruction loss per image ({@link ReconstructionLoss}). */
  RECONSTRUCTION(Kind.MODEL),
  /**
   * MIG with the β-TCVAE paper's sampling estimator of the entropies from the encoder posterior
   * ({@link MigSampled}).
   */
  MIG_SAMPLED(Kind.MODEL);

  /** What a metric family is computed from. */
  public enum Kind {
    /** Latent codes and factor codes. */
    CODES,
    /** Fixed-factor batches drawn from a dataset and encoded. */
    SAMPLED,
    /** Decoded interventions on the latents, classified by a factor classifier. */
    COUNTERFACTUAL,
    /** A causal model fitted on the codes, compared with the dataset's causal truth. */
    CAUSAL,
    /**
     * The VAE itself on the evaluation samples: its posteriors (means and log-variances) and its
     * decoder ({@code evaluate}).
     */
    MODEL
  }

  private final Kind kind;
  private final List<CodeMetric> codeMetrics;

  Metric(Kind kind, CodeMetric... codeMetrics) {
    this.kind = kind;
    this.codeMetrics = List.of(codeMetrics);
  }

  /**
   * The functions registered on a {@link Kind#CODES} family, which {@link CodeScorer} runs on the
   * shared {@link CodeContext} (none for the other kinds).
   *
   * @return the functions, in registration order
   */
  public List<CodeMetric> codeMetrics() {
    return codeMetrics;
  }

  /**
   * What the family is computed from.
   *
   * @return its kind
   */
  public Kind kind() {
    return kind;
  }

  /**
   * The family's id in reports and options.
   *
   * @return the lower-case name with {@code -} for {@code _}, e.g. {@code factorvae}, {@code
   *     mig-sup}
   */
  public String id() {
    return Ids.of(this);
  }

  /**
   * The family of an id, in any case, with {@code -} or {@code _} between words ({@code mig-sup},
   * {@code MIG_SUP}).
   *
   * @param id the id
   * @return the family
   * @throws IllegalArgumentException naming the id and the families
   */
  public static Metric parse(String id) {
    Metric m = Ids.find(values(), Metric::name, id.strip().replace('-', '_'));
    if (m == null) {
      throw new IllegalArgumentException(
          Ids.unknown("unknown metric '%s'; choose among %s", id, values(), Metric::id));
    }
    return m;
  }

  /**
   * Whether {@code score-codes}, {@code monitor} and Python's {@code score_codes} compute the
   * family from a code table: the one predicate behind their {@code --metrics} choices and {@link
   * #requireCodes}.
   *
   * @return true for a family {@link CodeScorer} computes from latent and factor codes: the {@link
   *     Kind#CODES} families, and the {@link Kind#SAMPLED} ones that have code-table functions
   *     (BetaVAE and FactorVAE, their batches drawn from the table's rows)
   */
  public boolean fromCodes() {
    return !codeMetrics.isEmpty();
  }

  /**
   * Whether the family is left out of the default set (all families for {@code evaluate}, the
   * {@link Kind#CODES} families for {@code score-codes}) and computed only when named: FoS, whose
   * cost grows with the square of the latents (about 40 s at 64 latents), the unified scores, which
   * refit DCI's boosted trees and SAP's SVMs and report 21 scores, the downstream task, which fits
   * 51 logistic regressions per factor and training size (minutes at 10⁴ training rows), or 100
   * stages of boosted trees, and DCI-ES, which fits 12 forests of 100 trees per factor.
   *
   * @return true for an opt-in family
   */
  public boolean optIn() {
    return this == FOS
        || this == UNIFIED
        || this == DOWNSTREAM
        || this == DOWNSTREAM_GBT
        || this == DCI_ES;
  }

  /**
   * The default families of {@code evaluate}: every family but the opt-in ones.
   *
   * @return a new list, in registry order
   */
  public static List<Metric> evaluationDefaults() {
    return java.util.Arrays.stream(values()).filter(m -> !m.optIn()).toList();
  }

  /**
   * The default families of {@code score-codes} and {@code monitor}: the {@link Kind#CODES}
   * families but the opt-in ones (BetaVAE and FactorVAE on a table only when named).
   *
   * @return a new set
   */
  public static EnumSet<Metric> codeDefaults() {
    EnumSet<Metric> out = of(Kind.CODES);
    out.removeIf(Metric::optIn);
    return out;
  }

  /**
   * The families computed from a code table ({@link #fromCodes()}), in registry order.
   *
   * @return a new set
   */
  public static EnumSet<Metric> fromCodeTable() {
    EnumSet<Metric> out = EnumSet.noneOf(Metric.class);
    for (Metric m : values()) {
      if (m.fromCodes()) {
        out.add(m);
      }
    }
    return out;
  }

  /**
   * The families of one kind, in registry order.
   *
   * @param kind the kind
   * @return a new set
   */
  public static EnumSet<Metric> of(Kind kind) {
    EnumSet<Metric> out = EnumSet.noneOf(Metric.class);
    for (Metric m : values()) {
      if (m.kind == kind) {
        out.add(m);
      }
    }
    return out;
  }

  /**
   * Refuses a family that is not computed from codes alone ({@link #fromCodes()}).
   *
   * @param metrics the requested families
   * @throws IllegalArgumentException naming the first such family and the code families
   */
  public static void requireCodes(java.util.Collection<Metric> metrics) {
    for (Metric m : metrics) {
      if (!m.fromCodes()) {
        throw new IllegalArgumentException(
            m.id()
                + " is not computed from codes; choose among "
                + String.join(", ", fromCodeTable().stream().map(Metric::id).toList()));
      }
    }
  }

  /**
   * The families of a set that are of one kind.
   *
   * @param metrics the set
   * @param kind the kind
   * @return a new set
   */
  public static EnumSet<Metric> of(Set<Metric> metrics, Kind kind) {
    EnumSet<Metric> out = of(kind);
    out.retainAll(metrics);
    return out;
  }
}
