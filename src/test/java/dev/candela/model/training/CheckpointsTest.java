package dev.candela.model.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.model.arch.Architectures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resume rules of {@link Checkpoints}: keys older checkpoints lack take their implied values; an
 * incomplete checkpoint (a kill during its write) is removed with a notice, never taken.
 */
class CheckpointsTest {
  @TempDir Path out;

  private void oldFactorVaeCheckpoint() throws Exception {
    Path dir = Files.createDirectories(out.resolve(Checkpoints.DIR));
    // written before the architecture and discriminator options existed
    Files.writeString(
        dir.resolve(Checkpoints.STATE),
        "{\"epochsDone\": 2, \"history\": [{\"loss\": 3.0}, {\"loss\": 2.0}],"
            + " \"config\": {\"objective\": \"factor-vae\", \"epochs\": 4, \"gamma\": 6.0}}");
  }

  private static VaeTrainingConfig factorVae(String architecture, int layers, int units) {
    return VaeTrainingConfig.defaults(Objective.parse("factor-vae"), 10, 5, 0)
        .withArchitecture(architecture)
        .withDiscriminator(layers, units);
  }

  private static Map<String, Object> config(VaeTrainingConfig c) {
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("objective", "factor-vae");
    m.put("epochs", c.epochs());
    m.put("gamma", c.gamma());
    m.put("architecture", c.architecture().id());
    m.put("discriminatorLayers", c.discriminatorLayers());
    m.put("discriminatorUnits", c.discriminatorUnits());
    return m;
  }

  @Test
  void anOldCheckpointResumesWithTheSettingsItWasTrainedWith() throws Exception {
    oldFactorVaeCheckpoint();
    VaeTrainingConfig old = factorVae(Architectures.DL_CONV64_UPSAMPLE, 3, 256);
    Checkpoints.State s = new Checkpoints(out).start(true, config(old), old.legacyDefaults());
    assertEquals(2, s.epochsDone());
    assertEquals(2, s.history().size());
  }

