package dev.candela.evaluate.cf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.Progress;
import dev.candela.metrics.cg.Cg;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgResult;
import dev.candela.metrics.cg.CgToys;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The chunked, resumable counterfactual job on pure-Java fakes. */
class CounterfactualJobTest {

  private static final int N = 53;
  private static final CfFixture FIXTURE = new CfFixture(N, 11);
  private static final int W = CfFixture.W;
  private static final int[][] SETS = CfFixture.SETS;
  private static final float[][] Z = FIXTURE.z;
  private static final int[][] Y = FIXTURE.y;

  @TempDir Path tmp;

  /** Counts decoded rows so a test can see whether work was redone. */
  private final AtomicInteger decodedRows = new AtomicInteger();

  private final AtomicInteger sourceReads = new AtomicInteger();

  private final LatentDecoder decoder =
      LatentDecoder.of(
          new int[] {1, 1, W},
          z -> {
            decodedRows.addAndGet(z.length);
            return FIXTURE.dense.decode(z);
          });
  private final FactorProbabilities classifier = FIXTURE.classifier;

  private ChunkSource source(float[][] z) {
    return FIXTURE.source(z, from -> sourceReads.incrementAndGet());
  }

  private static CgOptions cg() {
    return CfFixture.cg(32);
  }

  /** The job over all N samples in chunks of 10, before any other option. */
  private static CounterfactualJobOptions.Builder optionsBuilder(Path dir) {
    return CounterfactualJobOptions.builder().setDir(dir).setRange(0, N).setCg(cg());
  }

  private CounterfactualJobOptions options(Path dir) {
    return optionsBuilder(dir).optChunkSize(10).build();
  }

  /** The job's refusal to run with these options on these latents. */
  private BadInputException refused(CounterfactualJobOptions o, float[][] z) {
    return assertThrows(
        BadInputException.class,
        () -> CounterfactualJob.run(o, source(z), decoder, classifier, Progress.NONE));
  }

  @Test
  void freshRunMatchesOneShotCgAndWritesEveryChunk() throws Exception {
    CounterfactualJob.Result r =
        CounterfactualJob.run(options(tmp), source(Z), decoder, classifier, Progress.NONE);
    assertEquals(6, r.chunksComputed());
    assertEquals(0, r.chunksSkipped());
    for (int k = 0; k < 6; k++) {
      assertTrue(Files.isRegularFile(CounterfactualJob.chunkFile(tmp, k)), "chunk " + k);
    }
    assertTrue(Files.isRegularFile(tmp.resolve("chunks/chunk-00005.csv")));
    CgResult oneShot = Cg.compute(Z, Y, decoder, classifier, cg());
    assertEquals(oneShot.summary(), r.summary());
    // 10 samples × 3 factors + header.
    assertEquals(31, Files.readAllLines(CounterfactualJob.chunkFile(tmp, 0)).size());
    assertEquals(3 * 3 + 1, Files.readAllLines(CounterfactualJob.chunkFile(tmp, 5)).size());
    var json =
        com.fasterxml.jackson.databind.json.JsonMapper.builder()
            .build()
            .readTree(r.summaryFile().toFile());
    assertEquals(oneShot.score(), json.get("cg").asDouble(), 0.0);
    assertEquals(N, json.get("samples").asInt());
    assertEquals("f1", json.get("factors").get(1).get("name").asText());
    assertEquals(oneShot.perFactor().get(2), json.get("factors").get(2).get("cg").asDouble(), 0.0);
  }

