package dev.candela.model.hosting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/**
 * The device choice that settings hold: checked when parsed, the same text in reports, travels
 * serialised (to Spark's executors), and resolved by the engine (the CPU here).
 */
class DeviceChoiceTest {
  @Test
  void choicesAreLowerCasedAndKeepTheirText() {
    assertEquals("gpu:1", DeviceChoice.parse(" GPU:1 ").toString());
    assertEquals("auto", DeviceChoice.AUTO.text());
    assertEquals(DeviceChoice.parse("cpu"), DeviceChoice.parse("CPU"));
  }

  @Test
  void aBadChoiceIsRejectedWithItsText() {
    for (String bad : new String[] {"tpu", "gpu:", "gpu:-1", "gpu:x", ""}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> DeviceChoice.parse(bad));
      assertEquals("device must be auto, cpu, gpu or gpu:K, got '" + bad + "'", e.getMessage());
    }
  }

  @Test
  void theCpuResolvesToTheCpuAndAChoiceSurvivesSerialisation() throws Exception {
    assertEquals(ComputeDevice.CPU, DeviceChoice.parse("cpu").resolve());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
      o.writeObject(DeviceChoice.parse("gpu:2"));
    }
    try (ObjectInputStream i =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertEquals(DeviceChoice.parse("gpu:2"), i.readObject());
    }
  }
}
