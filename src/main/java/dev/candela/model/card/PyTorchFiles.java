package dev.candela.model.card;

import dev.candela.BadInputException;
import dev.candela.Checkout;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Says what a PyTorch file is (a {@code state_dict}, a training checkpoint, a pickled module, a
 * TorchScript module) and which {@code models/export/export_vae.py} command turns it into a model
 * folder Candela reads, for a {@code --model} that is a {@code .pt}/{@code .pth} file or a folder
 * without a {@code model.json}. Nothing in the file is executed: PyTorch's zip format ({@code
 * archive/data.pkl}; TorchScript adds {@code code/} and {@code constants.pkl}) and the legacy
 * format (a sequence of pickles) are read with {@link PickleReader}.
 */
public final class PyTorchFiles {
  private PyTorchFiles() {}

  /** File name extensions taken for PyTorch files whatever their content. */
  private static final List<String> EXTENSIONS = List.of(".pt", ".pth", ".ckpt", ".pkl", ".bin");

  /** The disentangling-vae (YannDubs) run layout: a state_dict and its constructor arguments. */
  static final String DISVAE_MODEL = "model.pt";

  /** The disentangling-vae run's metadata. */
  static final String DISVAE_SPECS = "specs.json";

  /** What a PyTorch file holds. */
  public enum Kind {
    /** {@code torch.jit.save}: a zip with {@code code/} and {@code constants.pkl}. */
    TORCHSCRIPT,
    /** {@code torch.save(model.state_dict())}: a map of parameter names to tensors. */
    STATE_DICT,
    /** {@code torch.save({...})}: a dictionary holding a state_dict or a module among others. */
    CHECKPOINT,
    /** {@code torch.save(model)}: a pickled {@code nn.Module}. */
    PICKLED_MODULE,
    /** Any other pickle, or one this reader could not follow. */
    OTHER
  }

  /**
   * What a file holds.
   *
   * @param kind the kind
   * @param legacy whether it is in the legacy (pre-1.6, not zip) format
   * @param description a phrase saying what it is, e.g. {@code a PyTorch state_dict (6 tensors:
   *     encoder.lin.weight, ...)}
   * @param className the module's class ({@code module.Class}) for a pickled module or TorchScript,
   *     else null
   * @param methods the TorchScript module's methods (empty otherwise)
   */
  public record Inspection(
      Kind kind, boolean legacy, String description, String className, List<String> methods) {}

