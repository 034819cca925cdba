package dev.candela;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * File names made from data (factor, model and metric names): a name becomes one safe path
 * component, and a file built from it is checked to stay inside its folder, so that a factor named
 * {@code x/../../escaped} can never write outside {@code --out}.
 */
public final class SafeFileNames {
  private SafeFileNames() {}

  /**
   * One path component for a name: letters, digits, {@code .}, {@code _} and {@code -} are kept,
   * every other character becomes {@code _}; a name that had to change (or that would be empty,
   * {@code .} or {@code ..}, or start with {@code .}) gets {@code -} and the first 8 hex digits of
   * its SHA-256, so that two names that differ only in the replaced characters stay two files.
   *
   * @param name the name from the data
   * @return a safe file-name part, equal to {@code name} when it was already safe
   */
  public static String part(String name) {
    StringBuilder b = new StringBuilder(name.length());
    name.codePoints()
        .forEach(
            c ->
                b.append(
                    c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-')
                        ? (char) c
                        : '_'));
    String s = b.toString();
    boolean changed = !s.equals(name) || s.isEmpty() || s.startsWith(".");
    if (!changed) {
      return s;
    }
    if (s.startsWith(".")) {
      s = "_" + s.substring(1);
    }
    return s + "-" + shortHash(name);
  }

  /**
   * A file of a folder whose name is built from data: {@code dir/prefix + part(name) + suffix},
   * checked to lie directly inside {@code dir}.
   *
   * @param dir the folder
   * @param prefix a fixed prefix, e.g. {@code counterfactuals-}
   * @param name the name from the data
   * @param suffix a fixed suffix, e.g. {@code .png}
   * @return the file's path
   * @throws IllegalArgumentException when the result would leave {@code dir} (it cannot, with a
   *     prefix and suffix without separators: a guard against a future change)
   */
  public static Path file(Path dir, String prefix, String name, String suffix) {
    String fileName = prefix + part(name) + suffix;
    Path f = dir.resolve(fileName).normalize();
    if (!dir.normalize().equals(f.getParent() == null ? Path.of("") : f.getParent())
        || fileName.contains("/")
        || fileName.contains("\\")) {
      throw new IllegalArgumentException(
          "file name '" + fileName + "' made from '" + name + "' leaves " + dir);
    }
    return f;
  }

  private static String shortHash(String name) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java", e);
    }
  }
}
