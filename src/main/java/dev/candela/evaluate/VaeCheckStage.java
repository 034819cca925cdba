package dev.candela.evaluate;

import dev.candela.CandelaException;
import java.util.Map;

/**
 * The first stage of an {@link Evaluation}: the VAE's fitness check ({@link ModelFitness#vae}) on
 * the evaluation samples, its warnings and {@code vaeCheck} details; CG reads the same check from
 * the context.
 */
final class VaeCheckStage implements EvaluationStage {

  @Override
  public boolean applies(EvaluationSettings s) {
    return true;
  }

  @Override
  public StageResult run(EvaluationContext c) throws CandelaException {
    ModelFitness.VaeCheck check = c.models().vaeCheck();
    return new StageResult(
        Map.of(), Map.of(), Map.of("vaeCheck", check), check.warnings(), Map.of());
  }
}
