package dev.candela.model.hosting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import dev.candela.BadSettingException;
import dev.candela.CandelaException;
import dev.candela.Setting;
import dev.candela.SettingError;
import dev.candela.SettingText;
import dev.candela.model.arch.Architectures;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * The plain-PyTorch anchor of the model benchmarks: a Python process (any Python with torch) that
 * runs the same network shapes as Candela's {@value Architectures#DL_CONV64} VAE and {@value
 * Architectures#CLASSIFIER} classifier with {@code torch.nn} on the same device, and times them on
 * request, so that a benchmark can interleave its own timings with the anchor's in one run and
 * print the ratio. The script is the class-path resource {@code torch-anchor.py} beside this class
 * (its docstring gives the protocol); it runs with the engine's intra-op thread count.
 */
public final class TorchAnchor implements AutoCloseable {
  /** The script's resource name. */
  public static final String SCRIPT = "torch-anchor.py";

  private final Process process;
  private final BufferedReader out;
  private final Writer in;
  private final Path script;
  private final StringBuilder err = new StringBuilder();
  private final String description;
  private final ObjectMapper json = new ObjectMapper();

  private TorchAnchor(Process process, Path script) throws CandelaException {
    this.process = process;
    this.script = script;
    this.out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    Thread drain = new Thread(() -> drain(process.getErrorStream()), "torch-anchor-stderr");
    drain.setDaemon(true);
    drain.start();
    JsonNode hello = readLine("start");
    this.description =
        String.format(
            Locale.ROOT,
            "PyTorch %s on %s%s, %d thread(s)",
            hello.get("torch").asText(),
            hello.get("device").asText(),
            hello.get("gpu").isNull() ? "" : " (" + hello.get("gpu").asText() + ")",
            hello.get("threads").asInt());
  }

  /**
   * Starts the anchor.
   *
   * @param python a Python interpreter with torch
   * @param device the device Candela measures on (CPU, or GPU K as {@code cuda:K})
   * @param latentDim D of the networks
   * @param channels C of the images
   * @param factorSizes the classifier's factor sizes (its outputs are their sum)
   * @param classifierHidden units of the classifier's hidden dense layer ({@code conv3-fc256}: 256;
   *     0 for {@code conv3-fc})
   * @return the running anchor; close it
   * @throws BadInputException when the Python does not start or has no torch
   * @throws CandelaException when the script cannot be written
   */
  public static TorchAnchor start(
      Path python,
      ComputeDevice device,
      int latentDim,
      int channels,
      int[] factorSizes,
      int classifierHidden)
      throws CandelaException {
    Path script;
    try (InputStream s = TorchAnchor.class.getResourceAsStream(SCRIPT)) {
      if (s == null) {
        throw new IllegalStateException("resource " + SCRIPT + " is missing from the class path");
      }
      script = Files.createTempFile("candela-torch-anchor", ".py");
      script.toFile().deleteOnExit();
      Files.copy(s, script, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new CandelaException("cannot write the torch anchor script: " + e.getMessage(), e);
    }
    int threads = engineThreads();
    StringJoiner sizes = new StringJoiner(",");
    for (int k : factorSizes) {
      sizes.add(Integer.toString(k));
    }
    List<String> cmd =
        new ArrayList<>(
            List.of(
                python.toString(),
                script.toString(),
                "--device",
                device.gpu() ? "cuda:" + device.index() : "cpu",
                "--latent-dim",
                Integer.toString(latentDim),
                "--channels",
                Integer.toString(channels),
                "--factor-sizes",
                sizes.toString(),
                "--classifier-hidden",
                Integer.toString(classifierHidden)));
    if (threads > 0) {
      cmd.addAll(List.of("--threads", Integer.toString(threads)));
    }
    ProcessBuilder pb = new ProcessBuilder(cmd);
    if (threads > 0) {
      pb.environment().put("OMP_NUM_THREADS", Integer.toString(threads));
    }
    try {
      Process p = pb.start();
      // a killed benchmark's anchor ends with it (it also ends when its standard input closes)
      Runtime.getRuntime().addShutdownHook(new Thread(p::destroy, "torch-anchor-stop"));
      return new TorchAnchor(p, script);
    } catch (IOException e) {
      deleteQuietly(script);
      throw new BadSettingException(
          SettingText.of(
              Setting.ANCHOR_PYTHON, " " + python + ": cannot run it (" + e.getMessage() + ")"),
          e);
    } catch (CandelaException e) {
      deleteQuietly(script);
      throw new BadSettingException(
          SettingText.of(Setting.ANCHOR_PYTHON, " " + python + ": ", SettingError.of(e)), e);
    }
  }

  /** The engine's intra-op threads (the anchor uses as many), or -1 when unknown. */
  static int engineThreads() {
    return dev.candela.model.engine.EngineInfo.current().threads();
  }

  /**
   * The anchor's torch, device and threads.
   *
   * @return one line
   */
  public String description() {
    return description;
  }

  /**
   * Inference throughput of one workload at one batch size (after one warm-up call).
   *
   * @param op {@code encode} (encoder means), {@code decode} (decoder + sigmoid) or {@code cg}
   *     (decoder + sigmoid + classifier + per-factor softmax)
   * @param batch images per call
   * @param seconds time to measure
   * @return images per second
   * @throws CandelaException when the anchor fails
   */
  public double imagesPerSecond(String op, int batch, double seconds) throws CandelaException {
    return request(
        String.format(
            Locale.ROOT, "{\"op\": \"%s\", \"batch\": %d, \"seconds\": %s}", op, batch, seconds));
  }

  /**
   * Training throughput: beta-VAE steps with Adam (lr 1e-3) at a batch size, timed after the first
   * two.
   *
   * @param batch the batch size
   * @param steps steps (at least 3)
   * @return images per second
   * @throws CandelaException when the anchor fails
   */
  public double trainImagesPerSecond(int batch, int steps) throws CandelaException {
    return request(
        String.format(
            Locale.ROOT, "{\"op\": \"train\", \"batch\": %d, \"steps\": %d}", batch, steps));
  }

  private double request(String line) throws CandelaException {
    try {
      in.write(line + "\n");
      in.flush();
    } catch (IOException e) {
      throw new CandelaException("torch anchor: " + e.getMessage() + lastError(), e);
    }
    return readLine(line).get("imagesPerSecond").asDouble();
  }

  private JsonNode readLine(String what) throws CandelaException {
    try {
      String l = out.readLine();
      if (l == null) {
        throw new CandelaException("torch anchor stopped during " + what + lastError());
      }
      return json.readTree(l);
    } catch (IOException e) {
      throw new CandelaException("torch anchor: " + e.getMessage() + lastError(), e);
    }
  }

  private String lastError() {
    try {
      process.waitFor(2, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (err) {
      String last = err.toString().strip().lines().reduce((a, b) -> b).orElse("");
      return last.isEmpty() ? "" : " (" + last + ")";
    }
  }

  private void drain(InputStream s) {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(s, StandardCharsets.UTF_8))) {
      String l;
      while ((l = r.readLine()) != null) {
        synchronized (err) {
          err.append(l).append('\n');
        }
      }
    } catch (IOException e) {
      // the process ended
    }
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      // a temporary file
    }
  }

  @Override
  public void close() {
    try {
      in.close();
      if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroy();
      }
    } catch (IOException e) {
      process.destroy();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroy();
    } finally {
      deleteQuietly(script);
    }
  }
}
