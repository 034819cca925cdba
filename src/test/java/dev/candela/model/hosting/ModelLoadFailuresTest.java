package dev.candela.model.hosting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.candela.BadInputException;
import dev.candela.model.card.ModelCard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, defects 8 and 10: corrupt weights with a matching checksum, a card that disagrees with
 * its weights, and a plain PyTorch state_dict each fail at load time with one line that names the
 * file or the card field.
 */
class ModelLoadFailuresTest {
  static final Path SHIPPED = Path.of("models/dsprites-beta-vae");
  static final String PARAMS = "vae-0000.params";

  @TempDir Path tmp;

  /** A copy of the shipped model with its weights replaced and the card's checksum updated. */
  private Path modelWith(byte[] weights, String field, Object value) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("m"));
    Files.write(dir.resolve(PARAMS), weights);
    ObjectMapper json = new ObjectMapper();
    ObjectNode card = (ObjectNode) json.readTree(SHIPPED.resolve(ModelCard.FILE).toFile());
    String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(weights));
    ((ObjectNode) card.get("weights")).put(PARAMS, "sha256:" + sha);
    if (field != null) {
      card.putPOJO(field, value);
    }
    json.writeValue(dir.resolve(ModelCard.FILE).toFile(), card);
    return dir;
  }

  private static String loadError(Path dir) {
    return assertThrows(
            BadInputException.class, () -> VaeModels.load(dir, ComputeDevice.CPU).close())
        .getMessage();
  }

  @Test
  void randomBytesAreNotAValidWeightsFile() throws Exception {
    byte[] junk = new byte[4096];
    new Random(1).nextBytes(junk);
    Path dir = modelWith(junk, null, null);
    assertEquals(
        dir.resolve(PARAMS)
            + ": not a valid DJL weights file (it does not start with the DJL@"
            + " header)",
        loadError(dir));
  }

  @Test
  void randomBytesAfterAValidHeaderAreNotAValidWeightsFile() throws Exception {
    byte[] junk = new byte[4096];
    new Random(2).nextBytes(junk);
    System.arraycopy(new byte[] {'D', 'J', 'L', '@', 0, 0, 0, 1}, 0, junk, 0, 8);
    Path dir = modelWith(junk, null, null);
    String e = loadError(dir);
    assertTrue(e.startsWith(dir.resolve(PARAMS) + ": not a valid DJL weights file ("), e);
  }

  @Test
  void truncatedWeightsAreNamed() throws Exception {
    byte[] all = Files.readAllBytes(SHIPPED.resolve(PARAMS));
    Path dir = modelWith(java.util.Arrays.copyOf(all, all.length / 2), null, null);
    assertEquals(
        dir.resolve(PARAMS) + ": not a valid DJL weights file (it ends early: truncated?)",
        loadError(dir));
  }

  @Test
  void aLatentDimThatDisagreesWithTheWeightsNamesTheFieldAtLoadTime() throws Exception {
    Path dir = modelWith(Files.readAllBytes(SHIPPED.resolve(PARAMS)), "latentDim", 8);
    String e = loadError(dir);
    assertTrue(
        e.startsWith(
            dir.resolve(ModelCard.FILE)
                + ": latentDim is 8 but the weights in "
                + dir
                + " do not give 8 latents"),
        e);
  }

  @Test
  void probabilitiesOnALogitsDecoderIsRefusedAtLoadTime() throws Exception {
    Path dir = modelWith(Files.readAllBytes(SHIPPED.resolve(PARAMS)), "output", "probabilities");
    String e = loadError(dir);
    assertTrue(
        e.startsWith(
            dir.resolve(ModelCard.FILE) + ": output is \"probabilities\" but the decoder returns"),
        e);
    assertTrue(e.endsWith("it returns logits (set \"output\": \"logits\")"), e);
  }

  @Test
  void logitsOnAProbabilitiesDecoderIsRefused() {
    Path card = Path.of("m/model.json");
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> VaeModels.checkOutputRange(card, "logits", 0.001, 0.97));
    assertEquals(
        card
            + ": output is \"logits\" but every decoder value on the probe batch lies in [0.00100,"
            + " 0.970]: it already returns probabilities (set \"output\": \"probabilities\")",
        e.getMessage());
  }

  @Test
  void matchingOutputRangesPass() throws Exception {
    Path card = Path.of("m/model.json");
    VaeModels.checkOutputRange(card, "logits", -12.0, 3.0);
    VaeModels.checkOutputRange(card, "probabilities", 0.0, 1.0);
  }

  @Test
  void aPlainStateDictIsNotTorchScriptAndPointsToTheExportScript() throws Exception {
    Path src = Path.of("src/test/resources/dev/candela/model/state-dict");
    String e = loadError(src);
    assertEquals(
        src.resolve("encoder.pt")
            + ": not TorchScript (a PyTorch state_dict (2 tensors: weight, bias)); export the"
            + " model with python3 "
            + dev.candela.Checkout.exportScript()
            + ", which writes encoder.pt and decoder.pt with torch.jit (docs/pytorch.md)",
        e);
  }
}
