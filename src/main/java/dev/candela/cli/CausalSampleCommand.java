package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.model.ModelJson;
import dev.candela.causal.query.Intervention;
import dev.candela.causal.query.Sampler;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code candela causal sample}: draws from a model, observationally or under do(). */
@Command(
    name = "sample",
    mixinStandardHelpOptions = true,
    description = "Draw samples from a causal model, optionally under a hard intervention.")
public final class CausalSampleCommand implements Callable<Integer> {
  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Option(names = "--model", required = true, description = "Model JSON.")
  Path model;

  @Option(names = "--do", description = "Intervention NAME=value[,NAME=value].")
  String doSpec;

  @Option(names = "--n", defaultValue = "1000", description = "Number of rows.")
  int n;

  @Option(names = "--seed", defaultValue = "0", description = "Random seed.")
  long seed;

  @Option(names = "--include-hidden", description = "Also write hidden variables.")
  boolean includeHidden;

  @Option(names = "--out", description = "CSV file (default: standard output).")
  Path out;

  /** Creates the command. */
  public CausalSampleCommand() {}

  @Override
  public Integer call() throws BadInputException {
    CausalModel m = ModelJson.read(model);
    Intervention iv;
    try {
      iv = Intervention.parse(m, doSpec);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--do: " + e.getMessage(), e);
    }
    if (n < 0) {
      throw new BadInputException("--n must be >= 0, got " + n);
    }
    double[][] rows = Sampler.sample(m, iv, n, new SplittableRandom(seed));
    int[] cols = includeHidden ? allColumns(m.size()) : m.observed();
    StringWriter sw = new StringWriter();
    PrintWriter w = new PrintWriter(sw);
    StringBuilder head = new StringBuilder();
    for (int j = 0; j < cols.length; j++) {
      head.append(j == 0 ? "" : ",").append(m.variable(cols[j]).name());
    }
    w.println(head);
    for (double[] r : rows) {
      StringBuilder sb = new StringBuilder();
      for (int j = 0; j < cols.length; j++) {
        if (j > 0) {
          sb.append(',');
        }
        if (m.variable(cols[j]).mechanism() instanceof Cpt c) {
          sb.append(c.values().get((int) r[cols[j]]));
        } else {
          sb.append(r[cols[j]]);
        }
      }
      w.println(sb);
    }
    w.flush();
    if (out == null) {
      spec.commandLine().getOut().print(sw);
      spec.commandLine().getOut().flush();
    } else {
      try {
        Files.writeString(out, sw.toString());
      } catch (IOException e) {
        throw new BadInputException(out + ": cannot write (" + e.getMessage() + ")", e);
      }
    }
    return Main.OK;
  }

  private static int[] allColumns(int d) {
    int[] a = new int[d];
    for (int i = 0; i < d; i++) {
      a[i] = i;
    }
    return a;
  }
}
