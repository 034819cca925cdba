package dev.candela;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** A test with a fresh temporary folder per test and a way to write small text files into it. */
public abstract class TempTextFiles {
  /** The test's temporary folder. */
  @TempDir protected Path dir;

  /**
   * Writes a text file into the temporary folder.
   *
   * @param name the file's name
   * @param text its content
   * @return its path
   * @throws IOException when it cannot be written
   */
  protected Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }
}
