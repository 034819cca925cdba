package dev.candela.model.training;

import ai.djl.Model;
import ai.djl.training.Trainer;
import java.nio.file.Path;

/** What {@link TrainingListener}s see of a running {@link TrainingLoop}. */
final class TrainingContext {
  /** The run's output folder. */
  final Path out;

  /** The model being trained. */
  final Model model;

  /** Its trainer. */
  final Trainer trainer;

  /** Steps per epoch. */
  final int stepsPerEpoch;

  /** Steps of the whole run (all epochs, resumed ones included). */
  final long totalSteps;

  TrainingContext(Path out, Model model, Trainer trainer, int stepsPerEpoch, int epochs) {
    this.out = out;
    this.model = model;
    this.trainer = trainer;
    this.stepsPerEpoch = stepsPerEpoch;
    this.totalSteps = (long) epochs * stepsPerEpoch;
  }
}
