package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.cli.console.ExitCodes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import picocli.CommandLine;

/** Runs the CLI in-process and captures its exit code, standard output and standard error. */
public record CliRun(int exit, String out, String err) {

  /**
   * Runs {@code candela} with these arguments.
   *
   * @param args the arguments
   * @return the exit code and what was printed
   */
  public static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }

  /**
   * Runs {@code candela} with these arguments, each as its text (paths and numbers need no {@code
   * toString()}).
   *
   * @param args the arguments
   * @return the exit code and what was printed
   */
  public static CliRun of(Object... args) {
    return of(Arrays.stream(args).map(String::valueOf).toArray(String[]::new));
  }

  /**
   * Runs {@code candela} with these arguments and asserts that it succeeded (exit code 0; standard
   * error is the failure message).
   *
   * @param args the arguments, each as its text
   * @return the run
   */
  public static CliRun ok(Object... args) {
    CliRun r = of(args);
    assertEquals(0, r.exit(), r.err());
    return r;
  }

  /**
   * As {@link #ok(Object...)}, for arguments already in text.
   *
   * @param args the arguments
   * @return the run
   */
  public static CliRun ok(String... args) {
    return ok((Object[]) args);
  }

  /**
   * Asserts that this run was refused as bad input (exit code 2) with every part on standard error.
   *
   * @param parts what standard error must contain
   */
  public void assertBadInput(String... parts) {
    assertEquals(ExitCodes.BAD_INPUT, exit());
    for (String part : parts) {
      assertTrue(err().contains(part), err());
    }
  }

  /**
   * Asserts that this run was refused as bad input with one line on standard error that contains
   * {@code part}.
   *
   * @param part what the line must contain
   */
  public void assertOneLineBadInput(String part) {
    assertBadInput(part);
    assertEquals(1, err().strip().lines().count(), err());
  }
}
