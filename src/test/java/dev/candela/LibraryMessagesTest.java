package dev.candela;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Library code (everything under {@code dev.candela} but {@code cli}) names settings in plain
 * words, never a command-line flag: their messages carry {@code Setting} values, and the CLI maps
 * each setting to its flag in one table ({@code cli.console.SettingFlags}). This reads the main
 * sources and fails on every string literal that holds {@code --} and a letter, printing {@code
 * file:line}, except the allow-list below: arguments of subprocesses and whole command lines quoted
 * as a suggestion to run.
 */
class LibraryMessagesTest {
  static final Path MAIN = Path.of("src", "main", "java", "dev", "candela");

  static final Pattern FLAG = Pattern.compile("--[a-z]");

  /** Literals allowed per file (relative to {@code dev/candela}), and why. */
  static final Map<String, Set<String>> ALLOWED =
      Map.of(
          // the compiler's and nm's arguments
          "model/engine/JniBuild.java",
          Set.of("-Wl,--no-as-needed", "-Wl,--as-needed", "--version", "--defined-only"),
          // the arguments of the Python anchor process
          "model/hosting/TorchAnchor.java",
          Set.of(
              "--device",
              "--latent-dim",
              "--channels",
              "--factor-sizes",
              "--classifier-hidden",
              "--threads"),
          // the Python conversion commands to run, quoted whole
          "model/card/PyTorchFiles.java",
          Set.of(
              " --checkpoint ",
              " --class MODULE:CLASS [--kwargs JSON] --out ",
              " --out ",
              " --encoder ",
              " --decoder DECODER.pt --out ",
              " --decoder ",
              " --disvae ",
              " --repo PATH/TO/disentangling-vae"),
          // the command that generates the default data, quoted whole
          "evaluate/DefaultDataset.java",
          Set.of(
              " --exclude-training ", " (candela dataset generate dsprites --count ", " --seed "),
          // Blender's and the render script's arguments
          "synth/BlenderRenderer.java",
          Set.of(
              "--factory-startup",
              "--python-exit-code",
              "--out",
              "--id-file",
              "--seed",
              "--engine",
              "--samples",
              "--rules",
              "--rules-file",
              "--hdri-dir",
              "--mask-dir"));

  @Test
  void noLibraryLiteralNamesAFlag() throws IOException {
    List<String> offenders = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> s = Files.walk(MAIN)) {
      files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    assertTrue(files.size() > 100, "main sources not found under " + MAIN.toAbsolutePath());
    for (Path f : files) {
      String rel = MAIN.relativize(f).toString().replace('\\', '/');
      if (rel.startsWith("cli/")) {
        continue;
      }
      Set<String> allowed = ALLOWED.getOrDefault(rel, Set.of());
      for (Literal l : literals(Files.readString(f, StandardCharsets.UTF_8))) {
        if (FLAG.matcher(l.text()).find() && !allowed.contains(l.text())) {
          offenders.add(MAIN.resolve(rel) + ":" + l.line() + ": \"" + l.text() + "\"");
        }
      }
    }
    if (!offenders.isEmpty()) {
      fail(
          "library messages name settings in plain words, not flags (the CLI maps them in"
              + " cli.console.SettingFlags):\n"
              + String.join("\n", offenders));
    }
  }

  @Test
  void literalsAreFoundOutsideComments() {
    String src =
        "/** {@code --a} */ class X { // \"--b\"\n"
            + " String s = \"x --c\" + '\"' + \"\\\"--d\\\"\"; /* \"--e\" */\n"
            + " String t = \"\"\"\n  --f\n  \"\"\"; char q = '\\''; }";
    assertEquals(
        List.of(
            new Literal("x --c", 2), new Literal("\\\"--d\\\"", 2), new Literal("\n  --f\n  ", 3)),
        literals(src));
  }

  /** A string literal's text as written (escapes kept) and the line it starts on. */
  record Literal(String text, int line) {}

  /** The string literals and text blocks of a Java source, outside comments and char literals. */
  static List<Literal> literals(String src) {
    List<Literal> out = new ArrayList<>();
    int line = 1;
    int i = 0;
    int n = src.length();
    while (i < n) {
      char c = src.charAt(i);
      if (c == '\n') {
        line++;
        i++;
      } else if (src.startsWith("//", i)) {
        while (i < n && src.charAt(i) != '\n') {
          i++;
        }
      } else if (src.startsWith("/*", i)) {
        int end = src.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        line += count(src, i, end);
        i = end;
      } else if (src.startsWith("\"\"\"", i)) {
        int start = i + 3;
        int j = start;
        while (j < n && !src.startsWith("\"\"\"", j)) {
          j += src.charAt(j) == '\\' ? 2 : 1;
        }
        out.add(new Literal(src.substring(start, Math.min(j, n)), line));
        line += count(src, i, Math.min(j, n));
        i = Math.min(j + 3, n);
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < n && src.charAt(j) != c && src.charAt(j) != '\n') {
          j += src.charAt(j) == '\\' ? 2 : 1;
        }
        if (c == '"') {
          out.add(new Literal(src.substring(i + 1, Math.min(j, n)), line));
        }
        i = j + 1;
      } else {
        i++;
      }
    }
    return out;
  }

  private static int count(String s, int from, int to) {
    int k = 0;
    for (int i = from; i < to; i++) {
      if (s.charAt(i) == '\n') {
        k++;
      }
    }
    return k;
  }
}
