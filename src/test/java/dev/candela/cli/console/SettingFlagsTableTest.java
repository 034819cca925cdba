package dev.candela.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.SettingText;
import dev.candela.cli.Main;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

/**
 * The setting-to-flag table against the command tree: every {@link Setting} has a row, and every
 * command a row names exists and takes the row's flag. A setting added to the library without its
 * flag, a renamed option or a command that loses an option fails here, not silently in a message.
 */
class SettingFlagsTableTest {
  private static final CommandLine ROOT = Main.commandLine();

  private static CommandLine command(String path) {
    CommandLine c = ROOT;
    for (String part : path.split(" ")) {
      c = c.getSubcommands().get(part);
      assertNotNull(c, "no command '" + path + "' (at '" + part + "')");
    }
    return c;
  }

  @Test
  void everySettingHasARow() {
    Set<Setting> missing = EnumSet.allOf(Setting.class);
    missing.removeAll(SettingFlags.table().keySet());
    assertEquals(Set.of(), missing, "settings without a flag in SettingFlags");
  }

  @ParameterizedTest
  @EnumSource(Setting.class)
  void everyCommandOfARowTakesItsFlag(Setting s) {
    SettingFlags.Flag f = SettingFlags.table().get(s);
    assertNotNull(f, s + " has no row");
    assertFalse(f.commands().isEmpty(), s + " names no command");
    assertTrue(f.flag().startsWith("--"), s + ": " + f.flag());
    List<String> without = new ArrayList<>();
    for (String path : f.commands()) {
      if (command(path).getCommandSpec().findOption(f.flag()) == null) {
        without.add(path);
      }
    }
    assertEquals(List.of(), without, s + ": commands without " + f.flag());
  }

  @Test
  void aSettingMessageReadsInWordsInTheLibraryAndWithItsFlagOnTheCommandLine() {
    SettingException e = new SettingException(Setting.EPOCHS, 0, "must be > 0, got 0");
    assertEquals(Setting.EPOCHS, e.settingText().setting());
    assertEquals(0, e.value());
    assertEquals("--epochs must be > 0, got 0", SettingFlags.message(e));
    assertFalse(e.getMessage().contains("--"), e.getMessage());
    SettingText hint =
        SettingText.of("no checkpoint; ", SettingText.unset(Setting.RESUME), " to start anew");
    assertEquals("no checkpoint; drop --resume to start anew", SettingFlags.render(hint));
    assertFalse(hint.plain().contains("--"), hint.plain());
  }
}
