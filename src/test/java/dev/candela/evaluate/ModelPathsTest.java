package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Row names of model folders, as {@code evaluate} and {@code sweep} give them. */
class ModelPathsTest {

  private static List<Path> paths(String... names) {
    return Stream.of(names).map(Path::of).toList();
  }

  @Test
  void sameFolderNamesAreQualifiedByTheirParent() {
    assertEquals(
        List.of("1-model", "2-model", "x-other"),
        ModelPaths.qualifiedNames(paths("/s/1/model", "/s/2/model", "/x/other")));
    assertEquals(
        List.of("model", "other"), ModelPaths.qualifiedNames(paths("/s/1/model", "/x/other")));
  }

  @Test
  void repeatedNamesGetSuffixes() {
    assertEquals(
        List.of("model", "model-2", "model-3"),
        ModelPaths.uniqueNames(paths("/a/model", "/b/model", "/c/model")));
  }
}
