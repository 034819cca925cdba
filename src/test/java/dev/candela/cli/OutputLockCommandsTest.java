package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.OutputLock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every command that fills an output folder over a long run takes its lock first: while another run
 * holds it, the command is refused in one line naming the folder and the holder (exit 2), before it
 * reads or writes anything.
 */
class OutputLockCommandsTest {
  @TempDir Path tmp;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "evaluate --model MISSING",
        "counterfactuals --model MISSING --dataset MISSING --classifier MISSING",
        "dataset render --count 2",
        "train --dataset MISSING --objective beta-vae",
        "train-classifier --dataset MISSING"
      })
  @SuppressWarnings("try") // the lock is held by the try block, never read
  void aSecondRunIsRefusedInOneLineBeforeItStarts(String command) throws Exception {
    Path out = tmp.resolve("out");
    List<String> args = new ArrayList<>();
    for (String a : command.split(" ")) {
      args.add(a.equals("MISSING") ? tmp.resolve("missing").toString() : a);
    }
    args.addAll(List.of("--out", out.toString()));
    try (OutputLock held = OutputLock.acquire(out, "holder")) {
      CliRun r = CliRun.of(args.toArray(String[]::new));
      String line = r.err().strip();
      assertEquals(2, r.exit(), line);
      assertTrue(
          line.matches(
              "candela [a-z -]+: "
                  + java.util.regex.Pattern.quote(out.toString())
                  + " is in use by another candela run \\(holder, pid \\d+, since .*\\): wait for it"
                  + " to end or choose another output folder"),
          line);
    }
  }
}
