package dev.candela;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the Candela checkout is: its root, and the scripts and data it ships beside the jar. */
public final class Checkout {
  private Checkout() {}

  /**
   * The checkout's root: the parent of the folder holding the jar (target/candela.jar) or the
   * classes (target/classes), when it has a models folder; else the working directory.
   *
   * @return the root
   */
  public static Path root() {
    try {
      Path p = Path.of(Checkout.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Path target = p.getParent();
      if (target != null
          && target.getParent() != null
          && Files.isDirectory(target.getParent().resolve("models"))) {
        return target.getParent();
      }
    } catch (URISyntaxException | SecurityException | NullPointerException e) {
      // fall back below
    }
    return Path.of("").toAbsolutePath();
  }

  /**
   * The PyTorch export script, {@code models/export/export_vae.py} in the checkout.
   *
   * @return its absolute path
   */
  public static Path exportScript() {
    return root().resolve("models").resolve("export").resolve("export_vae.py");
  }
}
