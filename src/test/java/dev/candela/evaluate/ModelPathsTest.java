package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Row names of model folders, as {@code evaluate} and {@code sweep} give them. */
class ModelPathsTest {

  @Test
  void sameFolderNamesAreQualifiedByTheirParent() {
    assertEquals(
        List.of("1-model", "2-model", "x-other"),
        ModelPaths.qualifiedNames(
            List.of(Path.of("/s/1/model"), Path.of("/s/2/model"), Path.of("/x/other"))));
    assertEquals(
        List.of("model", "other"),
        ModelPaths.qualifiedNames(List.of(Path.of("/s/1/model"), Path.of("/x/other"))));
  }

  @Test
  void repeatedNamesGetSuffixes() {
    assertEquals(
        List.of("model", "model-2", "model-3"),
        ModelPaths.uniqueNames(
            List.of(Path.of("/a/model"), Path.of("/b/model"), Path.of("/c/model"))));
  }
}
