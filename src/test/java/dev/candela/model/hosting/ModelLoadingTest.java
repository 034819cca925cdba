package dev.candela.model.hosting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.util.Pair;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import dev.candela.model.arch.Architectures;
import dev.candela.model.arch.VaeBlock;
import dev.candela.model.card.ModelCard;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading both formats and checking known outputs; bad cards; native memory stays flat. */
class ModelLoadingTest {
  /** TorchScript 1.13 export vs libtorch 2.7.1 inference on the same CPU: float round-off. */
  private static final float TORCH_VERSIONS = 1e-5f;

  /** Exact arithmetic (zero weights, bias only). */
  private static final float EXACT = 0f;

  private static final String FIXTURE = "/dev/candela/model/torchscript-tiny/";

  @TempDir Path tmp;

  private Path copyFixture() throws IOException {
    Path dir = tmp.resolve("ts");
    Files.createDirectories(dir);
    for (String f : List.of("model.json", "encoder.pt", "decoder.pt", "expected.json")) {
      try (InputStream in = getClass().getResourceAsStream(FIXTURE + f)) {
        Files.copy(in, dir.resolve(f));
      }
    }
    return dir;
  }

  private static float[] pattern(int n, int mul, int mod, float div, float shift) {
    float[] x = new float[n];
    for (int i = 0; i < n; i++) {
      x[i] = ((i * mul) % mod) / div + shift;
    }
    return x;
  }

