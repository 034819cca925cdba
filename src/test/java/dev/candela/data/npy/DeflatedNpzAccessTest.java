package dev.candela.data.npy;

import static dev.candela.MessageAssertions.assertBadInput;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.cli.CliRun;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37 (hostile inputs): a deflated npz whose {@code imgs} declare many images made {@code
 * dataset validate} re-inflate the member from its start for every sample read behind the previous
 * one (a 17 MB file of 2,000,000 images was killed after 120 s). Here a {@code
 * np.savez_compressed}-like dSprites-layout npz of {@value #N} mostly-zero images (128 MiB of
 * {@code imgs}, about 0.2 MB deflated) is read backwards, shuffled, in order and through {@code
 * dataset validate}; the inflater's counters show each member is inflated at most twice (once when
 * read in order), where re-inflating per sample would inflate {@code imgs} about N/2 times over
 * (about 2.2 TB for the backward read).
 */
class DeflatedNpzAccessTest {
  static final int N = 32768;
  static final int PIXELS = 64 * 64;

  @TempDir static Path dir;

  static Path npz;
  static long imgsLength;
  static long totalLength;

  /** Image {@code i} holds {@code i} little-endian in its first four pixels, zeros elsewhere. */
  static byte[] image(int i) {
    byte[] b = new byte[PIXELS];
    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(0, i);
    return b;
  }

