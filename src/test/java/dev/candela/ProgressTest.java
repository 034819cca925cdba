package dev.candela;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The progress interface's own pieces: forwarding, thread-safe tasks, a step's note. */
class ProgressTest {

  /** Records every call as one line. */
  private static final class Recording implements Progress {
    final List<String> calls = new ArrayList<>();

    @Override
    public void message(String line) {
      calls.add("message " + line);
    }

    @Override
    public void message(SettingText line) {
      calls.add("setting message " + line.plain());
    }

    @Override
    public void warning(SettingText warning) {
      calls.add("warning " + warning.plain());
    }

    @Override
    public Task task(String name, long total) {
      calls.add("task " + name + " " + total);
      return new Task() {
        @Override
        public void step() {
          calls.add("step");
        }

        @Override
        public void stepTo(long done) {
          calls.add("stepTo " + done);
        }

        @Override
        public void stepTo(long done, String note) {
          calls.add("stepTo " + done + " " + note);
        }

        @Override
        public void close() {
          calls.add("close");
        }
      };
    }
  }

  private static List<String> drive(Progress p) {
    p.message("a");
    p.message(SettingText.of("b ", SettingText.set(Setting.EPOCHS)));
    p.warning(SettingText.of("c"));
    try (Progress.Task t = p.task("t", 3)) {
      t.step();
      t.stepTo(2);
      t.stepTo(3, "loss 0.5");
    }
    return List.of(
        "message a",
        "setting message b " + SettingText.set(Setting.EPOCHS).plain(),
        "warning c",
        "task t 3",
        "step",
        "stepTo 2",
        "stepTo 3 loss 0.5",
        "close");
  }

  @Test
  void forwardingPassesEveryCallOn() {
    Recording r = new Recording();
    List<String> want = drive(new Progress.Forwarding(r) {});
    assertEquals(want, r.calls);
  }

  @Test
  void forwardingChangesOnlyWhatItOverrides() {
    Recording r = new Recording();
    Progress upper =
        new Progress.Forwarding(r) {
          @Override
          public void message(String line) {
            super.message(line.toUpperCase(java.util.Locale.ROOT));
          }
        };
    List<String> want = new ArrayList<>(drive(upper));
    want.set(0, "message A");
    assertEquals(want, r.calls);
  }

  @Test
  void threadSafePassesEveryCallOnWithTheNote() {
    Recording r = new Recording();
    List<String> want = drive(Progress.threadSafe(r));
    assertEquals(want, r.calls);
  }

  @Test
  void aTaskWithoutNotesDropsTheNote() {
    List<Long> done = new ArrayList<>();
    Progress.Task t =
        new Progress.Task() {
          @Override
          public void step() {}

          @Override
          public void stepTo(long d) {
            done.add(d);
          }

          @Override
          public void close() {}
        };
    t.stepTo(4, "loss 1");
    assertEquals(List.of(4L), done);
  }
}