  @Test
  void torchScriptFixtureReproducesTheExportedOutputs() throws Exception {
    Path dir = copyFixture();
    JsonNode exp = new ObjectMapper().readTree(dir.resolve("expected.json").toFile());
    int n = exp.get("n").asInt();
    try (VaeModel m = VaeModels.load(dir, ComputeDevice.CPU)) {
      assertEquals(3, m.latentDim());
      float[] x = pattern(n * 16 * 16, 37, 101, 100f, 0f);
      VaeModel.Encoding e = m.encode(x, n);
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < 3; j++) {
          assertEquals(exp.get("mean").get(i).get(j).floatValue(), e.mean()[i][j], TORCH_VERSIONS);
          assertEquals(
              exp.get("logVar").get(i).get(j).floatValue(), e.logVar()[i][j], TORCH_VERSIONS);
        }
      }
      float[] zf = pattern(n * 3, 13, 17, 8f, -1f);
      float[][] z = new float[n][3];
      for (int i = 0; i < n; i++) {
        System.arraycopy(zf, 3 * i, z[i], 0, 3);
      }
      float[] img = m.decode(z);
      JsonNode logits = exp.get("decodedLogits");
      assertEquals(logits.size(), img.length);
      for (int i = 0; i < img.length; i++) {
        float want = (float) (1 / (1 + Math.exp(-logits.get(i).doubleValue())));
        assertEquals(want, img[i], TORCH_VERSIONS, "pixel " + i);
      }
    }
  }

  /** A DJL-format VAE whose weights are all zero except the last biases: outputs are the biases. */
  private Path biasOnlyVae(int d) throws Exception {
    Path dir = tmp.resolve("djl");
    VaeBlock block = new VaeBlock(d, 1);
    try (Model model = Model.newInstance("vae", Device.cpu(), VaeModels.ENGINE)) {
      model.setBlock(block);
      block.initialize(model.getNDManager(), DataType.FLOAT32, new Shape(1, 1, 64, 64));
      for (Pair<String, Parameter> p : block.getParameters()) {
        NDArray a = p.getValue().getArray();
        a.subi(a);
      }
      List<Pair<String, Parameter>> ps = block.getParameters().stream().toList();
      NDArray encBias = findLast(ps, "encoder", "bias");
      float[] b = new float[2 * d];
      for (int i = 0; i < 2 * d; i++) {
        b[i] = i + 1;
      }
      encBias.addi(model.getNDManager().create(b));
      findLast(ps, "decoder", "bias").addi(2f);
      model.setProperty("Epoch", "0");
      model.save(dir, "vae");
    }
    writeDjlVaeCard(dir, Architectures.DL_CONV64, d);
    return dir;
  }

  /** Writes the card of a DJL-format dSprites VAE saved in {@code dir} as {@code vae-0000}. */
  private static void writeDjlVaeCard(Path dir, String architecture, int latentDim)
      throws Exception {
    new ModelCard(
            "vae",
            "djl",
            architecture,
            new ModelCard.Shape(1, 64, 64),
            null,
            latentDim,
            "dsprites",
            List.of(),
            "logits",
            Map.of(),
            Map.of(),
            ModelCard.checksums(dir, List.of("vae-0000.params")),
            null,
            null)
        .write(dir);
  }

  private static NDArray findLast(List<Pair<String, Parameter>> ps, String child, String kind) {
    NDArray last = null;
    for (Pair<String, Parameter> p : ps) {
      if (p.getKey().contains(child) && p.getKey().endsWith(kind)) {
        last = p.getValue().getArray();
      }
    }
    return last;
  }

  @Test
  void djlFormatBiasOnlyVaeGivesHandComputedOutputs() throws Exception {
    int d = 4;
    Path dir = biasOnlyVae(d);
    try (VaeModel m = VaeModels.load(dir, ComputeDevice.CPU)) {
      VaeModel.Encoding e = m.encode(new float[2 * 64 * 64], 2);
      assertArrayEquals(new float[] {1, 2, 3, 4}, e.mean()[1], EXACT);
      assertArrayEquals(new float[] {5, 6, 7, 8}, e.logVar()[0], EXACT);
      float[] img = m.decode(new float[][] {{9, 9, 9, 9}});
      float s = (float) (1 / (1 + Math.exp(-2)));
      for (float v : img) {
        assertEquals(s, v, 1e-7f);
      }
    }
  }

  @Test
  void manyBatchesDoNotGrowNativeMemory() throws Exception {
    Path dir = biasOnlyVae(4);
    try (VaeModel m = VaeModels.load(dir, ComputeDevice.CPU, 1)) {
      HostedVae h = (HostedVae) m;
      float[] x = new float[3 * 64 * 64];
      m.encode(x, 3);
      int before = h.attachedArrays();
      for (int i = 0; i < 40; i++) {
        float[][] mu = m.encodeMeans(x, 3);
        m.decode(mu);
      }
      assertEquals(before, h.attachedArrays());
      assertEquals(0, h.manager().getManagedArrays().size());
    }
  }

  @Test
  void changedWeightsFailTheChecksum() throws Exception {
    Path dir = copyFixture();
    Files.write(dir.resolve("decoder.pt"), new byte[] {1, 2, 3});
    BadInputException e =
        assertThrows(BadInputException.class, () -> VaeModels.load(dir, ComputeDevice.CPU));
    assertTrue(e.getMessage().contains("decoder.pt: SHA-256"), e.getMessage());
  }

  @Test
  void missingCardIsNamed() {
    BadInputException e =
        assertThrows(BadInputException.class, () -> VaeModels.load(tmp, ComputeDevice.CPU));
    assertTrue(
        e.getMessage().contains("model.json") && e.getMessage().contains("not a model folder"),
        e.getMessage());
  }

  @Test
  void wrongImageSizeIsRejectedWithTheSizes() throws Exception {
    try (VaeModel m = VaeModels.load(copyFixture(), ComputeDevice.CPU)) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> m.encode(new float[100], 1));
      assertTrue(
          e.getMessage().contains("1x16x16") && e.getMessage().contains("100"), e.getMessage());
    }
  }

  @Test
  void deviceOptionIsParsed() {
    assertEquals(ComputeDevice.CPU, ComputeDevice.parse("cpu"));
    boolean gpu = ai.djl.engine.Engine.getEngine(VaeModels.ENGINE).getGpuCount() > 0;
    assertEquals(gpu ? ComputeDevice.gpu(0) : ComputeDevice.CPU, ComputeDevice.parse("auto"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ComputeDevice.parse("tpu"));
    assertTrue(e.getMessage().contains("'tpu'"), e.getMessage());
    // reports record DJL's text for the device
    assertEquals(Device.cpu().toString(), ComputeDevice.CPU.toString());
    assertEquals(Device.gpu(1).toString(), ComputeDevice.gpu(1).toString());
    assertEquals(ComputeDevice.gpu(1), ComputeDevice.of(Device.gpu(1)));
  }

  private Path savedVae(String trainedAs, String cardSays) throws Exception {
    Path dir = tmp.resolve(trainedAs + "-as-" + cardSays);
    Files.createDirectories(dir);
    try (Model model = Model.newInstance("vae", Device.cpu(), VaeModels.ENGINE)) {
      VaeBlock block = new VaeBlock(trainedAs, 3, 1);
      model.setBlock(block);
      block.initialize(model.getNDManager(), DataType.FLOAT32, new Shape(1, 1, 64, 64));
      model.setProperty("Epoch", "0");
      model.save(dir, "vae");
    }
    writeDjlVaeCard(dir, cardSays, 3);
    return dir;
  }

  @Test
  void upsamplingWeightsLoadUnderTheirOwnNameAndTheOldNameSaysSo() throws Exception {
    Path ok = savedVae(Architectures.DL_CONV64_UPSAMPLE, Architectures.DL_CONV64_UPSAMPLE);
    try (VaeModel m = VaeModels.load(ok, ComputeDevice.CPU)) {
      assertEquals(64 * 64, m.decode(new float[][] {{0.5f, -1f, 2f}}).length);
    }
    Path old = savedVae(Architectures.DL_CONV64_UPSAMPLE, Architectures.DL_CONV64);
    BadInputException e =
        assertThrows(BadInputException.class, () -> VaeModels.load(old, ComputeDevice.CPU));
    assertTrue(
        e.getMessage().contains("cannot load DJL parameters")
            && e.getMessage().contains("in its card to dl-conv64-upsample"),
        e.getMessage());
  }
}