  /** A dSprites-layout npz with both members deflated, as {@code np.savez_compressed} writes. */
  @BeforeAll
  static void write() throws IOException {
    npz = dir.resolve("many.npz");
    long[] imgsShape = {N, 64, 64};
    long[] classesShape = {N, 6};
    try (ZipOutputStream z =
        new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(npz), 1 << 16))) {
      z.setMethod(ZipOutputStream.DEFLATED);
      z.setLevel(Deflater.BEST_SPEED);
      z.putNextEntry(new ZipEntry("imgs.npy"));
      byte[] h = NpyHeader.encode(NpyDType.U1, false, imgsShape);
      z.write(h);
      for (int i = 0; i < N; i++) {
        z.write(image(i));
      }
      z.closeEntry();
      imgsLength = h.length + (long) N * PIXELS;
      z.putNextEntry(new ZipEntry("latents_classes.npy"));
      byte[] hc = NpyHeader.encode(NpyDType.I8, false, classesShape);
      z.write(hc);
      writeClasses(z);
      z.closeEntry();
      totalLength = imgsLength + hc.length + (long) N * 6 * 8;
    }
  }

  /** Valid dSprites codes (sizes 1, 3, 6, 40, 32, 32) that vary with the sample. */
  static long[] codes(int i) {
    return new long[] {0, i % 3, i % 6, i % 40, i % 32, (i / 32) % 32};
  }

  private static void writeClasses(OutputStream z) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(6 * 8).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < N; i++) {
      b.clear();
      for (long c : codes(i)) {
        b.putLong(c);
      }
      z.write(b.array());
    }
  }

  /** The inflater's counters, read before and after an action. */
  record Counts(long inflated, long passes, long spills) {
    static Counts now() {
      return new Counts(
          InflatingSource.INFLATED_BYTES.get(),
          InflatingSource.PASSES.get(),
          InflatingSource.SPILLS.get());
    }

    Counts since(Counts before) {
      return new Counts(inflated - before.inflated, passes - before.passes, spills - before.spills);
    }
  }

  @Test
  void theMembersAreDeflatedAndSmall() throws Exception {
    try (NpzFile z = NpzFile.open(npz)) {
      NpzFile.NpzEntry e = z.entries().get(0);
      assertEquals("imgs", e.key());
      assertTrue(e.compressed());
      assertEquals(imgsLength, e.size());
      assertTrue(e.compressedSize() * 100 < e.size(), e.toString());
    }
  }

  @Test
  void readingEveryImageBackwardsInflatesTheMemberAtMostTwice() throws Exception {
    Counts before = Counts.now();
    try (NpzFile z = NpzFile.open(npz);
        NpyArray a = z.array("imgs")) {
      byte[] buf = new byte[PIXELS];
      for (int i = N - 1; i >= 0; i--) {
        a.readBytes((long) i * PIXELS, buf, 0, PIXELS);
        assertArrayEquals(image(i), buf, "image " + i);
      }
    }
    Counts c = Counts.now().since(before);
    // one pass up to the last image, then one spilled pass (the old code made N passes)
    assertEquals(2, c.passes(), c.toString());
    assertEquals(1, c.spills(), c.toString());
    assertTrue(c.inflated() <= 2 * imgsLength, c + " vs member " + imgsLength);
  }

  @Test
  void shuffledReadsInflateTheMemberAtMostTwice() throws Exception {
    Counts before = Counts.now();
    SplittableRandom r = new SplittableRandom(37);
    try (NpzFile z = NpzFile.open(npz);
        NpyArray a = z.array("imgs")) {
      for (int k = 0; k < 4 * N; k++) {
        int i = r.nextInt(N);
        assertArrayEquals(image(i), a.readBytes((long) i * PIXELS, PIXELS), "image " + i);
      }
    }
    Counts c = Counts.now().since(before);
    assertEquals(1, c.spills(), c.toString());
    assertTrue(c.passes() <= 2, c.toString());
    assertTrue(c.inflated() <= 2 * imgsLength, c + " vs member " + imgsLength);
  }

  @Test
  void readingInIndexOrderIsOnePassWithNoTemporaryCopy() throws Exception {
    Counts before = Counts.now();
    try (NpzFile z = NpzFile.open(npz);
        NpyArray a = z.array("imgs")) {
      for (int i = 0; i < N; i += 7) {
        assertArrayEquals(image(i), a.readBytes((long) i * PIXELS, PIXELS), "image " + i);
      }
    }
    Counts c = Counts.now().since(before);
    assertEquals(new Counts(c.inflated(), 1, 0), c);
    assertTrue(c.inflated() <= imgsLength, c + " vs member " + imgsLength);
  }

  @Test
  void stepsBackWithinTheWindowNeedNoTemporaryCopy() throws Exception {
    int back = InflatingSource.WINDOW / PIXELS - 1;
    Counts before = Counts.now();
    try (NpzFile z = NpzFile.open(npz);
        NpyArray a = z.array("imgs")) {
      for (int i = back; i < N; i += back) {
        // each image, then the ones just before it, down to a window's length behind the cursor
        for (int j = i; j > i - back; j -= 16) {
          assertArrayEquals(image(j), a.readBytes((long) j * PIXELS, PIXELS), "image " + j);
        }
      }
    }
    Counts c = Counts.now().since(before);
    assertEquals(new Counts(c.inflated(), 1, 0), c);
    assertTrue(c.inflated() <= imgsLength, c + " vs member " + imgsLength);
  }

  @Test
  void theTemporaryCopyIsInJavaIoTmpdirAndGoneOnClose() throws Exception {
    Path tmpdir = Files.createDirectories(dir.resolve("tmpdir"));
    String saved = System.getProperty("java.io.tmpdir");
    Counts before = Counts.now();
    try {
      System.setProperty("java.io.tmpdir", tmpdir.toString());
      try (NpzFile z = NpzFile.open(npz);
          NpyArray a = z.array("imgs")) {
        assertArrayEquals(image(N - 1), a.readBytes((long) (N - 1) * PIXELS, PIXELS));
        assertArrayEquals(image(3), a.readBytes(3L * PIXELS, PIXELS));
        assertArrayEquals(image(N - 2), a.readBytes((long) (N - 2) * PIXELS, PIXELS));
      }
      assertEquals(1, Counts.now().since(before).spills());
      try (Stream<Path> left = Files.list(tmpdir)) {
        assertEquals(0, left.count(), "temporary copies left in " + tmpdir);
      }
    } finally {
      System.setProperty("java.io.tmpdir", saved);
    }
  }

  @Test
  void aMissingTmpdirIsNamedWithTheFileAndTheSize() throws Exception {
    Path missing = dir.resolve("no-such-tmpdir");
    String saved = System.getProperty("java.io.tmpdir");
    try {
      System.setProperty("java.io.tmpdir", missing.toString());
      try (NpzFile z = NpzFile.open(npz);
          NpyArray a = z.array("imgs")) {
        // beyond the in-memory window, so that reading image 0 again needs the temporary copy
        a.readBytes(1000L * PIXELS, PIXELS);
        assertBadInput(
            () -> a.readBytes(0, PIXELS),
            npz + "[imgs]",
            imgsLength + " bytes in " + missing,
            "not a folder");
      }
    } finally {
      System.setProperty("java.io.tmpdir", saved);
    }
  }

  @Test
  void datasetValidateReadsTheDeflatedNpzInOnePass() throws Exception {
    Counts before = Counts.now();
    Path json = dir.resolve("report.json");
    CliRun r = CliRun.ok("dataset", "validate", npz, "--json", json);
    Counts c = Counts.now().since(before);
    assertTrue(r.out().contains("clean"), r.out());
    JsonNode report = new ObjectMapper().readTree(json.toFile());
    assertEquals(N, report.at("/parameters/samples").asLong(), report.toString());
    assertEquals(258, report.at("/parameters/imageSamplesRead").asInt(), report.toString());
    // the codes and the probed images are read in index order: no temporary copy, and each
    // member inflated once at most (the old code restarted imgs for every probe behind the last)
    assertEquals(0, c.spills(), c.toString());
    assertTrue(c.inflated() <= totalLength, c + " vs members " + totalLength);
  }
}
