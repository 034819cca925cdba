package dev.candela.model.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingLogTest {

  @TempDir Path dir;

  private static Map<String, Double> values(double loss, double mig) {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("loss", loss);
    m.put("mig", mig);
    return m;
  }

  @Test
  void writesLongRowsAndCurvesAndAResumeDropsRowsAfterTheCheckpoint() throws Exception {
    List<Map<String, double[]>> drawn = new java.util.ArrayList<>();
    TrainingLog log = new TrainingLog(dir, (steps, values) -> drawn.add(values));
    log.log(10, 1, "train", values(5, 0.1));
    log.log(10, 1, "heldout", values(6, 0.2));
    log.log(20, 2, "train", values(4, 0.3));
    log.log(30, 2, "train", values(3, 0.4));
    List<String> lines = Files.readAllLines(dir.resolve(TrainingLog.CSV));
    assertEquals(TrainingLog.HEADER, lines.get(0));
    assertEquals("10,1,train,loss,5.0", lines.get(1));
    assertEquals(9, lines.size());
    assertEquals(4, drawn.size(), "the curves after each row group");
    assertEquals(
        List.of("train loss", "train mig", "heldout loss", "heldout mig"),
        List.copyOf(drawn.get(3).keySet()));
    assertEquals(
        List.of(5.0, 4.0, 3.0),
        java.util.Arrays.stream(drawn.get(3).get("train loss")).boxed().toList());
    // resumed from the checkpoint after step 10: the first new row is step 20 again
    TrainingLog resumed = new TrainingLog(dir, (steps, values) -> {});
    resumed.log(20, 2, "train", values(4.5, 0.35));
    List<String> after = Files.readAllLines(dir.resolve(TrainingLog.CSV));
    assertEquals(
        List.of(
            TrainingLog.HEADER,
            "10,1,train,loss,5.0",
            "10,1,train,mig,0.1",
            "10,1,heldout,loss,6.0",
            "10,1,heldout,mig,0.2",
            "20,2,train,loss,4.5",
            "20,2,train,mig,0.35"),
        after);
  }

  @Test
  void keepCheckpointsParsesAllAndCounts() {
    assertEquals(TrainingMonitor.ALL, TrainingMonitor.parseKeep("all"));
    assertEquals(3, TrainingMonitor.parseKeep("3"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TrainingMonitor.parseKeep("-2"));
    assertEquals("keep checkpoints must be 'all' or an integer ≥ 0, got '-2'", e.getMessage());
  }

  @Test
  void startDropsTheRowsOfAnInterruptedRunAfterItsCheckpoint() throws Exception {
    TrainingLog log = new TrainingLog(dir, (steps, values) -> {});
    log.log(10, 1, "train", values(5, 0.1));
    log.log(20, 2, "train", values(4, 0.3));
    // killed mid-append: a cut line
    Files.writeString(
        dir.resolve(TrainingLog.CSV), "30,3,tr", java.nio.file.StandardOpenOption.APPEND);
    List<Map<String, double[]>> drawn = new java.util.ArrayList<>();
    TrainingLog resumed = new TrainingLog(dir, (steps, values) -> drawn.add(values));
    resumed.start(10);
    assertEquals(
        List.of(TrainingLog.HEADER, "10,1,train,loss,5.0", "10,1,train,mig,0.1"),
        Files.readAllLines(dir.resolve(TrainingLog.CSV)));
    assertEquals(1, drawn.size(), "the kept rows' curves are redrawn");
    // a new run: no row is kept, and the curves of the dropped ones go
    Files.writeString(dir.resolve(TrainingLog.PNG), "png");
    new TrainingLog(dir, (steps, values) -> {}).start(0);
    assertEquals(List.of(TrainingLog.HEADER), Files.readAllLines(dir.resolve(TrainingLog.CSV)));
    assertFalse(Files.exists(dir.resolve(TrainingLog.PNG)));
  }
}
