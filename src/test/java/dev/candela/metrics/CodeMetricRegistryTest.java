package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Progress;
import dev.candela.metrics.stats.DiscreteMutualInfo;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The code-metric registry: every code family has its registered functions, each declares the keys
 * it scores, the shared statistics are computed once per context, and a metric of a library user's
 * own, outside the registry, gets scored and the interval of its kind by the same loop.
 */
class CodeMetricRegistryTest {
  /** Same arithmetic on the same matrix. */
  private static final double SAME = 1e-12;

  private static final LatentCodes CODES =
      LearnedCodes.disentangled(300, 3, new int[] {3, 4}, 0.3, 5);

  private static CodeScorer.Options options() {
    return new CodeScorer.Options(
        Metric.of(Metric.Kind.CODES),
        List.of(1, 2),
        EnumSet.allOf(UcSelection.class),
        HistogramDiscretizer.DEFAULT_BINS,
        CodeScorer.Options.DEFAULT_TRAIN_FRACTION,
        150,
        100,
        7);
  }

  @Test
  void everyCodeFamilyHasRegisteredFunctionsAndNoOtherFamilyHas() {
    for (Metric m : Metric.values()) {
      boolean onTables =
          m.kind() == Metric.Kind.CODES || m == Metric.BETAVAE || m == Metric.FACTORVAE;
      assertEquals(onTables, !m.codeMetrics().isEmpty(), m + " " + m.codeMetrics());
      assertEquals(onTables, m.fromCodes(), m.id());
    }
    assertEquals(List.of(ModularityMetric.class), classes(Metric.MODULARITY.codeMetrics()));
    assertEquals(List.of(ExplicitnessMetric.class), classes(Metric.EXPLICITNESS.codeMetrics()));
  }

  private static List<Class<?>> classes(List<CodeMetric> metrics) {
    return metrics.stream().<Class<?>>map(Object::getClass).toList();
  }

  @Test
  void explicitnessHasItsOwnNameAndTheDefaultSetStillScoresIt() {
    assertEquals(Metric.EXPLICITNESS, Metric.valueOf("explicitness".toUpperCase(Locale.ROOT)));
    assertEquals("explicitness", Metric.EXPLICITNESS.id());
    assertTrue(Metric.EXPLICITNESS.fromCodes());
    java.util.EnumSet<Metric> table = Metric.of(Metric.Kind.CODES);
    table.addAll(List.of(Metric.BETAVAE, Metric.FACTORVAE));
    assertEquals(table, Metric.fromCodeTable());
    java.util.EnumSet<Metric> defaults = Metric.of(Metric.Kind.CODES);
    defaults.remove(Metric.FOS);
    defaults.remove(Metric.UNIFIED);
    defaults.remove(Metric.DOWNSTREAM);
    defaults.remove(Metric.DOWNSTREAM_GBT);
    defaults.remove(Metric.DCI_ES);
    assertEquals(
        defaults,
        Metric.codeDefaults(),
        "FoS, the unified scores, the downstream tasks and DCI-ES are opt-in");
    assertFalse(Metric.evaluationDefaults().contains(Metric.FOS));
    assertFalse(Metric.evaluationDefaults().contains(Metric.UNIFIED));
    assertFalse(Metric.evaluationDefaults().contains(Metric.DOWNSTREAM));
    assertFalse(Metric.evaluationDefaults().contains(Metric.DOWNSTREAM_GBT));
    assertFalse(Metric.evaluationDefaults().contains(Metric.DCI_ES));
    assertTrue(CodeScorer.Options.defaults().metrics().contains(Metric.EXPLICITNESS));
    assertEquals(List.of("explicitness"), Metric.EXPLICITNESS.codeMetrics().get(0).keys(options()));
  }

  @Test
  void statisticsOfAllRowsRunBeforeTheLearnedOnes() {
    List<Class<?>> order = new ArrayList<>();
    for (CodeMetric m : CodeScorer.registered(Metric.of(Metric.Kind.CODES))) {
      order.add(m.getClass());
    }
    assertEquals(
        List.of(
            IrsMetric.class,
            UcMetric.class,
            JemmigMetric.class,
            GaussianTcMetric.class,
            GaussianWcMetric.class,
            LatentMiMetric.class,
            MigMetric.class,
            ModularityMetric.class,
            MigSupMetric.class,
            DcimigMetric.class,
            UnifiedMiMetric.class,
            FosMetric.class,
            DciMetric.class,
            SapMetric.class,
            ExplicitnessMetric.class,
            SapContinuousMetric.class,
            UnifiedMetric.class,
            DciEsMetric.class,
            DownstreamMetric.class,
            DownstreamMetric.class),
        order);
  }

