package dev.candela.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** {@link Subsampling#isHalf} tells the parts that {@link Subsampling#run} really cuts apart. */
class SubsamplingPartsTest {

  @Test
  void everySplitHandsTwoHalvesAndFourQuarters() {
    for (int n : new int[] {8, 9, 10, 11, 13, 1001}) {
      int splits = 3;
      AtomicInteger halves = new AtomicInteger();
      AtomicInteger quarters = new AtomicInteger();
      AtomicLong halfRows = new AtomicLong();
      AtomicLong quarterRows = new AtomicLong();
      Subsampling.run(
          Map.of("x", 0.0),
          n,
          splits,
          1,
          rows -> {
            if (Subsampling.isHalf(rows.length, n)) {
              halves.incrementAndGet();
              halfRows.addAndGet(rows.length);
            } else {
              quarters.incrementAndGet();
              quarterRows.addAndGet(rows.length);
            }
            return Map.of("x", (double) rows[0]);
          },
          () -> {});
      assertEquals(2 * splits, halves.get(), "halves at N = " + n);
      assertEquals(4 * splits, quarters.get(), "quarters at N = " + n);
      // each split's halves, and its quarters, cover the N rows once
      assertEquals((long) splits * n, halfRows.get(), "half rows at N = " + n);
      assertEquals((long) splits * n, quarterRows.get(), "quarter rows at N = " + n);
    }
  }
}
