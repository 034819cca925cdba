package dev.candela;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.graph.Aid;
import dev.candela.data.DSpritesDrawing;
import dev.candela.metrics.DciLearner;
import dev.candela.metrics.Metric;
import dev.candela.model.arch.VaeArchitecture;
import dev.candela.model.training.Objective;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Id look-up: any case, blanks ignored, null names none, one message shape. */
class IdsTest {
  private enum Colour {
    DARK_RED,
    BLUE;

    String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  @Test
  void findsTheIdInAnyCaseWithBlanksAround() {
    assertEquals(Colour.DARK_RED, Ids.find(Colour.values(), Colour::id, "  Dark-RED\t"));
    assertEquals(Colour.BLUE, Ids.find(Colour.values(), Colour::id, "blue"));
    assertNull(Ids.find(Colour.values(), Colour::id, "dark_red"));
    assertNull(Ids.find(Colour.values(), Colour::id, "bl ue"));
    assertNull(Ids.find(Colour.values(), Colour::id, null));
  }

  @Test
  void anUnknownTextIsNamedWithTheChoices() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Ids.parse(Colour.values(), Colour::id, " Green", "unknown colour '%s' (%s)"));
    assertEquals("unknown colour ' Green' (dark-red, blue)", e.getMessage());
    assertEquals(
        "no colour 'null'", Ids.unknown("no colour '%s'", null, Colour.values(), Colour::id));
  }

  @Test
  void anIdIsTheNameInLowerCaseWithHyphens() {
    assertEquals("dark-red", Ids.of(Colour.DARK_RED));
    assertEquals("random-forest", DciLearner.RANDOM_FOREST.id());
    assertEquals("sklearn-gbt", DciLearner.SKLEARN_GBT.toString());
    assertEquals(
        List.of("beta-vae", "beta-tcvae", "dip-vae-i", "factor-vae"),
        Arrays.stream(Objective.Base.values()).map(Objective.Base::id).toList());
    assertEquals(
        List.of("deepmind", "candela-1"),
        Arrays.stream(DSpritesDrawing.values()).map(DSpritesDrawing::id).toList());
  }

  @Test
  void theEnumsParseTheirIdsAndOtherNames() {
    assertEquals(Aid.Kind.OSET, Aid.Kind.parse(" OSET_aid "));
    assertEquals(Aid.Kind.PARENT, Aid.Kind.parse("Parent"));
    assertEquals(DciLearner.RANDOM_FOREST, DciLearner.parse("Random-Forest "));
    assertEquals(Metric.MIG_SUP, Metric.parse(" Mig_Sup"));
    assertEquals(Metric.MIG_SUP, Metric.parse("mig-sup"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DciLearner.parse(null));
    assertEquals(
        "unknown DCI learner 'null' (expected one of [sklearn-gbt, xgboost, lasso,"
            + " random-forest])",
        e.getMessage());
    String vae =
        assertThrows(IllegalArgumentException.class, () -> VaeArchitecture.named("DL-CONV64"))
            .getMessage();
    assertTrue(vae.startsWith("unknown VAE architecture 'DL-CONV64' (known: "), vae);
    assertTrue(vae.contains(", dl-conv64") || vae.contains("(known: dl-conv64"), vae);
  }
}
