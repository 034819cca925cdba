package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.JsonFiles;
import dev.candela.Provenance;
import dev.candela.cli.console.CliCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Options and output shared by the graph subcommands ({@code --truth}, {@code --pred}, {@code
 * --json}).
 */
abstract class GraphFiles extends CliCommand {
  @Option(names = "--truth", required = true, description = "True graph file.")
  Path truth;

  @Option(names = "--pred", required = true, description = "Predicted graph (or score) file.")
  Path pred;

  @Option(names = "--json", description = "Also write the result as JSON to this file.")
  Path json;

  void write(String metric, Map<String, Object> values, Map<String, Object> params)
      throws BadInputException {
    if (json == null) {
      return;
    }
    Map<String, String> inputs = new LinkedHashMap<>();
    inputs.put("truth:" + truth, Provenance.sha256(truth));
    inputs.put("pred:" + pred, Provenance.sha256(pred));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("metric", metric);
    out.putAll(values);
    out.put("provenance", Provenance.now(inputs, null, params));
    try {
      JsonFiles.writeIndented(json, out, false);
    } catch (IOException e) {
      throw new BadInputException(json + ": cannot write JSON: " + e.getMessage(), e);
    }
  }

  /** A comparison of the two graphs that may fail on reading them. */
  @FunctionalInterface
  interface Comparison<T> {
    /**
     * Compares the graphs.
     *
     * @return the result
     * @throws BadInputException when a graph file cannot be read
     */
    T compute() throws BadInputException;
  }

  /**
   * Runs a comparison of {@code --truth} and {@code --pred}; the library's rejection of the pair
   * (different nodes, a cycle, ...) becomes bad input that names both files.
   *
   * @param comparison the comparison
   * @param <T> its result's type
   * @return the result
   * @throws BadInputException when a file cannot be read or the library rejects the pair
   */
  <T> T compare(Comparison<T> comparison) throws BadInputException {
    try {
      return comparison.compute();
    } catch (IllegalArgumentException e) {
      throw new BadInputException(truth + " vs " + pred + ": " + e.getMessage(), e);
    }
  }

  void print(String line) {
    out().println(line);
    out().flush();
  }
}
