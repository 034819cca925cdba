package dev.candela.metrics;

/** How {@link Uc} chooses the ρ latents that capture a factor. */
public enum UcSelection {
  /**
   * The ρ latents with the largest IRS entries in the factor's column; ties go to the lower latent
   * index. This is the definition in Reddy et al. (AAAI 2022).
   */
  TOPK,
  /**
   * Compatibility mode reproducing the authors' code {@code np.argpartition(col, -1)[::-rho][:rho]}
   * with numpy's portable (scalar) introselect: for {@code n >= 4} active latents the permutation
   * is the identity with the position of the <em>last</em> maximum swapped with position {@code n −
   * 1}; for {@code n <= 3} it is numpy's selection sort. The set is then the latents at positions
   * {@code n−1, n−1−ρ, n−1−2ρ, …} (at most ρ of them). Only the first pick is guaranteed to be a
   * maximum; for ρ &gt; 1 this is not top-ρ. numpy builds that dispatch argpartition to SIMD code
   * (x86-simd-sort, numpy 2.x on AVX2/AVX-512 CPUs) return a different permutation.
   */
  FORK
}
