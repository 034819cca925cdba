package dev.candela.model.training;

import dev.candela.Ids;
import java.util.Locale;

/**
 * A VAE training objective: a base objective, optionally semi-supervised ({@code ss-}: a supervised
 * term on 10% of the data) and optionally with the bounding-box weighted reconstruction term
 * ({@code ss-fvae-bb}).
 *
 * @param base the unsupervised objective
 * @param semiSupervised whether labels of a fraction of the data are used
 * @param boundingBox whether the bounding-box weighted reconstruction term is added
 */
public record Objective(Base base, boolean semiSupervised, boolean boundingBox) {

  /** The unsupervised objectives. */
  public enum Base {
    /** β-VAE (Higgins et al. 2017): recon + β·KL. */
    BETA_VAE,
    /** β-TCVAE (Chen et al. 2018): recon + KL + (β − 1)·TC, minibatch-weighted TC estimate. */
    BETA_TCVAE,
    /** DIP-VAE-I (Kumar et al. 2018): recon + KL + λ_od Σ_{i≠j} C_ij² + λ_d Σ (C_ii − 1)². */
    DIP_VAE_I,
    /** FactorVAE (Kim and Mnih 2018): recon + KL + γ·TC from a discriminator. */
    FACTOR_VAE;

    /**
     * The command-line name.
     *
     * @return e.g. {@code beta-vae}
     */
    public String id() {
      return Ids.of(this);
    }
  }

  /**
   * Parses {@code beta-vae|beta-tcvae|dip-vae-i|factor-vae}, each optionally prefixed {@code ss-},
   * or {@code ss-fvae-bb}.
   *
   * @param name the name
   * @return the objective
   * @throws IllegalArgumentException for an unknown name
   */
  public static Objective parse(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    if (n.equals("ss-fvae-bb")) {
      return new Objective(Base.FACTOR_VAE, true, true);
    }
    boolean ss = n.startsWith("ss-");
    String rest = ss ? n.substring(3) : n;
    Base b = Ids.find(Base.values(), Base::id, rest);
    if (b != null) {
      return new Objective(b, ss, false);
    }
    throw new IllegalArgumentException(
        "unknown objective '"
            + name
            + "' (expected beta-vae, beta-tcvae, dip-vae-i, factor-vae, ss-<any of those> or"
            + " ss-fvae-bb)");
  }

  /**
   * The command-line name.
   *
   * @return e.g. {@code ss-factor-vae}
   */
  public String id() {
    if (boundingBox) {
      return "ss-fvae-bb";
    }
    return (semiSupervised ? "ss-" : "") + base.id();
  }

  @Override
  public String toString() {
    return id();
  }
}
