package dev.candela.model.hosting;

import ai.djl.Device;
import ai.djl.MalformedModelException;
import ai.djl.Model;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Block;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.model.arch.Architectures;
import dev.candela.model.arch.VaeBlock;
import dev.candela.model.card.ModelCard;
import dev.candela.model.card.PyTorchFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Loads VAEs and classifiers from model directories (DJL parameters or TorchScript). */
public final class VaeModels {
  /** The DJL engine name. */
  public static final String ENGINE = "PyTorch";

  /** Parameter file prefix of a DJL-format VAE ({@code vae-0000.params}). */
  public static final String DJL_VAE_PREFIX = "vae";

  /** TorchScript encoder file name. */
  public static final String ENCODER_PT = "encoder.pt";

  /** TorchScript decoder file name. */
  public static final String DECODER_PT = "decoder.pt";

  /** Default inference batch size. */
  public static final int DEFAULT_BATCH = 256;

  private VaeModels() {}

  /**
   * Loads a VAE from a model directory: its {@code model.json} says the format. The weights'
   * checksums are verified first.
   *
   * @param dir the model directory
   * @param device the device
   * @return the model; close it
   * @throws CandelaException when the card or the weights cannot be read
   */
  public static VaeModel load(Path dir, ComputeDevice device) throws CandelaException {
    return load(dir, device, DEFAULT_BATCH);
  }

  /**
   * Loads a VAE with a given inference batch size.
   *
   * @param dir the model directory
   * @param device the device
   * @param batchSize images (or latents) per internal batch
   * @return the model; close it
   * @throws CandelaException when the card or the weights cannot be read
   */
  public static VaeModel load(Path dir, ComputeDevice device, int batchSize)
      throws CandelaException {
    Device djl = device.djl();
    ModelCard card = ModelCard.read(dir, "vae");
    card.verifyWeights(dir);
    if (card.format().equals("torchscript")) {
      Model enc = loadTorchScript(dir, ENCODER_PT, djl);
      Model dec;
      try {
        dec = loadTorchScript(dir, DECODER_PT, djl);
      } catch (CandelaException e) {
        enc.close();
        throw e;
      }
      return probe(
          dir, card, new HostedVae(card, enc.getBlock(), dec.getBlock(), djl, batchSize, enc, dec));
    }
    VaeBlock block;
    try {
      Architectures.check(card.architecture(), card.input());
      block = new VaeBlock(card.architecture(), card.latentDim(), card.input().channels());
    } catch (IllegalArgumentException e) {
      throw new BadInputException(dir.resolve(ModelCard.FILE) + ": " + e.getMessage(), e);
    }
    Model m;
    try {
      m = loadDjl(dir, DJL_VAE_PREFIX, block, djl);
    } catch (BadInputException e) {
      if (!Architectures.isUpsampling(card.architecture())
          && !e.getMessage().contains(NOT_WEIGHTS)
          && !e.getMessage().contains("weights file missing")) {
        throw new BadInputException(
            e.getMessage()
                + " (a model trained before "
                + card.architecture()
                + " had transposed convolutions has the upsampling decoder: set \"architecture\""
                + " in its card to "
                + card.architecture()
                + "-upsample)",
            e);
      }
      throw e;
    }
    return probe(
        dir, card, new HostedVae(card, block.encoder(), block.decoder(), djl, batchSize, m));
  }

  /** Probe latents decoded at load time besides the blank image's mean. */
  static final int PROBE_LATENTS = 7;

