package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.candela.Checkout;
import dev.candela.cli.console.ExitCodes;
import dev.candela.model.card.PyTorchFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 23, item 1: {@code evaluate}, {@code encode} and {@code counterfactuals} given a PyTorch
 * file or a folder without a card say in one line what the file is and the export command that
 * makes it usable. The files are the fixtures of {@code pytorch-files/} ({@code make_files.py}).
 */
class PyTorchModelArgumentTest {
  static final Path FILES = Path.of("src/test/resources/dev/candela/model/pytorch-files");

  @TempDir static Path t;

  @BeforeAll
  static void data() throws Exception {
    dev.candela.synth.DSpritesGenerator.write(
        t.resolve("d.npz"), dev.candela.synth.DSpritesGenerator.chooseIndices(50, 1), k -> {});
    Files.createDirectories(t.resolve("pair"));
    Files.copy(FILES.resolve("encoder_only.pt"), t.resolve("pair/encoder.pt"));
    Files.copy(FILES.resolve("encoder_only.pt"), t.resolve("pair/decoder.pt"));
    Files.write(t.resolve("random.pt"), new byte[] {1, 2, 3, 4, 5});
  }

  private static String abs(String name) {
    return FILES.resolve(name).toAbsolutePath().normalize().toString();
  }

  private static final String PY = "python3 " + Checkout.exportScript();

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of(
            "state_dict.pt",
            ": a PyTorch state_dict (4 tensors: encoder.lin.weight, encoder.lin.bias,"
                + " decoder.weight, decoder.bias), not a Candela model folder; export it with the"
                + " class that builds the network: "
                + PY
                + " --checkpoint "
                + abs("state_dict.pt")
                + " --class MODULE:CLASS [--kwargs JSON] --out "
                + abs("state_dict-candela")
                + " (run from the folder that holds MODULE)"),
        Arguments.of(
            "module.pth",
            ": a pickled PyTorch module of class tinyvae.TinyVae (torch.save(model)), not a"
                + " Candela model folder; export it: "
                + PY
                + " --checkpoint "
                + abs("module.pth")
                + " --out "
                + abs("module-candela")
                + " (run from the folder that holds tinyvae)"),
        Arguments.of(
            "checkpoint.pt",
            ": a PyTorch training checkpoint (a dict with keys epoch, model_state_dict,"
                + " optimizer_state_dict; the weights are under 'model_state_dict', 4 tensors:"
                + " encoder.lin.weight, encoder.lin.bias, decoder.weight, decoder.bias), not a"
                + " Candela model folder; export it with the class that builds the network: "
                + PY
                + " --checkpoint "
                + abs("checkpoint.pt")
                + " --class MODULE:CLASS [--kwargs JSON] --out "
                + abs("checkpoint-candela")
                + " (run from the folder that holds MODULE)"),
        Arguments.of(
            "legacy.pt",
            ": a legacy-format PyTorch state_dict (4 tensors: encoder.lin.weight,"
                + " encoder.lin.bias, decoder.weight, decoder.bias), not a Candela model folder"),
        Arguments.of(
            "scripted_vae.pt",
            ": a TorchScript module of class tinyvae.TinyVae (forward, encode, decode; submodules"
                + " encoder, decoder), not a Candela model folder; Candela reads a folder of"
                + " encoder.pt + decoder.pt + model.json: "
                + PY
                + " --checkpoint "
                + abs("scripted_vae.pt")
                + " --out "
                + abs("scripted_vae-candela")),
        Arguments.of(
            "encoder_only.pt",
            ": a TorchScript module of class tinyvae.Encoder (forward), not a Candela model folder;"
                + " Candela reads a folder of encoder.pt + decoder.pt + model.json: if this is the"
                + " encoder, "
                + PY
                + " --encoder "
                + abs("encoder_only.pt")
                + " --decoder DECODER.pt --out "
                + abs("encoder_only-candela")),
        Arguments.of(
            "disvae-run",
            ": no model.json; it holds a disentangling-vae run (model.pt + specs.json: model_type"
                + " Burgess, latent_dim 10, dataset dsprites); export it with: "
                + PY
                + " --disvae "
                + abs("disvae-run")
                + " --repo PATH/TO/disentangling-vae --out "
                + abs("disvae-run-candela")),
        Arguments.of(
            "disvae-run/model.pt",
            ": a legacy-format PyTorch state_dict (4 tensors: encoder.lin.weight,"
                + " encoder.lin.bias, decoder.weight, decoder.bias), not a Candela model folder;"
                + " export it with: "
                + PY
                + " --disvae "
                + abs("disvae-run")
                + " --repo PATH/TO/disentangling-vae --out "
                + abs("disvae-run-candela")));
  }

  private static String oneLine(CliRun r, String command) {
    String err = r.err().strip();
    assertEquals(ExitCodes.BAD_INPUT, r.exit(), err);
    assertEquals(1, err.lines().count(), err);
    assertFalse(err.contains("\tat ") || err.contains("Exception"), err);
    return err.substring(("candela " + command + ": ").length());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void evaluateEncodeAndCounterfactualsSayWhatTheFileIsAndHowToExportIt(
      String name, String expected) {
    Path f = FILES.resolve(name);
    String want = f + expected;
    String d = t.resolve("d.npz").toString();
    String e =
        oneLine(
            CliRun.of("evaluate", "--model", f, "--dataset", d, "--out", t.resolve("o")),
            "evaluate");
    assertStartsWith(want, e);
    String enc =
        oneLine(
            CliRun.of("encode", "--model", f, "--dataset", d, "--out", t.resolve("enc")), "encode");
    assertStartsWith(want, enc);
    String cf =
        oneLine(
            CliRun.of(
                "counterfactuals",
                "--model",
                f,
                "--dataset",
                d,
                "--classifier",
                "models/dsprites-classifier",
                "--out",
                t.resolve("cf")),
            "counterfactuals");
    assertStartsWith(want, cf);
  }

  private static void assertStartsWith(String want, String got) {
    if (!got.startsWith(want)) {
      assertEquals(want, got);
    }
  }

  @Test
  void anEncoderDecoderPairWithoutACardGetsTheCardCommand() {
    Path dir = t.resolve("pair");
    String e =
        oneLine(CliRun.of("evaluate", "--model", dir, "--dataset", t.resolve("d.npz")), "evaluate");
    assertEquals(
        dir
            + ": holds encoder.pt and decoder.pt but no model.json; write the card with: "
            + PY
            + " --encoder "
            + dir.resolve("encoder.pt")
            + " --decoder "
            + dir.resolve("decoder.pt")
            + " --out "
            + t.resolve("pair-candela"),
        e);
  }

  @Test
  void aFileThatIsNotPyTorchIsSaidToBeNone() throws Exception {
    Path f = t.resolve("random.pt");
    assertEquals(PyTorchFiles.Kind.OTHER, PyTorchFiles.inspect(f).kind());
    String e = oneLine(CliRun.of("evaluate", "--model", f), "evaluate");
    assertEquals(
        f
            + ": not a PyTorch file (neither a zip archive nor a pickle), not a Candela model"
            + " folder; export your VAE with "
            + PY
            + " (see docs/pytorch.md)",
        e);
  }

  @Test
  void aBinaryListFileIsNotReadAsText() throws Exception {
    Path f = t.resolve("models.lst");
    Files.write(f, new byte[] {'a', (byte) 0xff, (byte) 0xfe, '\n'});
    String e = oneLine(CliRun.of("evaluate", "--model", f), "evaluate");
    assertEquals(f + ": not a model folder nor a text list of model folders (binary content)", e);
  }
}
