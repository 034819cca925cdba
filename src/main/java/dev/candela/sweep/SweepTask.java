package dev.candela.sweep;

import dev.candela.evaluate.EvaluationOptions;
import java.io.Serializable;
import java.util.Objects;

/**
 * One unit of a sweep: one checkpoint scored with one seed. Paths are strings (a {@code Path} is
 * not serialisable) as the executors see them: a shared file system, or for the dataset a file
 * shipped with {@code spark-submit --files} (found by its file name in the task's work folder).
 *
 * @param name the row name, unique in the sweep (also the report sub-folder)
 * @param model the checkpoint folder (with {@code model.json})
 * @param classifier the classifier folder, or {@code null} to skip CG
 * @param dataset the dataset path
 * @param seed the seed
 * @param out the sweep's output folder; the report goes to {@code out/name}
 * @param options the evaluation options
 */
public record SweepTask(
    String name,
    String model,
    String classifier,
    String dataset,
    long seed,
    String out,
    EvaluationOptions options)
    implements Serializable {

  private static final long serialVersionUID = 1L;

  /** Checks the required values. */
  public SweepTask {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(options, "options");
  }
}