  @Test
  void anOldCheckpointRefusesTheNewDefaults() throws Exception {
    oldFactorVaeCheckpoint();
    VaeTrainingConfig now = factorVae(Architectures.DL_CONV64, 6, 1000);
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> new Checkpoints(out).start(true, config(now), now.legacyDefaults()));
    assertTrue(
        e.getMessage().contains("architecture=dl-conv64-upsample")
            && e.getMessage().contains("discriminatorLayers=3")
            && e.getMessage().contains("only epochs may change when resuming"),
        e.getMessage());
  }

  @Test
  void resumeWithoutACheckpointNamesTheFolder() {
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> new Checkpoints(out).start(true, Map.of(), Map.of()));
    assertEquals(
        out
            + ": resume is set but there is no checkpoint to resume (no checkpoint/state.json);"
            + " unset resume to start a new run",
        e.getMessage());
  }

  @Test
  void aKillBetweenTheRenamesOfSaveLosesNoCheckpoint() throws Exception {
    // killed after checkpoint/ was moved to checkpoint.old/ and before checkpoint.tmp/ moved in
    oldFactorVaeCheckpoint();
    Files.move(out.resolve(Checkpoints.DIR), out.resolve(Checkpoints.OLD));
    VaeTrainingConfig old = factorVae(Architectures.DL_CONV64_UPSAMPLE, 3, 256);
    Checkpoints.State s = new Checkpoints(out).start(true, config(old), old.legacyDefaults());
    assertEquals(2, s.epochsDone());
    assertTrue(Files.isRegularFile(out.resolve(Checkpoints.DIR).resolve(Checkpoints.STATE)));
  }

  @Test
  void aFinishedTemporaryCheckpointIsPreferredToTheOldOne() throws Exception {
    oldFactorVaeCheckpoint();
    Files.move(out.resolve(Checkpoints.DIR), out.resolve(Checkpoints.OLD));
    Path tmp = Files.createDirectories(out.resolve(Checkpoints.TMP));
    Files.writeString(
        tmp.resolve(Checkpoints.STATE),
        "{\"epochsDone\": 3, \"history\": [{\"loss\": 3.0}, {\"loss\": 2.0}, {\"loss\": 1.5}],"
            + " \"config\": {\"objective\": \"factor-vae\", \"epochs\": 4, \"gamma\": 6.0}}");
    VaeTrainingConfig old = factorVae(Architectures.DL_CONV64_UPSAMPLE, 3, 256);
    Checkpoints.State s = new Checkpoints(out).start(true, config(old), old.legacyDefaults());
    assertEquals(3, s.epochsDone());
  }

  @Test
  void aCutStateFileOfANewerWriteIsRemovedAndTheCompleteCheckpointResumed() throws Exception {
    oldFactorVaeCheckpoint();
    Path tmp = Files.createDirectories(out.resolve(Checkpoints.TMP));
    Files.writeString(tmp.resolve(Checkpoints.STATE), "{\"epochsDone\": 3, \"hist");
    VaeTrainingConfig old = factorVae(Architectures.DL_CONV64_UPSAMPLE, 3, 256);
    Checkpoints.State s = new Checkpoints(out).start(true, config(old), old.legacyDefaults());
    assertEquals(2, s.epochsDone());
    assertEquals(
        tmp
            + ": incomplete checkpoint from an interrupted write (state.json is not complete JSON);"
            + " removed it, resuming after epoch 2 from "
            + out.resolve(Checkpoints.DIR),
        s.notice());
    assertFalse(Files.exists(tmp));
  }

  @Test
  void aStateFileWithoutItsConfigurationIsAnIncompleteCheckpointNotANullPointer() throws Exception {
    // the state file a kill could leave behind before it was written atomically
    Path dir = Files.createDirectories(out.resolve(Checkpoints.DIR));
    Files.writeString(dir.resolve(Checkpoints.STATE), "{\"epochsDone\": 1, \"history\": []}");
    Checkpoints.State s = new Checkpoints(out).start(true, Map.of(), Map.of());
    assertEquals(0, s.epochsDone());
    assertEquals(
        dir
            + ": incomplete checkpoint from an interrupted write (state.json has no config);"
            + " removed it, starting from epoch 1",
        s.notice());
    assertFalse(Files.exists(dir));
  }

  @Test
  void aListedFileOfTheWrongSizeMakesTheCheckpointIncomplete() throws Exception {
    Path tmp = Files.createDirectories(out.resolve(Checkpoints.TMP));
    Files.write(tmp.resolve("vae-adam.bin"), new byte[3]);
    Files.writeString(
        tmp.resolve(Checkpoints.STATE),
        "{\"epochsDone\": 1, \"history\": [{\"loss\": 1.0}], \"config\": {},"
            + " \"files\": {\"vae-0000.params\": 5, \"vae-adam.bin\": 7}}");
    Files.write(tmp.resolve("vae-0000.params"), new byte[5]);
    // without resume: only an interrupted write, so no refusal
    Checkpoints.State s = new Checkpoints(out).start(false, Map.of(), Map.of());
    assertEquals(0, s.epochsDone());
    assertEquals(
        tmp
            + ": incomplete checkpoint from an interrupted write (vae-adam.bin has 3 bytes, not"
            + " the 7 recorded); removed it, starting from epoch 1",
        s.notice());
    try (java.util.stream.Stream<Path> left = Files.list(out)) {
      assertEquals(List.of(), left.toList());
    }
  }

  @Test
  void refusingARunChangesNothing() throws Exception {
    oldFactorVaeCheckpoint();
    Path tmp = Files.createDirectories(out.resolve(Checkpoints.TMP));
    Files.write(tmp.resolve("vae-0000.params"), new byte[5]);
    assertThrows(BadInputException.class, () -> new Checkpoints(out).start(false, Map.of()));
    assertTrue(Files.isRegularFile(tmp.resolve("vae-0000.params")));
    assertTrue(Files.isRegularFile(out.resolve(Checkpoints.DIR).resolve(Checkpoints.STATE)));
  }
}
