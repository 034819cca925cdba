package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's {@code --help} renders without picocli's format warnings (an unescaped {@code %}
 * in a description makes picocli print {@code [picocli WARN] Could not format ...} on stderr).
 */
class HelpTextTest {

  private static void collect(CommandLine cl, List<CommandLine> out) {
    out.add(cl);
    for (CommandLine sub : cl.getSubcommands().values()) {
      collect(sub, out);
    }
  }

  @Test
  void everyUsageMessageRendersWithoutPicocliWarnings() {
    List<CommandLine> all = new ArrayList<>();
    collect(Main.commandLine(), all);
    assertTrue(all.size() > 20, "expected the full command tree, got " + all.size());
    PrintStream saved = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      for (CommandLine cl : all) {
        String usage = cl.getUsageMessage();
        assertFalse(usage.isBlank(), cl.getCommandName());
      }
    } finally {
      System.setErr(saved);
    }
    String warnings = err.toString(StandardCharsets.UTF_8);
    assertFalse(warnings.contains("picocli WARN"), warnings);
  }
}
