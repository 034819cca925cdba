package dev.candela.metrics;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The one registry of Candela's disentanglement metric families, as {@code --metrics} names them
 * (any case): each with the input it needs. {@link Kind#CODES} families are computed from latent
 * and factor codes alone ({@link CodeScorer}: {@code score-codes}, {@code evaluate}); {@link
 * Kind#SAMPLED} ones need a representation to sample fixed-factor batches from ({@link BetaVae},
 * {@link FactorVae}: {@code evaluate} samples them through the encoder, and on a code table they
 * draw the batches from the table's rows, so {@code score-codes} computes them too: {@link
 * #onCodeTables()}); {@link Kind#COUNTERFACTUAL} needs a decoder and a factor classifier ({@link
 * dev.candela.metrics.cg.Cg}).
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
  /** Modularity and explicitness ({@link Modularity}, {@link Explicitness}). */
  MODULARITY(Kind.CODES, new ModularityMetric(), new ExplicitnessMetric()),
  /** Factorization of support, FoS and randFoS ({@link Fos}). */
  FOS(Kind.CODES, new FosMetric()),
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
   * (Peyrard and West 2021) with standard error and null, and with a learned DAG SHD, SID and the
   * AIDs ({@code dev.candela.causal.distance.LatentScmScore}, run by {@code evaluate}).
   */
  SCM(Kind.CAUSAL);

  /** What a metric family is computed from. */
  public enum Kind {
    /** Latent codes and factor codes. */
    CODES,
    /** Fixed-factor batches drawn from a dataset and encoded. */
    SAMPLED,
    /** Decoded interventions on the latents, classified by a factor classifier. */
    COUNTERFACTUAL,
    /** A causal model fitted on the codes, compared with the dataset's causal truth. */
    CAUSAL
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
   * @return the lower-case name, e.g. {@code factorvae}
   */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
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
   * Whether the family can be computed from a code table alone ({@code score-codes}): the {@link
   * Kind#CODES} families, and the {@link Kind#SAMPLED} ones that have code-table functions (BetaVAE
   * and FactorVAE, their batches drawn from the table's rows).
   *
   * @return true when {@link CodeScorer} computes it from codes
   */
  public boolean onCodeTables() {
    return !codeMetrics.isEmpty();
  }

  /**
   * The families computed from a code table ({@link #onCodeTables()}), in registry order.
   *
   * @return a new set
   */
  public static EnumSet<Metric> codeTableFamilies() {
    EnumSet<Metric> out = EnumSet.noneOf(Metric.class);
    for (Metric m : values()) {
      if (m.onCodeTables()) {
        out.add(m);
      }
    }
    return out;
  }

  /**
   * Refuses a family that is not computed from codes alone ({@link #onCodeTables()}).
   *
   * @param metrics the requested families
   * @throws IllegalArgumentException naming the first such family and the code families
   */
  public static void requireCodes(java.util.Collection<Metric> metrics) {
    for (Metric m : metrics) {
      if (!m.onCodeTables()) {
        throw new IllegalArgumentException(
            m.id()
                + " is not computed from codes; choose among "
                + String.join(", ", codeTableFamilies().stream().map(Metric::id).toList()));
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
