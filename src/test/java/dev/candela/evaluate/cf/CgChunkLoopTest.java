package dev.candela.evaluate.cf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.Cg;
import dev.candela.metrics.cg.CgAccumulator;
import dev.candela.metrics.cg.CgBatch;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one chunk loop of {@code evaluate} and {@code counterfactuals} on pure-Java fakes. */
class CgChunkLoopTest {

  private static final int N = 23;
  private static final CfFixture FIXTURE = new CfFixture(N, 21);
  private static final int[][] SETS = CfFixture.SETS;
  private static final float[][] Z = FIXTURE.z;
  private static final int[][] Y = FIXTURE.y;

  private final LatentDecoder decoder = FIXTURE.dense;
  private final FactorProbabilities classifier = FIXTURE.classifier;
  private final List<Integer> reads = new ArrayList<>();

  private ChunkSource source(float[][] z) {
    return FIXTURE.source(z, reads::add);
  }

  private static CgOptions cg() {
    return CfFixture.cg(16);
  }

  private CgChunkLoop loop(int chunkSize) {
    CgAccumulator acc = new CgAccumulator(decoder, classifier, cg(), LatentStats.of(Z));
    return new CgChunkLoop(acc, source(Z), chunkSize);
  }

  @Test
  void chunksGiveTheOneShotSummaryAndTerms() throws Exception {
    CgChunkLoop.Terms terms = new CgChunkLoop.Terms(SETS.length, N);
    List<CgChunkLoop.Chunk> seen = new ArrayList<>();
    CgSummary chunked =
        loop(5)
            .run(
                0,
                N,
                (chunk, batch, read) -> {
                  seen.add(chunk);
                  terms.done(chunk, batch, read);
                })
            .summary();
    assertEquals(
        List.of(
            new CgChunkLoop.Chunk(0, 5, 0, 5),
            new CgChunkLoop.Chunk(1, 5, 5, 10),
            new CgChunkLoop.Chunk(2, 5, 10, 15),
            new CgChunkLoop.Chunk(3, 5, 15, 20),
            new CgChunkLoop.Chunk(4, 5, 20, 23)),
        seen);
    assertEquals(Cg.compute(Z, Y, decoder, classifier, cg()).summary(), chunked);
    CgChunkLoop.Terms whole = new CgChunkLoop.Terms(SETS.length, N);
    assertEquals(chunked, loop(N).run(0, N, whole).summary());
    for (int k = 0; k < SETS.length; k++) {
      assertArrayEquals(whole.terms()[k], terms.terms()[k], "factor " + k);
    }
  }

  @Test
  void earlierTermsAreAddedWithoutReadingTheSource() throws Exception {
    Map<Integer, CgBatch> first = new HashMap<>();
    CgSummary fresh =
        loop(6).run(0, N, (chunk, batch, read) -> first.put(chunk.index(), batch)).summary();
    reads.clear();
    List<Boolean> readBack = new ArrayList<>();
    CgChunkLoop.Sink resume =
        new CgChunkLoop.Sink() {
          @Override
          public CgBatch earlier(CgChunkLoop.Chunk chunk) {
            return chunk.index() % 2 == 1 ? first.get(chunk.index()) : null;
          }

          @Override
          public void done(CgChunkLoop.Chunk chunk, CgBatch batch, CfChunk read) {
            readBack.add(read == null);
          }
        };
    CgAccumulator acc = loop(6).run(0, N, resume);
    assertEquals(fresh, acc.summary());
    assertEquals(List.of(false, true, false, true), readBack);
    assertEquals(List.of(0, 12), reads, "only the chunks without earlier terms are read");
    // the chunks read back are not decoded: the image checks cover the two computed chunks
    assertEquals(12, acc.imageChecks().samples());
  }

  @Test
  void aChangedSampleChangesTheSummary() throws Exception {
    float[][] z = Arrays.stream(Z).map(float[]::clone).toArray(float[][]::new);
    z[7][0] += 3f;
    CgAccumulator acc = new CgAccumulator(decoder, classifier, cg(), LatentStats.of(Z));
    CgSummary changed = new CgChunkLoop(acc, source(z), 5).run(0, N, (c, b, r) -> {}).summary();
    assertNotEquals(loop(5).run(0, N, (c, b, r) -> {}).summary(), changed);
  }

  @Test
  void aNonFiniteLatentIsRefusedWithItsPlace() {
    float[][] z = Arrays.stream(Z).map(float[]::clone).toArray(float[][]::new);
    z[12][3] = Float.NaN;
    CgAccumulator acc = new CgAccumulator(decoder, classifier, cg(), LatentStats.of(Z));
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> new CgChunkLoop(acc, source(z), 5).run(0, N, (c, b, r) -> {}));
    assertTrue(e.getMessage().contains("sample 12, latent 3"), e.getMessage());
  }
}
