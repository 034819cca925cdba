package dev.candela.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.cli.Main;
import dev.candela.cli.console.ExitCodes;
import dev.candela.data.DSpritesDataset;
import dev.candela.data.DSpritesDrawing;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import dev.candela.data.npy.NpzFile;
import dev.candela.data.npy.NpzWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Drawing versions: generated files record theirs, older files are recognised by their pixels. */
class DSpritesDrawingFilesTest {
  @TempDir Path tmp;

  @Test
  void generatedFilesRecordTheirDrawingAndStayDropInsForDeepMindsFile() throws Exception {
    long[] idx = DSpritesGenerator.chooseIndices(40, 5);
    for (DSpritesDrawing d : DSpritesDrawing.values()) {
      Path f = tmp.resolve(d.id() + ".npz");
      DSpritesGenerator.write(f, idx, d, n -> {});
      try (NpzFile z = NpzFile.open(f)) {
        assertEquals(List.of("imgs", "latents_values", "latents_classes", "drawing"), z.keys());
        assertEquals(NpyDType.U1, z.header("imgs").dtype());
        assertEquals(NpyDType.F8, z.header("latents_values").dtype());
        assertEquals(NpyDType.I8, z.header("latents_classes").dtype());
      }
      try (DSpritesDataset ds = DSpritesDataset.open(f)) {
        assertEquals(new DSpritesDataset.Drawing(d.id(), "recorded"), ds.drawing());
        assertEquals(d.id(), ds.source().get("drawing"));
      }
    }
  }

  @Test
  void filesWithoutTheEntryAreRecognisedByTheirPixels() throws Exception {
    long[] idx = DSpritesGenerator.chooseIndices(100, 9);
    for (DSpritesDrawing d : DSpritesDrawing.values()) {
      Path f = tmp.resolve("bare-" + d.id() + ".npz");
      writeWithoutDrawing(f, idx, d);
      try (DSpritesDataset ds = DSpritesDataset.open(f)) {
        DSpritesDataset.Drawing got = ds.drawing();
        assertEquals(d.id(), got.id(), got.evidence());
        assertEquals("pixels: 64 of 64 samples equal " + d.id() + "'s", got.evidence());
      }
    }
  }

  @Test
  void theTwoDrawingsDifferOnMostImages() {
    byte[] a = new byte[64 * 64];
    byte[] b = new byte[64 * 64];
    int differ = 0;
    long[] idx = DSpritesGenerator.chooseIndices(200, 1);
    for (long i : idx) {
      int[] c = DSpritesGenerator.codes(i);
      DSpritesDrawing.DEEPMIND.render(c, a);
      DSpritesDrawing.CANDELA_1.render(c, b);
      differ += java.util.Arrays.equals(a, b) ? 0 : 1;
    }
    assertTrue(differ > 190, differ + " of 200 differ");
  }

  @Test
  void anUnknownRecordedDrawingIsOneLineNamingTheFileAndValue() throws Exception {
    Path f = tmp.resolve("odd.npz");
    long[] idx = DSpritesGenerator.chooseIndices(3, 1);
    try (NpzWriter z = NpzWriter.create(f)) {
      writeArrays(z, idx, DSpritesDrawing.DEEPMIND);
      byte[] id = "sketch-3".getBytes(StandardCharsets.US_ASCII);
      try (NpyWriter w = z.add("drawing", NpyDType.U1, new long[] {id.length}, false)) {
        w.writeBytes(id, 0, id.length);
      }
    }
    try (DSpritesDataset ds = DSpritesDataset.open(f)) {
      BadInputException e = assertThrows(BadInputException.class, ds::drawing);
      assertTrue(e.getMessage().contains("odd.npz"), e.getMessage());
      assertTrue(
          e.getMessage()
              .contains("unknown dSprites drawing 'sketch-3' (known: deepmind, candela-1)"),
          e.getMessage());
    }
  }

  @Test
  void theCommandRejectsAnUnknownDrawing() {
    StringWriter err = new StringWriter();
    var cl = Main.commandLine();
    cl.setErr(new PrintWriter(err));
    int code =
        cl.execute(
            "dataset",
            "generate",
            "dsprites",
            "--out",
            tmp.resolve("x.npz").toString(),
            "--count",
            "5",
            "--drawing",
            "pixelart");
    assertEquals(ExitCodes.BAD_INPUT, code);
    assertTrue(
        err.toString().contains("--drawing: unknown dSprites drawing 'pixelart'"), err.toString());
  }

  /** A file as Candela wrote it before drawings were recorded: no {@code drawing} entry. */
  static void writeWithoutDrawing(Path f, long[] idx, DSpritesDrawing d) throws Exception {
    try (NpzWriter z = NpzWriter.create(f)) {
      writeArrays(z, idx, d);
    }
  }

  private static void writeArrays(NpzWriter z, long[] idx, DSpritesDrawing d) throws Exception {
    int n = idx.length;
    byte[] img = new byte[64 * 64];
    try (NpyWriter w = z.add("imgs", NpyDType.U1, new long[] {n, 64, 64}, false)) {
      for (long i : idx) {
        d.render(DSpritesGenerator.codes(i), img);
        w.writeBytes(img, 0, img.length);
      }
    }
    try (NpyWriter w = z.add("latents_classes", NpyDType.I8, new long[] {n, 6}, false)) {
      for (long i : idx) {
        w.writeInts(DSpritesGenerator.codes(i), 0, 6);
      }
    }
  }
}