  /**
   * Whether a file should be read as a PyTorch file: a {@code .pt}, {@code .pth}, {@code .ckpt},
   * {@code .pkl} or {@code .bin} name, or content that starts like a zip archive or a pickle.
   *
   * @param file the file
   * @return whether it looks like a PyTorch file
   */
  public static boolean looksLikePyTorch(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (EXTENSIONS.stream().anyMatch(name::endsWith)) {
      return true;
    }
    byte[] head = new byte[2];
    try (InputStream in = Files.newInputStream(file)) {
      int n = in.readNBytes(head, 0, 2);
      return n == 2
          && ((head[0] == 'P' && head[1] == 'K') || ((head[0] & 0xff) == 0x80 && head[1] <= 5));
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Reads what a PyTorch file holds.
   *
   * @param file the file
   * @return the inspection
   * @throws BadInputException when the file cannot be read
   */
  public static Inspection inspect(Path file) throws BadInputException {
    try (ZipFile z = new ZipFile(file.toFile())) {
      return inspectZip(z);
    } catch (ZipException notZip) {
      return inspectLegacy(file);
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
  }

  /**
   * The one-line error for a PyTorch file given where a Candela model folder is expected: what the
   * file is and the export command that makes a model folder of it.
   *
   * @param file the file
   * @return the exception to throw
   */
  public static BadInputException notAModel(Path file) {
    Inspection in;
    try {
      in = inspect(file);
    } catch (BadInputException e) {
      return e;
    }
    Path abs = file.toAbsolutePath().normalize();
    String out = quote(outFor(abs));
    String f = quote(abs);
    String script = "python3 " + quote(Checkout.exportScript());
    String what = file + ": " + in.description() + ", not a Candela model folder";
    String cmd =
        switch (in.kind()) {
          case STATE_DICT, CHECKPOINT -> {
            Path dir = abs.getParent();
            if (dir != null && Files.isRegularFile(dir.resolve(DISVAE_SPECS))) {
              yield disvaeCommand(dir);
            }
            yield "; export it with the class that builds the network: "
                + script
                + " --checkpoint "
                + f
                + " --class MODULE:CLASS [--kwargs JSON] --out "
                + out
                + " (run from the folder that holds MODULE)";
          }
          case PICKLED_MODULE ->
              "; export it: "
                  + script
                  + " --checkpoint "
                  + f
                  + " --out "
                  + out
                  + " (run from the folder that holds "
                  + topPackage(in.className())
                  + ")";
          case TORCHSCRIPT -> {
            boolean vae =
                in.methods().contains("encode") && in.methods().contains("decode")
                    || in.methods().contains("encoder") && in.methods().contains("decoder");
            yield vae
                ? "; Candela reads a folder of encoder.pt + decoder.pt + model.json: "
                    + script
                    + " --checkpoint "
                    + f
                    + " --out "
                    + out
                : "; Candela reads a folder of encoder.pt + decoder.pt + model.json: if this is the"
                    + " encoder, "
                    + script
                    + " --encoder "
                    + f
                    + " --decoder DECODER.pt --out "
                    + out;
          }
          case OTHER -> "; export your VAE with " + script + " (see docs/pytorch.md)";
        };
    return new BadInputException(what + cmd);
  }

  /**
   * The one-line error for a folder that has no {@code model.json} but holds PyTorch files (or the
   * {@code model.pt} + {@code specs.json} of a disentangling-vae run): what they are and the export
   * command; null when the folder holds no PyTorch file.
   *
   * @param dir the folder
   * @return the exception to throw, or null
   */
  public static BadInputException folderWithoutCard(Path dir) {
    Path abs = dir.toAbsolutePath().normalize();
    if (Files.isRegularFile(abs.resolve(DISVAE_MODEL))
        && Files.isRegularFile(abs.resolve(DISVAE_SPECS))) {
      String specs = disvaeSpecs(abs.resolve(DISVAE_SPECS));
      return new BadInputException(
          dir
              + ": no "
              + ModelCard.FILE
              + "; it holds a disentangling-vae run (model.pt + specs.json"
              + specs
              + ")"
              + disvaeCommand(abs));
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(abs)) {
      files =
          s.filter(p -> Files.isRegularFile(p) && looksLikePyTorch(p))
              .sorted()
              .collect(java.util.stream.Collectors.toCollection(ArrayList::new));
    } catch (IOException e) {
      return null;
    }
    if (files.isEmpty()) {
      return null;
    }
    Path enc = abs.resolve("encoder.pt");
    Path dec = abs.resolve("decoder.pt");
    if (files.contains(enc) && files.contains(dec)) {
      return new BadInputException(
          dir
              + ": holds encoder.pt and decoder.pt but no "
              + ModelCard.FILE
              + "; write the card with: python3 "
              + quote(Checkout.exportScript())
              + " --encoder "
              + quote(enc)
              + " --decoder "
              + quote(dec)
              + " --out "
              + quote(abs.resolveSibling(abs.getFileName() + "-candela")));
    }
    BadInputException e = notAModel(files.get(0));
    String more = files.size() > 1 ? " (and " + (files.size() - 1) + " more .pt files)" : "";
    return new BadInputException(dir + ": no " + ModelCard.FILE + more + "; " + e.getMessage(), e);
  }

  private static String disvaeCommand(Path runDir) {
    Path repo = runDir.getParent() == null ? null : runDir.getParent().getParent();
    boolean found = repo != null && Files.isRegularFile(repo.resolve("disvae/models/encoders.py"));
    return "; export it with: python3 "
        + quote(Checkout.exportScript())
        + " --disvae "
        + quote(runDir)
        + (found ? "" : " --repo PATH/TO/disentangling-vae")
        + " --out "
        + quote(runDir.resolveSibling(runDir.getFileName() + "-candela"));
  }

  private static String disvaeSpecs(Path specs) {
    try {
      Map<?, ?> m =
          new com.fasterxml.jackson.databind.ObjectMapper().readValue(specs.toFile(), Map.class);
      StringBuilder sb = new StringBuilder();
      for (String k : List.of("model_type", "latent_dim", "dataset")) {
        if (m.get(k) != null) {
          sb.append(sb.length() == 0 ? ": " : ", ").append(k).append(' ').append(m.get(k));
        }
      }
      return sb.toString();
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }

  private static Path outFor(Path file) {
    Path dir = file.getParent();
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    return dir.resolve(stem + "-candela");
  }

  private static String topPackage(String className) {
    if (className == null || !className.contains(".")) {
      return "its module";
    }
    return className.substring(0, className.indexOf('.'));
  }

  private static String quote(Path p) {
    String s = p.toString();
    return s.matches("[A-Za-z0-9_./:=@%+,-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
  }

  private static Inspection inspectZip(ZipFile z) throws IOException {
    ZipEntry data = null;
    boolean code = false;
    List<ZipEntry> codeFiles = new ArrayList<>();
    Enumeration<? extends ZipEntry> entries = z.entries();
    while (entries.hasMoreElements()) {
      ZipEntry e = entries.nextElement();
      String n = e.getName();
      if (n.endsWith("/data.pkl") && n.indexOf('/') == n.lastIndexOf('/')) {
        data = e;
      }
      if (n.contains("/code/") || n.endsWith("constants.pkl")) {
        code = true;
      }
      if (n.contains("/code/") && n.endsWith(".py")) {
        codeFiles.add(e);
      }
    }
    if (data == null) {
      return new Inspection(
          Kind.OTHER,
          false,
          "a zip archive without data.pkl (not a PyTorch file)",
          null,
          List.of());
    }
    Object top;
    try (InputStream in = new BufferedInputStream(z.getInputStream(data))) {
      top = PickleReader.read(in);
    } catch (IOException | RuntimeException e) {
      top = null;
    }
    if (code) {
      return torchScript(z, top, codeFiles);
    }
    return classify(top, false);
  }

  private static Inspection inspectLegacy(Path file) throws BadInputException {
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
      Object magic = PickleReader.read(in);
      if (!(magic instanceof Number)) {
        return new Inspection(
            Kind.OTHER, true, "a pickle, not a torch.save() file", null, List.of());
      }
      PickleReader.read(in); // protocol version
      PickleReader.read(in); // system information
      return classify(PickleReader.read(in), true);
    } catch (IOException | RuntimeException e) {
      return new Inspection(
          Kind.OTHER,
          true,
          "not a PyTorch file (neither a zip archive nor a pickle)",
          null,
          List.of());
    }
  }

  private static Inspection torchScript(ZipFile z, Object top, List<ZipEntry> codeFiles)
      throws IOException {
    String cls =
        top instanceof PickleReader.Instance i
            ? i.type().toString().replaceAll("___torch_mangle_\\d+\\.", "")
            : null;
    List<String> methods = new ArrayList<>();
    if (cls != null) {
      String simple = cls.substring(cls.lastIndexOf('.') + 1);
      String raw = ((PickleReader.Instance) top).type().module();
      String modulePath = raw.replace('.', '/') + ".py";
      for (ZipEntry e : codeFiles) {
        if (!e.getName().endsWith("/code/" + modulePath)) {
          continue;
        }
        String src = new String(z.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8);
        int start = src.indexOf("class " + simple + "(");
        if (start < 0) {
          continue;
        }
        int end = src.indexOf("\nclass ", start + 1);
        String body = src.substring(start, end < 0 ? src.length() : end);
        Matcher m = Pattern.compile("\n  def (\\w+)\\(").matcher(body);
        while (m.find()) {
          methods.add(m.group(1));
        }
        Matcher sub = Pattern.compile("\n  (encoder|decoder) : ").matcher(body);
        while (sub.find()) {
          methods.add(sub.group(1));
        }
      }
    }
    String shown = cls == null ? "" : " of class " + cls.replaceFirst("^__torch__\\.", "");
    String ms =
        methods.isEmpty()
            ? ""
            : " ("
                + String.join(", ", methods.stream().filter(m -> !m.endsWith("coder")).toList())
                + (methods.contains("encoder") ? "; submodules encoder, decoder" : "")
                + ")";
    return new Inspection(
        Kind.TORCHSCRIPT,
        false,
        "a TorchScript module" + shown + ms,
        cls == null ? null : cls.replaceFirst("^__torch__\\.", ""),
        List.copyOf(methods));
  }

  private static Inspection classify(Object top, boolean legacy) {
    String fmt = legacy ? "legacy-format " : "";
    if (top instanceof Map<?, ?> m) {
      if (isStateDict(m)) {
        return new Inspection(
            Kind.STATE_DICT,
            legacy,
            "a " + fmt + "PyTorch state_dict (" + tensorsPhrase(m) + ")",
            null,
            List.of());
      }
      List<String> keys = m.keySet().stream().map(String::valueOf).toList();
      String weights = null;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (e.getValue() instanceof Map<?, ?> sd && isStateDict(sd) && weights == null) {
          weights = "the weights are under '" + e.getKey() + "', " + tensorsPhrase(sd);
        } else if (e.getValue() instanceof PickleReader.Instance i && isModule(i)) {
          weights = "'" + e.getKey() + "' is a pickled module of class " + i.type();
        }
      }
      if (weights != null) {
        return new Inspection(
            Kind.CHECKPOINT,
            legacy,
            "a "
                + fmt
                + "PyTorch training checkpoint (a dict with keys "
                + abbreviate(keys, 6)
                + "; "
                + weights
                + ")",
            null,
            List.of());
      }
      return new Inspection(
          Kind.OTHER,
          legacy,
          "a " + fmt + "torch.save() dict with keys " + abbreviate(keys, 6) + " and no weights",
          null,
          List.of());
    }
    if (top instanceof PickleReader.Instance i && isModule(i)) {
      return new Inspection(
          Kind.PICKLED_MODULE,
          legacy,
          "a " + fmt + "pickled PyTorch module of class " + i.type() + " (torch.save(model))",
          i.type().toString(),
          List.of());
    }
    if (top == null) {
      return new Inspection(
          Kind.OTHER,
          legacy,
          "a " + fmt + "torch.save() file Candela could not read",
          null,
          List.of());
    }
    String type =
        top instanceof PickleReader.Instance i
            ? "an object of class " + i.type()
            : top instanceof List<?> ? "a list" : "a " + top.getClass().getSimpleName();
    return new Inspection(
        Kind.OTHER, legacy, "a " + fmt + "torch.save() file holding " + type, null, List.of());
  }

  private static boolean isStateDict(Map<?, ?> m) {
    return !m.isEmpty() && m.values().stream().allMatch(v -> v == PickleReader.TENSOR);
  }

  private static boolean isModule(PickleReader.Instance i) {
    return i.state() instanceof Map<?, ?> s && s.containsKey("_modules");
  }

  private static String tensorsPhrase(Map<?, ?> sd) {
    List<String> keys = sd.keySet().stream().map(String::valueOf).toList();
    return keys.size() + " tensors: " + abbreviate(keys, 4);
  }

  private static String abbreviate(List<String> keys, int max) {
    if (keys.size() <= max) {
      return String.join(", ", keys);
    }
    return String.join(", ", keys.subList(0, max - 1)) + ", ..., " + keys.get(keys.size() - 1);
  }
}
