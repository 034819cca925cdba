package dev.candela.evaluate;

import dev.candela.CandelaException;

/**
 * One stage of an {@link Evaluation}: reads what it needs from the run's {@link EvaluationContext}
 * (the encoded samples and the shared values the context computes once) and returns what it adds to
 * the report. The stages are registered in order in {@link EvaluationStages}; {@code Evaluation}
 * runs those that apply and writes {@code report.json} after each.
 */
interface EvaluationStage {

  /**
   * Whether the stage runs under these settings (a stage that does not run adds nothing).
   *
   * @param s the settings
   * @return true when it runs
   */
  boolean applies(EvaluationSettings s);

  /**
   * Whether the stage reads the IRS matrix of the code metrics ({@link EvaluationContext#codeRun}),
   * so that the context computes IRS even when it is not reported.
   *
   * @param s the settings
   * @return true when it reads IRS
   */
  default boolean readsIrs(EvaluationSettings s) {
    return false;
  }

  /**
   * Runs the stage.
   *
   * @param c the run
   * @return what it adds to the report
   * @throws CandelaException on bad input or failed I/O or inference
   */
  StageResult run(EvaluationContext c) throws CandelaException;
}