  @Test
  void namedSamplesGoToTheChunkFilesAndAreCheckedOnResume() throws Exception {
    long[] ids = new long[N];
    for (int i = 0; i < N; i++) {
      ids[i] = 1000L + 3L * i;
    }
    CounterfactualJobOptions o = optionsBuilder(tmp).optChunkSize(10).optSamples(ids).build();
    CounterfactualJob.Result r =
        CounterfactualJob.run(o, source(Z), decoder, classifier, Progress.NONE);
    assertEquals(Cg.compute(Z, Y, decoder, classifier, cg()).summary(), r.summary());
    List<String> chunk1 = Files.readAllLines(CounterfactualJob.chunkFile(tmp, 1));
    assertTrue(chunk1.get(1).startsWith(ids[10] + ",f0,"), chunk1.get(1));

    Files.delete(CounterfactualJob.chunkFile(tmp, 2));
    CounterfactualJob.Result again =
        CounterfactualJob.run(o, source(Z), decoder, classifier, Progress.NONE);
    assertEquals(1, again.chunksComputed());
    assertEquals(r.summary(), again.summary());

    long[] other = ids.clone();
    other[7]++;
    CounterfactualJobOptions moved = optionsBuilder(tmp).optChunkSize(10).optSamples(other).build();
    BadInputException e = refused(moved, Z);
    assertTrue(
        e.getMessage().contains("job.json: samples was \"53 samples, sha256 ")
            && e.getMessage().endsWith("; use another output folder"),
        e.getMessage());
  }

  @Test
  void rerunSkipsCompletedChunksAndResumesADeletedOne() throws Exception {
    CounterfactualJob.run(options(tmp), source(Z), decoder, classifier, Progress.NONE);
    String first = Files.readString(tmp.resolve(CounterfactualJob.SUMMARY));
    int rowsBefore = decodedRows.get();
    sourceReads.set(0);

    List<String> counted = new java.util.ArrayList<>();
    Progress progress =
        new Progress() {
          @Override
          public Progress.Task task(String name, long total) {
            counted.add(name + " of " + total);
            return new Progress.Task() {
              @Override
              public void step() {
                counted.add("step");
              }

              @Override
              public void stepTo(long done) {
                counted.add(String.valueOf(done));
              }

              @Override
              public void close() {
                counted.add("closed");
              }
            };
          }
        };
    CounterfactualJob.Result again =
        CounterfactualJob.run(options(tmp), source(Z), decoder, classifier, progress);
    assertEquals(0, again.chunksComputed());
    assertEquals(6, again.chunksSkipped());
    assertEquals(rowsBefore, decodedRows.get(), "nothing decoded on a complete rerun");
    assertEquals(0, sourceReads.get(), "baseline statistics come from baseline.json");
    assertEquals(
        List.of("counterfactuals of 6", "1", "2", "3", "4", "5", "6", "closed"),
        counted,
        "the chunks read back are counted");
    assertEquals(first, Files.readString(tmp.resolve(CounterfactualJob.SUMMARY)));

    Files.delete(CounterfactualJob.chunkFile(tmp, 2));
    CounterfactualJob.Result resumed =
        CounterfactualJob.run(options(tmp), source(Z), decoder, classifier, Progress.NONE);
    assertEquals(1, resumed.chunksComputed());
    assertEquals(5, resumed.chunksSkipped());
    assertEquals(1, sourceReads.get());
    assertEquals(10 * 7, decodedRows.get() - rowsBefore);
    assertEquals(first, Files.readString(tmp.resolve(CounterfactualJob.SUMMARY)));
  }

  @Test
  void limitAndFactorRestriction() throws Exception {
    CgOptions only =
        CgOptions.builder()
            .setSets(SETS)
            .optFactors(new int[] {0, 2})
            .optFactorNames(List.of("shape", "color", "size"))
            .optMaxBatch(32)
            .build();
    CounterfactualJobOptions o =
        CounterfactualJobOptions.builder()
            .setDir(tmp)
            .setRange(5, N)
            .setCg(only)
            .optChunkSize(10)
            .optLimit(25)
            .build();
    assertEquals(30, o.end());
    assertEquals(3, o.numChunks());
    CounterfactualJob.Result r =
        CounterfactualJob.run(o, source(Z), decoder, classifier, Progress.NONE);
    assertEquals(25, r.summary().numSamples());
    assertEquals(
        List.of("shape", "size"), r.summary().factors().stream().map(f -> f.name()).toList());
    List<String> lines = Files.readAllLines(CounterfactualJob.chunkFile(tmp, 2));
    assertEquals(5 * 2 + 1, lines.size());
    assertTrue(lines.get(1).startsWith("25,shape,"), lines.get(1));
    assertTrue(lines.get(2).startsWith("25,size,"), lines.get(2));
    float[][] z = Arrays.copyOfRange(Z, 5, 30);
    int[][] y = new int[3][];
    for (int f = 0; f < 3; f++) {
      y[f] = Arrays.copyOfRange(Y[f], 5, 30);
    }
    assertEquals(Cg.compute(z, y, decoder, classifier, only).summary(), r.summary());
  }

