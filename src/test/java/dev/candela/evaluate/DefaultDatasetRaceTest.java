package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.Progress;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, defect 3: two first-use runs that both create the default dataset at once each write
 * their own temporary file and rename it; both succeed and leave one complete dataset.
 */
class DefaultDatasetRaceTest {
  @TempDir Path root;

  @Test
  void twoConcurrentFirstRunsBothGetACompleteDataset() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<Future<Path>> runs = new ArrayList<>();
    try {
      for (int i = 0; i < 2; i++) {
        runs.add(pool.submit(() -> DefaultDataset.get(root, Progress.NONE)));
      }
      Path a = runs.get(0).get();
      Path b = runs.get(1).get();
      assertEquals(a, b);
      try (FactorDataset ds = DatasetPaths.open(a)) {
        assertEquals(DefaultDataset.COUNT, ds.size());
      }
      try (Stream<Path> s = Files.list(a.getParent())) {
        assertEquals(List.of(a), s.toList(), "temporary files left behind");
      }
    } finally {
      pool.shutdown();
    }
  }
}
