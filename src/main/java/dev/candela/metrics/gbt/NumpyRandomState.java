package dev.candela.metrics.gbt;

/**
 * numpy's legacy {@code numpy.random.RandomState(seed)}: the 32-bit Mersenne Twister MT19937
 * (Matsumoto &amp; Nishimura 1998) seeded with {@code init_genrand(seed)}, and the bounded integers
 * of {@code RandomState.randint} (masked rejection sampling: draw 32 bits, keep the lowest bits up
 * to the smallest all-ones mask covering the range, retry while above the range).
 *
 * <p>scikit-learn's trees draw one {@code randint(0, 2³¹ − 1)} from the estimator's {@code
 * RandomState} per tree to seed their own xorshift generator ({@link #xorshiftRandInt}). Not
 * thread-safe.
 */
public final class NumpyRandomState {

  private static final int N = 624;
  private static final int M = 397;
  private static final int MATRIX_A = 0x9908b0df;
  private static final int UPPER_MASK = 0x80000000;
  private static final int LOWER_MASK = 0x7fffffff;

  /** sklearn's {@code RAND_R_MAX} (2³¹ − 1), the exclusive bound of a tree's seed. */
  public static final int RAND_R_MAX = 0x7FFFFFFF;

  private final int[] mt = new int[N];
  private int mti;

  /**
   * {@code numpy.random.RandomState(seed)}.
   *
   * @param seed the seed, 0 ≤ seed &lt; 2³² (numpy rejects other values)
   * @throws IllegalArgumentException if the seed is outside [0, 2³²)
   */
  public NumpyRandomState(long seed) {
    if (seed < 0 || seed > 0xFFFFFFFFL) {
      throw new IllegalArgumentException(
          "numpy RandomState seed must be in [0, 2^32), got " + seed);
    }
    mt[0] = (int) seed;
    for (int i = 1; i < N; i++) {
      mt[i] = 1812433253 * (mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
    }
    mti = N;
  }

  /**
   * The next 32 random bits ({@code genrand_int32}).
   *
   * @return an unsigned 32-bit value in a long
   */
  public long nextUint32() {
    if (mti >= N) {
      int kk;
      for (kk = 0; kk < N - M; kk++) {
        int y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + M] ^ (y >>> 1) ^ ((y & 1) != 0 ? MATRIX_A : 0);
      }
      for (; kk < N - 1; kk++) {
        int y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ ((y & 1) != 0 ? MATRIX_A : 0);
      }
      int y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
      mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ ((y & 1) != 0 ? MATRIX_A : 0);
      mti = 0;
    }
    int y = mt[mti++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y & 0xFFFFFFFFL;
  }

  /**
   * {@code randint(low, high)} with numpy's default integer type: uniform on [low, high).
   *
   * @param low inclusive lower bound
   * @param high exclusive upper bound, {@code high − low} in [1, 2³²]
   * @return the value
   * @throws IllegalArgumentException if the range is empty or wider than 2³²
   */
  public long randint(long low, long high) {
    long rng = high - 1 - low;
    if (rng < 0 || rng > 0xFFFFFFFFL) {
      throw new IllegalArgumentException("randint range [" + low + ", " + high + ") is invalid");
    }
    if (rng == 0) {
      return low;
    }
    if (rng == 0xFFFFFFFFL) {
      return low + nextUint32();
    }
    long mask = rng;
    mask |= mask >>> 1;
    mask |= mask >>> 2;
    mask |= mask >>> 4;
    mask |= mask >>> 8;
    mask |= mask >>> 16;
    long v;
    do {
      v = nextUint32() & mask;
    } while (v > rng);
    return low + v;
  }

  /**
   * sklearn's {@code rand_int(low, high, &state)} ({@code tree/_utils.pyx}): one step of the
   * xorshift generator {@code our_rand_r} (state 0 is replaced by 1; s ^= s≪13, s ^= s≫17, s ^= s≪5
   * on 32 bits; value = s mod 2³¹), then {@code low + value mod (high − low)}.
   *
   * @param state the generator state, one element, updated in place
   * @param low inclusive lower bound
   * @param high exclusive upper bound, &gt; low
   * @return the value
   */
  public static int xorshiftRandInt(int[] state, int low, int high) {
    int s = state[0];
    if (s == 0) {
      s = 1;
    }
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    state[0] = s;
    long value = (s & 0xFFFFFFFFL) % (RAND_R_MAX + 1L);
    return (int) (low + value % (high - low));
  }
}