  @Test
  void rerunWithOtherParametersIsRefused() throws Exception {
    CounterfactualJob.run(options(tmp), source(Z), decoder, classifier, Progress.NONE);
    CounterfactualJobOptions other = optionsBuilder(tmp).optChunkSize(20).build();
    BadInputException e = refused(other, Z);
    assertTrue(e.getMessage().contains("chunkSize was 10"), e.getMessage());
    assertTrue(e.getMessage().contains("this run has 20"), e.getMessage());
  }

  @Test
  void nanLatentInTheSourceIsNamedWithItsGlobalIndex() {
    float[][] z = new float[N][];
    for (int i = 0; i < N; i++) {
      z[i] = Z[i].clone();
    }
    z[17][2] = Float.NaN;
    BadInputException e = refused(options(tmp), z);
    assertTrue(e.getMessage().contains("NaN at sample 17, latent 2"), e.getMessage());
  }

  @Test
  void corruptChunkIsNamed() throws Exception {
    CounterfactualJob.run(options(tmp), source(Z), decoder, classifier, Progress.NONE);
    Path f = CounterfactualJob.chunkFile(tmp, 1);
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(f));
    lines.set(4, lines.get(4).replace("11,f0,", "12,f0,"));
    Files.write(f, lines);
    BadInputException e = refused(options(tmp), Z);
    assertTrue(e.getMessage().contains("chunk-00001.csv: line 5 is sample 12"), e.getMessage());
  }

  @Test
  void gridsHaveOneRowPerSampleAndFourColumnsWithOriginals() throws Exception {
    float[] originals = new float[N * W];
    Arrays.fill(originals, 1f);
    ChunkSource withImages =
        (from, to) -> {
          CfChunk c = source(Z).read(from, to);
          return new CfChunk(
              c.latents(), c.codes(), Arrays.copyOfRange(originals, from * W, to * W));
        };
    CounterfactualJobOptions o = optionsBuilder(tmp).optChunkSize(10).optGridSamples(3).build();
    CounterfactualJob.run(o, withImages, decoder, classifier, Progress.NONE);
    for (String name : List.of("f0", "f1", "f2")) {
      BufferedImage img = ImageIO.read(tmp.resolve("grids").resolve(name + ".png").toFile());
      assertEquals(4 * W + 3 * CounterfactualGrid.GAP, img.getWidth(), name);
      assertEquals(3 + 2 * CounterfactualGrid.GAP, img.getHeight(), name);
      assertEquals(0xFFFFFF, img.getRGB(0, 0) & 0xFFFFFF, "original is white");
    }
  }

  /**
   * The decoder writes latent values as pixels; with the zero baseline and Z_I = {0}, the x_I tile
   * has pixel 0 black and the x_\I tile has every other pixel black.
   */
  @Test
  void gridTilesShowTheInterventions() {
    LatentDecoder copy = new CgToys.Recording(3);
    float[][] z = {{1f, 0.5f, 1f}};
    BufferedImage img =
        CounterfactualGrid.render(
            z, null, copy, new int[] {0}, dev.candela.metrics.LatentStats.of(z), CgBaseline.ZERO);
    int step = 3 + CounterfactualGrid.GAP;
    assertArrayEquals(new int[] {255, 128, 255}, grey(img, 0));
    assertArrayEquals(new int[] {0, 128, 255}, grey(img, step));
    assertArrayEquals(new int[] {255, 0, 0}, grey(img, 2 * step));
  }

  private static int[] grey(BufferedImage img, int x0) {
    int[] r = new int[3];
    for (int x = 0; x < 3; x++) {
      r[x] = img.getRGB(x0 + x, 0) & 0xFF;
    }
    return r;
  }
}
