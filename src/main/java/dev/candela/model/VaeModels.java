package dev.candela.model;

import ai.djl.Device;
import ai.djl.MalformedModelException;
import ai.djl.Model;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Block;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
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
  public static VaeModel load(Path dir, Device device) throws CandelaException {
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
  public static VaeModel load(Path dir, Device device, int batchSize) throws CandelaException {
    ModelCard card = ModelCard.read(dir);
    if (!card.kind().equals("vae")) {
      throw new BadInputException(
          dir.resolve(ModelCard.FILE) + ": kind is " + card.kind() + ", not vae");
    }
    card.verifyWeights(dir);
    if (card.format().equals("torchscript")) {
      Model enc = loadTorchScript(dir, ENCODER_PT, device);
      Model dec;
      try {
        dec = loadTorchScript(dir, DECODER_PT, device);
      } catch (CandelaException e) {
        enc.close();
        throw e;
      }
      return new HostedVae(card, enc.getBlock(), dec.getBlock(), device, batchSize, enc, dec);
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
      m = loadDjl(dir, DJL_VAE_PREFIX, block, device);
    } catch (BadInputException e) {
      if (!Architectures.isUpsampling(card.architecture())) {
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
    return new HostedVae(card, block.encoder(), block.decoder(), device, batchSize, m);
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
      int latentDim, int channels, Device device, long seed, int batchSize) {
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
      String architecture, int latentDim, int channels, Device device, long seed, int batchSize) {
    ModelCard.Shape in = Architectures.vaeInput(architecture, channels);
    ai.djl.engine.Engine.getEngine(ENGINE).setRandomSeed((int) seed);
    VaeBlock block = new VaeBlock(architecture, latentDim, channels);
    Model m = Model.newInstance(DJL_VAE_PREFIX, device, ENGINE);
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
    return new HostedVae(card, block.encoder(), block.decoder(), device, batchSize, m);
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
  static Model loadDjl(Path dir, String prefix, Block block, Device device)
      throws BadInputException {
    Model m = Model.newInstance(prefix, device, ENGINE);
    m.setBlock(block);
    try {
      m.load(dir, prefix);
      return m;
    } catch (IOException | MalformedModelException | RuntimeException e) {
      m.close();
      throw new BadInputException(
          dir.resolve(prefix + "-0000.params") + ": cannot load DJL parameters: " + e.getMessage(),
          e);
    }
  }

  private static Model loadTorchScript(Path dir, String file, Device device)
      throws BadInputException {
    Path f = dir.resolve(file);
    if (!Files.isRegularFile(f)) {
      throw new BadInputException(
          f + ": TorchScript file missing (expected encoder.pt + decoder.pt)");
    }
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
   * A new base manager of the engine on a device.
   *
   * @param device the device
   * @return the manager
   */
  static NDManager newManager(Device device) {
    return NDManager.newBaseManager(device, ENGINE);
  }
}
