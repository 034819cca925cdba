package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.ModelJson;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The required {@code --out} model JSON of the commands that write a causal model ({@code causal
 * fit}, {@code causal truth}; a picocli mixin).
 */
final class ModelJsonOutOption {
  @Option(names = "--out", required = true, description = "Output model JSON.")
  private Path out;

  /** Creates the option (picocli fills it). */
  ModelJsonOutOption() {}

  /** The file as given. */
  Path path() {
    return out;
  }

  /**
   * Writes the model there ({@link ModelJson#write}).
   *
   * @param model the model
   * @throws BadInputException when the file cannot be written
   */
  void write(CausalModel model) throws BadInputException {
    ModelJson.write(model, out);
  }
}
