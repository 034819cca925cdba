package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.cli.console.ExitCodes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Issue 14, defects 5 and 6: out of memory and option parse errors are one stderr line. */
class MainErrorsTest {

  /** A command that runs out of memory, to exercise the top-level handler. */
  @Command(name = "oom")
  static final class Oom implements Callable<Integer> {
    @Option(names = "--latents")
    Path latents;

    @Option(names = "--samples")
    int samples;

    @Override
    public Integer call() {
      throw new OutOfMemoryError("Java heap space");
    }
  }

  @Test
  void outOfMemoryIsOneLineNamingTheInputsAndTheHeapOption() {
    CommandLine cl = Main.commandLine();
    cl.addSubcommand(new Oom());
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute("oom", "--latents", "big.csv", "--samples", "900000");
    assertEquals(ExitCodes.FAILURE, code);
    String e = err.toString();
    assertEquals(1, e.lines().count(), e);
    assertTrue(e.startsWith("candela oom: out of memory (Java heap space)"), e);
    assertTrue(e.contains("--latents big.csv"), e);
    assertTrue(e.contains("--samples 900000"), e);
    assertTrue(e.contains("CANDELA_JAVA_OPTS=-Xmx"), e);
    assertFalse(e.contains("at dev.candela"), e);
  }

  /** A command with a positional dataset path that runs out of memory. */
  @Command(name = "oom-validate")
  static final class OomPositional implements Callable<Integer> {
    @picocli.CommandLine.Parameters(index = "0")
    Path dataset;

    @Override
    public Integer call() {
      throw new OutOfMemoryError("Java heap space");
    }
  }

  @Test
  void outOfMemoryNamesAPositionalDatasetPathToo() {
    CommandLine cl = Main.commandLine();
    cl.addSubcommand(new OomPositional());
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    assertEquals(ExitCodes.FAILURE, cl.execute("oom-validate", "data/huge.npz"));
    String e = err.toString();
    assertEquals(1, e.lines().count(), e);
    assertTrue(e.contains(" for data/huge.npz; raise the limit"), e);
  }

  @Test
  void aWrongTypeIsOneLineNamingTheOptionTheValueAndHelp() {
    CliRun r = CliRun.of("score-codes", "--factors", "f.csv", "--latents", "l.csv", "--seed", "x1");
    r.assertBadInput();
    assertEquals(
        "candela score-codes: Invalid value for option '--seed': 'x1' is not a long"
            + " (see 'candela score-codes --help')",
        r.err().strip());
  }

  @Test
  void aDuplicatedOptionIsOneLine() {
    CliRun r =
        CliRun.of("score-codes", "--factors", "f.csv", "--factors", "g.csv", "--latents", "l.csv");
    r.assertBadInput();
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().contains("--factors"), r.err());
    assertTrue(r.err().contains("g.csv"), r.err());
    assertTrue(r.err().contains("--help"), r.err());
  }
}
