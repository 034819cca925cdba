package dev.candela.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.candela.evaluate.EvaluationOptions;
import dev.candela.evaluate.EvaluationSettings;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The IRS quantile is part of the provenance and of the key a sweep resumes by (issue 40). */
class IrsQuantileSettingsKeyTest {

  private static EvaluationSettings settings(double q) {
    return EvaluationOptions.builder().irsQuantile(q).build().settings(Path.of("d"), null, 0);
  }

  @Test
  void anotherQuantileIsAnotherSweep() throws Exception {
    assertEquals(0.99, EvaluationOptions.defaults().asMap().get("irsQuantile"));
    assertEquals(1.0, settings(1.0).asMap().get("irsQuantile"));
    assertEquals(
        CheckpointScorer.settingsKey(settings(0.99), "data", "model", "none"),
        CheckpointScorer.settingsKey(settings(0.99), "data", "model", "none"));
    assertNotEquals(
        CheckpointScorer.settingsKey(settings(0.99), "data", "model", "none"),
        CheckpointScorer.settingsKey(settings(1.0), "data", "model", "none"));
  }
}