  @Test
  void eachFunctionScoresTheKeysItDeclaresAndTheLoopScoresTheirUnion() {
    CodeScorer.Options o = options();
    CodeContext context = new CodeContext(CODES, null, o);
    List<String> union = new ArrayList<>();
    for (CodeMetric m : CodeScorer.registered(o.metrics())) {
      List<String> scored = new ArrayList<>(m.score(context).scores().keySet());
      List<String> declared = m.keys(o);
      if (m instanceof DownstreamMetric) {
        // the training sizes that fit depend on the rows: the declared keys of those sizes
        declared =
            declared.stream()
                .filter(
                    k ->
                        java.util.Arrays.stream(Downstream.sizes(CODES.numSamples()))
                            .anyMatch(s -> k.matches("downstream(_gbt)?\\." + s + "(\\.min)?")))
                .toList();
      }
      assertEquals(declared, scored, m.getClass().getSimpleName());
      union.addAll(scored);
    }
    assertEquals(union, new ArrayList<>(CodeScorer.score(CODES, null, o).scores().keySet()));
    assertEquals(
        List.of("uc@1", "uc@1.fork", "uc@2", "uc@2.fork"), Metric.UC.codeMetrics().get(0).keys(o));
  }

  @Test
  void theContextComputesEachSharedStatisticOnce() {
    CodeContext context = new CodeContext(CODES, null, options());
    assertSame(context.irs(), context.irs());
    assertSame(context.mutualInformation(), context.mutualInformation());
    assertSame(context.split(), context.split());
    CodeScorer.Scores s = CodeScorer.score(context, true);
    assertSame(context.irs(), s.irs());
  }

  /** Mean over factors of max_j I(z_j; v_k) / H(v_k): not a Candela metric, a user's own. */
  private static final class MeanBestInformation implements CodeMetric.Jackknifed {
    @Override
    public Scored fromMutualInformation(double[][] mi, double[] entropy, int bins) {
      double sum = 0;
      for (int k = 0; k < entropy.length; k++) {
        double best = 0;
        for (double[] row : mi) {
          best = Math.max(best, row[k]);
        }
        sum += best / entropy[k];
      }
      return Scored.of("best-info", sum / entropy.length, Map.of());
    }

    @Override
    public boolean secondOrder() {
      return false;
    }

    @Override
    public List<String> keys(CodeScorer.Options options) {
      return List.of("best-info");
    }
  }

  @Test
  void aUsersOwnMetricIsScoredAndGetsTheIntervalOfItsKind() {
    CodeContext context = new CodeContext(CODES, null, options());
    List<CodeMetric> mine = List.of(new MeanBestInformation());
    CodeScorer.Scores s = CodeScorer.score(context, mine, true);

    double[][] mi =
        DiscreteMutualInfo.latentFactorMatrix(
            CODES.latents(), CODES.factors(), HistogramDiscretizer.DEFAULT_BINS);
    double[] h = DiscreteMutualInfo.factorEntropies(CODES.factors());
    double byHand = 0;
    for (int k = 0; k < h.length; k++) {
      double best = 0;
      for (double[] row : mi) {
        best = Math.max(best, row[k]);
      }
      byHand += best / h[k] / h.length;
    }
    assertEquals(byHand, s.scores().get("best-info"), SAME);

    Map<String, Uncertainty> u =
        CodeScorer.uncertainty(
            context,
            mine,
            s.scores(),
            new CodeScorer.IntervalOptions(4, 10, 2, Long.MAX_VALUE),
            Progress.NONE);
    assertEquals(Uncertainty.JACKKNIFE, u.get("best-info").method());
    assertEquals(300, u.get("best-info").n());
    assertTrue(u.get("best-info").se() > 0, u.toString());
  }
}
