package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the generated default data goes: the checkout's target/, or the folder a user set. */
class DefaultDataDirTest {
  @TempDir Path root;

  @Test
  void aWritableCheckoutKeepsItInTarget() {
    String saved = System.clearProperty("candela.data");
    try {
      if (System.getenv("CANDELA_DATA") == null) {
        assertEquals(root.resolve("target/candela-data"), DefaultDataset.dataDir(root));
      }
      System.setProperty("candela.data", root.resolve("elsewhere").toString());
      assertEquals(root.resolve("elsewhere"), DefaultDataset.dataDir(root));
    } finally {
      if (saved == null) {
        System.clearProperty("candela.data");
      } else {
        System.setProperty("candela.data", saved);
      }
    }
  }
}