  /**
   * Runs the freshly loaded model once, so that a card that disagrees with its weights fails at
   * load time with the model folder and the card field named: the encoder must return {@code
   * latentDim} means for a blank image; the decoder's raw output for that mean and {@value
   * #PROBE_LATENTS} seeded standard-normal latents must lie in [0, 1] when the card says {@code
   * probabilities}, and must not all lie in [0, 1] when it says {@code logits} (logits of a trained
   * decoder reach far below 0 on background pixels; all values inside [0, 1] means the decoder
   * already applies its sigmoid, and a second sigmoid would squash every image to grey).
   */
  static HostedVae probe(Path dir, ModelCard card, HostedVae vae) throws BadInputException {
    Path cardFile = dir.resolve(ModelCard.FILE);
    try {
      ModelCard.Shape in = card.input();
      float[][] mean;
      try {
        mean = vae.encode(new float[in.volume()], 1).mean();
      } catch (IllegalStateException e) {
        throw new BadInputException(
            cardFile
                + ": latentDim is "
                + card.latentDim()
                + " but the weights in "
                + dir
                + " do not give "
                + card.latentDim()
                + " latents ("
                + e.getMessage()
                + ")",
            e);
      }
      float[][] z = new float[1 + PROBE_LATENTS][];
      z[0] = mean[0];
      java.util.SplittableRandom rng = new java.util.SplittableRandom(0);
      for (int i = 1; i < z.length; i++) {
        z[i] = new float[card.latentDim()];
        for (int j = 0; j < z[i].length; j++) {
          // Box-Muller from two uniforms: a standard normal
          double u = 1.0 - rng.nextDouble();
          z[i][j] =
              (float) (Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.nextDouble()));
        }
      }
      float[] raw = vae.decode(z, false);
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      for (float v : raw) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
      checkOutputRange(cardFile, card.output(), min, max);
      return vae;
    } catch (BadInputException e) {
      closeQuietly(vae);
      throw e;
    } catch (RuntimeException e) {
      closeQuietly(vae);
      throw new BadInputException(
          cardFile
              + ": the weights in "
              + dir
              + " do not run with this card ("
              + reason(e).replace('\n', ' ')
              + ")",
          e);
    }
  }

  /**
   * Refuses a card whose {@code output} disagrees with the decoder's raw output range.
   *
   * @param cardFile the card, for the message
   * @param output the card's {@code output}
   * @param min the smallest raw decoder value on the probe batch
   * @param max the largest
   * @throws BadInputException for {@code probabilities} with values outside [0, 1], or {@code
   *     logits} with every value inside
   */
  static void checkOutputRange(Path cardFile, String output, double min, double max)
      throws BadInputException {
    boolean inUnit = min >= -OUTPUT_TOLERANCE && max <= 1 + OUTPUT_TOLERANCE;
    String range = String.format(java.util.Locale.ROOT, "[%.3g, %.3g]", min, max);
    if (output.equals("probabilities") && !inUnit) {
      throw new BadInputException(
          cardFile
              + ": output is \"probabilities\" but the decoder returns values in "
              + range
              + ", outside [0, 1]: it returns logits (set \"output\": \"logits\")");
    }
    if (output.equals("logits") && inUnit) {
      throw new BadInputException(
          cardFile
              + ": output is \"logits\" but every decoder value on the probe batch lies in "
              + range
              + ": it already returns probabilities (set \"output\": \"probabilities\")");
    }
  }

  /** Slack around [0, 1] for the probabilities check (float rounding of a sigmoid). */
  static final double OUTPUT_TOLERANCE = 1e-4;

  private static void closeQuietly(HostedVae vae) {
    try {
      vae.close();
    } catch (Exception ignored) {
      // the load already failed; that error is the one to report
    }
  }

  /**
   * A randomly initialised {@value Architectures#DL_CONV64} VAE (for benchmarks and tests; not a
   * trained model).
   *
   * @param latentDim D
   * @param channels C
   * @param device the device
   * @param seed the engine seed used for initialisation
   * @param batchSize inference batch size
   * @return the model; close it
   */
  public static VaeModel randomlyInitialised(
      int latentDim, int channels, ComputeDevice device, long seed, int batchSize) {
    return randomlyInitialised(
        Architectures.DL_CONV64, latentDim, channels, device, seed, batchSize);
  }

  /**
   * A randomly initialised VAE of any of the {@link Architectures#VAES} (for benchmarks and tests).
   *
   * @param architecture the architecture
   * @param latentDim D
   * @param channels C
   * @param device the device
   * @param seed the engine seed used for initialisation
   * @param batchSize inference batch size
   * @return the model; close it
   */
  public static VaeModel randomlyInitialised(
      String architecture,
      int latentDim,
      int channels,
      ComputeDevice device,
      long seed,
      int batchSize) {
    Device djl = device.djl();
    ModelCard.Shape in = Architectures.vaeInput(architecture, channels);
    ai.djl.engine.Engine.getEngine(ENGINE).setRandomSeed((int) seed);
    VaeBlock block = new VaeBlock(architecture, latentDim, channels);
    Model m = Model.newInstance(DJL_VAE_PREFIX, djl, ENGINE);
    m.setBlock(block);
    block.initialize(
        m.getNDManager(),
        ai.djl.ndarray.types.DataType.FLOAT32,
        new ai.djl.ndarray.types.Shape(1, channels, in.height(), in.width()));
    ModelCard card =
        new ModelCard(
            "vae",
            "djl",
            architecture,
            in,
            null,
            latentDim,
            "none",
            java.util.List.of(),
            "logits",
            java.util.Map.of("initialisation", "random", "seed", seed),
            java.util.Map.of(),
            java.util.Map.of(),
            null,
            null);
    return new HostedVae(card, block.encoder(), block.decoder(), djl, batchSize, m);
  }

  /**
   * Loads parameters saved by {@link Model#save} into a block.
   *
   * @param dir the directory
   * @param prefix the parameter file prefix
   * @param block the (uninitialised) block of the same layout
   * @param device the device
   * @return the model (owns the parameters)
   * @throws BadInputException when the file is missing or does not fit the block
   */
  public static Model loadDjl(Path dir, String prefix, Block block, Device device)
      throws BadInputException {
    Path file = dir.resolve(prefix + "-0000.params");
    checkDjlHeader(file);
    Model m = Model.newInstance(prefix, device, ENGINE);
    m.setBlock(block);
    try {
      m.load(dir, prefix);
      for (var p : block.getParameters()) {
        if (!p.getValue().isInitialized()) {
          throw new BadInputException(
              file
                  + ": "
                  + NOT_WEIGHTS
                  + " (parameter '"
                  + p.getKey()
                  + "' was not loaded from it)");
        }
      }
      return m;
    } catch (BadInputException e) {
      m.close();
      throw e;
    } catch (java.io.EOFException e) {
      m.close();
      throw new BadInputException(file + ": " + NOT_WEIGHTS + " (it ends early: truncated?)", e);
    } catch (IOException e) {
      m.close();
      throw new BadInputException(file + ": " + NOT_WEIGHTS + " (" + reason(e) + ")", e);
    } catch (MalformedModelException | RuntimeException e) {
      // a block layout that differs from the file's (another architecture): not corruption
      m.close();
      throw new BadInputException(file + ": cannot load DJL parameters: " + reason(e), e);
    }
  }

  /** What went wrong: the exception's message, or its type when it has none. */
  private static String reason(Exception e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** The phrase every message about a file that is not DJL weights contains. */
  static final String NOT_WEIGHTS = "not a valid DJL weights file";

  /** The largest DJL parameter-file format version accepted (DJL 0.35 writes 1). */
  static final int MAX_DJL_VERSION = 16;

  /** DJL's parameter files start with the magic bytes {@code DJL@}. */
  private static void checkDjlHeader(Path file) throws BadInputException {
    byte[] head = new byte[8];
    int n;
    try (var in = Files.newInputStream(file)) {
      n = in.readNBytes(head, 0, 8);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new BadInputException(file + ": weights file missing", e);
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
    if (n < 4
        || !new String(head, 0, 4, java.nio.charset.StandardCharsets.ISO_8859_1).equals("DJL@")) {
      String hint =
          n >= 2 && head[0] == 'P' && head[1] == 'K'
              ? "; it is a zip archive, perhaps a PyTorch state_dict or TorchScript file: export the"
                  + " model with models/export/export_vae.py and set \"format\": \"torchscript\""
              : "";
      throw new BadInputException(
          file + ": " + NOT_WEIGHTS + " (it does not start with the DJL@ header" + hint + ")");
    }
    int version = n < 8 ? -1 : java.nio.ByteBuffer.wrap(head, 4, 4).getInt();
    if (version < 1 || version > MAX_DJL_VERSION) {
      throw new BadInputException(
          file + ": " + NOT_WEIGHTS + " (format version " + version + " after the DJL@ header)");
    }
  }

  private static Model loadTorchScript(Path dir, String file, Device device)
      throws BadInputException {
    Path f = dir.resolve(file);
    if (!Files.isRegularFile(f)) {
      throw new BadInputException(
          f + ": TorchScript file missing (expected encoder.pt + decoder.pt)");
    }
    checkTorchScript(f);
    String name = file.substring(0, file.length() - 3);
    Model m = Model.newInstance(name, device, ENGINE);
    try {
      m.load(dir, name);
      return m;
    } catch (IOException | MalformedModelException | RuntimeException e) {
      m.close();
      throw new BadInputException(f + ": cannot load TorchScript: " + e.getMessage(), e);
    }
  }

  /**
   * Refuses a file that is not a TorchScript archive before the engine sees it: TorchScript ({@code
   * torch.jit.save}) writes a zip with a {@code code/} folder and {@code constants.pkl}; {@code
   * torch.save} of a {@code state_dict} or a pickled module writes a zip with only {@code data.pkl}
   * (or, in the legacy format, no zip at all).
   *
   * @param f the {@code .pt} file
   * @throws BadInputException naming the file and the export script
   */
  static void checkTorchScript(Path f) throws BadInputException {
    boolean zip;
    boolean code = false;
    try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(f.toFile())) {
      zip = true;
      var entries = z.entries();
      while (entries.hasMoreElements()) {
        String n = entries.nextElement().getName();
        if (n.contains("/code/") || n.endsWith("constants.pkl")) {
          code = true;
          break;
        }
      }
    } catch (java.util.zip.ZipException e) {
      zip = false;
    } catch (IOException e) {
      throw new BadInputException(f + ": cannot read (" + e.getMessage() + ")", e);
    }
    if (!zip || !code) {
      throw new BadInputException(
          f
              + ": not TorchScript ("
              + PyTorchFiles.inspect(f).description()
              + "); export the model with python3 "
              + dev.candela.Checkout.exportScript()
              + ", which writes encoder.pt and decoder.pt with torch.jit (docs/pytorch.md)");
    }
  }

  /**
   * A new base manager of the engine on a device.
   *
   * @param device the device
   * @return the manager
   */
  public static NDManager newManager(Device device) {
    return NDManager.newBaseManager(device, ENGINE);
  }
}
