package dev.candela.model.engine;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Setting;
import dev.candela.SettingChecks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Compiles DJL's PyTorch JNI ({@code libdjl_torch.so}) from its C++ sources against the torch of a
 * Python interpreter, CPU or CUDA, and writes the environment that makes DJL (and so every Candela
 * command) run on that torch offline.
 *
 * <p>Output folder: {@code lib/} holds {@code libdjl_torch.so} and symbolic links to torch's {@code
 * libc10}, {@code libtorch}, {@code libtorch_cpu} (and {@code libc10_cuda}, {@code libtorch_cuda});
 * {@code engine.env} sets {@code PYTORCH_LIBRARY_PATH} to it, {@code PYTORCH_VERSION}, {@code
 * PYTORCH_FLAVOR}, {@code LD_LIBRARY_PATH} (torch's {@code lib} and pip's {@code nvidia/*}/lib)
 * and, for CUDA, {@code -Djna.library.path} in {@code CANDELA_JAVA_OPTS} (DJL counts GPUs through
 * {@code libcudart} loaded with JNA); {@code build/} holds the (patched) sources, objects and
 * compiler logs; {@code build.key} the SHA-256 of every input (sources, torch, compiler, flags), so
 * that a second build with the same inputs only rewrites {@code engine.env}.
 *
 * <p>Compile: {@code torch/torch.h} precompiled once, then one {@code g++ -O2 -fPIC -std=c++17
 * -D_GLIBCXX_USE_CXX11_ABI=0|1} per source file, {@code jobs} at a time (for torch 1.x with the
 * version macros DJL's own build defines, {@link #versionMacros}), with torch's include folders,
 * the sources' {@code include/} and the JDK's {@code include/}; the precompiled header and the
 * objects are deleted after linking; link {@code -shared} against {@code torch}, {@code torch_cpu},
 * {@code c10} (and {@code torch_cuda}, {@code c10_cuda} with {@code --no-as-needed}). Sources for
 * torch 2.4 and newer are edited first ({@link JniSources}).
 */
public final class JniBuild {
  private JniBuild() {}

  /** The JNI library's file name. */
  public static final String LIBRARY = "libdjl_torch.so";

  /** The environment file's name. */
  public static final String ENV_FILE = "engine.env";

  /** The cache key file's name. */
  public static final String KEY_FILE = "build.key";

  private static final String JNI_PREFIX = "Java_ai_djl_pytorch_jni_PyTorchLibrary_";

  /**
   * A finished build.
   *
   * @param out the output folder
   * @param library the JNI library
   * @param envFile the environment file
   * @param torch the torch it was built against
   * @param sources the number of compiled source files
   * @param exported JNI functions the library exports (-1 when {@code nm} is missing)
   * @param declared JNI functions the header declares
   * @param cached true when the library of an earlier build with the same inputs was kept
   * @param seconds wall time of the build
   */
  public record Result(
      Path out,
      Path library,
      Path envFile,
      TorchInstall torch,
      int sources,
      int exported,
      int declared,
      boolean cached,
      double seconds) {}

  /**
   * Builds the JNI, or keeps the one in {@code out} when its inputs are unchanged.
   *
   * @param torch the torch to build against ({@link TorchInstall#probe})
   * @param djlSource DJL's PyTorch JNI sources: {@code src/*.cc|h} and {@code include/} with {@code
   *     ai_djl_pytorch_jni_PyTorchLibrary.h} and {@code djl/utils.h}
   * @param out the output folder (created)
   * @param jobs parallel compiler processes (at least 1)
   * @param log progress lines
   * @return the build
   * @throws BadInputException when the sources, the compiler or the JDK headers are missing or a
   *     file does not compile (the message names the file and the compiler's first error)
   * @throws CandelaException on I/O failure
   */
  public static Result build(
      TorchInstall torch, Path djlSource, Path out, int jobs, Consumer<String> log)
      throws CandelaException {
    SettingChecks.atLeast(jobs, 1, Setting.JOBS);
    long t0 = System.nanoTime();
    Path src = djlSource.resolve("src");
    Path inc = djlSource.resolve("include");
    Path header = inc.resolve("ai_djl_pytorch_jni_PyTorchLibrary.h");
    if (!Files.isDirectory(src) || !Files.isRegularFile(header)) {
      throw new BadInputException(
          djlSource
              + ": not DJL's PyTorch JNI sources (expected src/*.cc and"
              + " include/ai_djl_pytorch_jni_PyTorchLibrary.h)");
    }
    if (!Files.isRegularFile(torch.libDir().resolve("libtorch.so"))) {
      throw new BadInputException(
          torch.python() + ": torch's lib folder " + torch.libDir() + " has no libtorch.so");
    }
    String cxx = System.getenv().getOrDefault("CXX", "g++");
    String compiler = compilerVersion(cxx);
    Path jdkInclude = Path.of(System.getProperty("java.home")).resolve("include");
    if (!Files.isRegularFile(jdkInclude.resolve("jni.h"))) {
      throw new BadInputException(
          jdkInclude + ": no jni.h; run Candela with a JDK (not a JRE) to build the JNI");
    }
    boolean modern = torch.atLeast(2, 4);
    boolean cuda = torch.cuda();
    List<String> flags =
        new ArrayList<>(
            List.of(
                "-O2",
                "-fPIC",
                "-std=c++17",
                "-w",
                "-D_GLIBCXX_USE_CXX11_ABI=" + (torch.cxx11Abi() ? 1 : 0)));
    flags.addAll(versionMacros(torch));
    try {
      List<Path> files = listSources(src, inc);
      String key = key(files, djlSource, torch, compiler, flags);
      Path lib = out.resolve("lib");
      Path library = lib.resolve(LIBRARY);
      Path keyFile = out.resolve(KEY_FILE);
      int declared = declared(header);
      if (Files.isRegularFile(library)
          && Files.isRegularFile(keyFile)
          && Files.readString(keyFile).strip().equals(key)) {
        linkTorch(torch, lib);
        Path env = writeEnv(torch, out);
        log.accept("kept " + library + " (inputs unchanged, " + KEY_FILE + ")");
        return new Result(
            out,
            library,
            env,
            torch,
            countCc(files),
            exported(library),
            declared,
            true,
            (System.nanoTime() - t0) / 1e9);
      }
      Path build = out.resolve("build");
      dev.candela.AtomicFiles.deleteTree(build);
      Files.createDirectories(build);
      Files.deleteIfExists(keyFile);
      // copy (and for torch >= 2.4 edit) every source and header
      List<Path> units = new ArrayList<>();
      for (Path f : files) {
        Path rel = djlSource.relativize(f);
        Path dst = build.resolve(rel.toString());
        Files.createDirectories(dst.getParent());
        String text = Files.readString(f, StandardCharsets.UTF_8);
        Files.writeString(
            dst, JniSources.patch(rel.toString(), text, modern), StandardCharsets.UTF_8);
        if (rel.toString().endsWith(".cc")) {
          units.add(dst);
        }
      }
      List<String> includes = new ArrayList<>();
      for (Path p : torch.includeDirs()) {
        includes.add("-I" + p);
      }
      includes.add("-I" + build.resolve("include"));
      includes.add("-I" + build.resolve("src"));
      includes.add("-I" + jdkInclude);
      includes.add("-I" + jdkInclude.resolve("linux"));
      log.accept(
          "compiling "
              + units.size()
              + " files against torch "
              + torch.version()
              + " ("
              + torch.flavour()
              + (modern ? ", sources edited for torch >= 2.4" : ", sources unchanged")
              + ") with "
              + jobs
              + " job(s)");
      List<String> pch = precompileTorchHeader(cxx, flags, includes, build, log);
      List<String> unitFlags = new ArrayList<>(flags);
      unitFlags.addAll(pch);
      List<Path> objects = compile(cxx, unitFlags, includes, units, jobs, log);
      Files.createDirectories(lib);
      List<String> link = new ArrayList<>(List.of(cxx, "-shared", "-o", library.toString()));
      objects.forEach(o -> link.add(o.toString()));
      link.addAll(
          List.of(
              "-L" + torch.libDir(),
              "-Wl,-rpath," + torch.libDir(),
              "-ltorch",
              "-ltorch_cpu",
              "-lc10"));
      if (cuda) {
        link.addAll(List.of("-Wl,--no-as-needed", "-ltorch_cuda", "-lc10_cuda", "-Wl,--as-needed"));
      }
      run(link, build.resolve("link.log"), LIBRARY);
      dev.candela.AtomicFiles.deleteTree(build.resolve("pch"));
      for (Path o : objects) {
        Files.deleteIfExists(o);
      }
      int exported = exported(library);
      if (exported >= 0 && exported < declared) {
        throw new CandelaException(
            library
                + ": exports "
                + exported
                + " of the "
                + declared
                + " JNI functions "
                + header.getFileName()
                + " declares");
      }
      linkTorch(torch, lib);
      Path env = writeEnv(torch, out);
      Files.writeString(keyFile, key + "\n");
      return new Result(
          out,
          library,
          env,
          torch,
          units.size(),
          exported,
          declared,
          false,
          (System.nanoTime() - t0) / 1e9);
    } catch (IOException e) {
      throw new CandelaException(out + ": " + e.getMessage(), e);
    }
  }

  /**
   * The version macros DJL's own build defines for torch 1.x: {@code V1_13_X} for every 1.x ({@code
   * c10::variant}), {@code V1_11_X} up to 1.11, {@code V1_10_X} for 1.10 and older.
   */
  static List<String> versionMacros(TorchInstall torch) {
    List<String> m = new ArrayList<>();
    if (!torch.atLeast(2, 0)) {
      m.add("-DV1_13_X");
      if (!torch.atLeast(1, 12)) {
        m.add("-DV1_11_X");
      }
      if (!torch.atLeast(1, 11)) {
        m.add("-DV1_10_X");
      }
    }
    return m;
  }

  private static List<Path> listSources(Path src, Path inc) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path dir : List.of(src, inc)) {
      try (Stream<Path> s = Files.walk(dir)) {
        s.filter(Files::isRegularFile)
            .filter(p -> p.toString().endsWith(".cc") || p.toString().endsWith(".h"))
            .sorted()
            .forEach(files::add);
      }
    }
    return files;
  }

  private static int countCc(List<Path> files) {
    return (int) files.stream().filter(p -> p.toString().endsWith(".cc")).count();
  }

  /** SHA-256 over the sources, torch, the compiler, the flags and the edits' revision. */
  private static String key(
      List<Path> files, Path root, TorchInstall torch, String compiler, List<String> flags)
      throws IOException {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (Path f : files) {
        md.update(root.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        md.update(Files.readAllBytes(f));
        md.update((byte) 0);
      }
      String facts =
          String.join(
              "\n",
              torch.version(),
              String.valueOf(torch.cudaVersion()),
              torch.libDir().toString(),
              torch.includeDirs().toString(),
              String.valueOf(torch.cxx11Abi()),
              String.valueOf(torch.cuda()),
              compiler,
              flags.toString(),
              "edits " + JniSources.REVISION);
      md.update(facts.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String compilerVersion(String cxx) throws CandelaException {
    try {
      Process p = new ProcessBuilder(cxx, "--version").redirectErrorStream(true).start();
      String first =
          new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
              .lines()
              .findFirst()
              .orElse("");
      if (p.waitFor() != 0) {
        throw new BadInputException(cxx + ": the C++ compiler does not run (" + first + ")");
      }
      return first;
    } catch (IOException e) {
      throw new BadInputException(
          cxx + ": no C++ compiler (install g++, or set CXX to one): " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CandelaException("interrupted", e);
    }
  }

  private static List<Path> compile(
      String cxx,
      List<String> flags,
      List<String> includes,
      List<Path> units,
      int jobs,
      Consumer<String> log)
      throws CandelaException {
    ExecutorService pool = Executors.newFixedThreadPool(jobs);
    try {
      List<Future<Path>> futures = new ArrayList<>();
      for (Path unit : units) {
        futures.add(
            pool.submit(
                () -> {
                  String name = unit.getFileName().toString();
                  Path obj = unit.resolveSibling(name.substring(0, name.length() - 3) + ".o");
                  List<String> cmd = new ArrayList<>();
                  cmd.add(cxx);
                  cmd.addAll(flags);
                  cmd.addAll(includes);
                  cmd.addAll(List.of("-c", unit.toString(), "-o", obj.toString()));
                  run(cmd, unit.resolveSibling(name + ".log"), unit.toString());
                  log.accept("compiled " + name);
                  return obj;
                }));
      }
      List<Path> objects = new ArrayList<>();
      for (Future<Path> f : futures) {
        objects.add(f.get());
      }
      return objects;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof CandelaException c) {
        throw c;
      }
      throw new CandelaException("compile failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CandelaException("interrupted while compiling", e);
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Precompiles {@code torch/torch.h}, which every source includes and which is most of each file's
   * compile time, into {@code build/pch/torch/torch.h.gch}; returns the flags that make each unit
   * use it ({@code -I build/pch -include torch/torch.h}), or none when it does not build (the units
   * then parse the header themselves). A {@code torch.h} stand-in beside the {@code .gch} forwards
   * with {@code #include_next}: GCC uses a precompiled header once per unit and otherwise reads the
   * file it stands beside, so the units that include {@code <torch/torch.h>} again need one.
   */
  private static List<String> precompileTorchHeader(
      String cxx, List<String> flags, List<String> includes, Path build, Consumer<String> log)
      throws IOException {
    Path header = null;
    for (String inc : includes) {
      Path h = Path.of(inc.substring(2)).resolve("torch").resolve("torch.h");
      if (Files.isRegularFile(h) && inc.contains("csrc")) {
        header = h;
        break;
      }
    }
    if (header == null) {
      return List.of();
    }
    Path gch = build.resolve("pch").resolve("torch").resolve("torch.h.gch");
    Files.createDirectories(gch.getParent());
    List<String> cmd = new ArrayList<>();
    cmd.add(cxx);
    cmd.addAll(flags);
    cmd.addAll(includes);
    cmd.addAll(List.of("-x", "c++-header", header.toString(), "-o", gch.toString()));
    log.accept("precompiling torch/torch.h");
    try {
      run(cmd, build.resolve("pch.log"), "torch/torch.h");
    } catch (CandelaException e) {
      log.accept("no precompiled header (" + e.getMessage() + "); compiling without");
      Files.deleteIfExists(gch);
      return List.of();
    }
    // A source that includes torch/torch.h itself finds this directory first, where GCC cannot use
    // the .gch a second time and reads the header beside it: a stand-in that forwards to the real
    // header (already loaded, so nothing is parsed twice).
    Files.writeString(
        gch.resolveSibling("torch.h"),
        "// Candela: stand-in beside torch.h.gch, see JniBuild\n"
            + "#pragma once\n#include_next <torch/torch.h>\n",
        StandardCharsets.UTF_8);
    return List.of("-I" + build.resolve("pch"), "-include", "torch/torch.h");
  }

  /** Runs a compiler command; its output goes to {@code logFile}; failure names the first error. */
  private static void run(List<String> cmd, Path logFile, String what) throws CandelaException {
    try {
      Process p =
          new ProcessBuilder(cmd)
              .redirectErrorStream(true)
              .redirectOutput(logFile.toFile())
              .start();
      p.getOutputStream().close();
      int rc = p.waitFor();
      if (rc != 0) {
        String first =
            Files.readAllLines(logFile).stream()
                .filter(l -> l.contains("error"))
                .findFirst()
                .orElse("exit code " + rc);
        throw new BadInputException(
            what + ": does not compile: " + first + " (log: " + logFile + ")");
      }
    } catch (IOException e) {
      throw new CandelaException(what + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CandelaException("interrupted", e);
    }
  }

  /** JNI functions the header declares. */
  private static int declared(Path header) throws IOException {
    int n = 0;
    for (String line : Files.readAllLines(header)) {
      if (line.contains("JNICALL " + JNI_PREFIX)) {
        n++;
      }
    }
    return n;
  }

  /** JNI functions the library exports ({@code nm -D --defined-only}), -1 without nm. */
  private static int exported(Path library) {
    try {
      Process p = new ProcessBuilder("nm", "-D", "--defined-only", library.toString()).start();
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      p.getErrorStream().readAllBytes();
      if (p.waitFor() != 0) {
        return -1;
      }
      return (int) out.lines().filter(l -> l.contains(" T " + JNI_PREFIX)).count();
    } catch (IOException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  /** Links torch's libraries that DJL loads from {@code PYTORCH_LIBRARY_PATH} into {@code lib}. */
  private static void linkTorch(TorchInstall torch, Path lib) throws IOException {
    List<String> names = new ArrayList<>(List.of("libc10.so", "libtorch.so", "libtorch_cpu.so"));
    if (torch.cuda()) {
      names.addAll(List.of("libc10_cuda.so", "libtorch_cuda.so"));
    }
    for (String n : names) {
      Path target = torch.libDir().resolve(n);
      Path link = lib.resolve(n);
      Files.deleteIfExists(link);
      if (Files.exists(target)) {
        Files.createSymbolicLink(link, target);
      }
    }
  }

  /**
   * Writes {@code engine.env}: the variables to {@code source} before running Candela on this
   * torch.
   */
  private static Path writeEnv(TorchInstall torch, Path out) throws IOException {
    Path lib = out.resolve("lib").toAbsolutePath();
    List<String> ld = new ArrayList<>();
    ld.add(torch.libDir().toString());
    torch.nvidiaLibDirs().forEach(p -> ld.add(p.toString()));
    StringBuilder s = new StringBuilder();
    s.append("# Written by `candela engine build-jni`: DJL's PyTorch JNI built against\n")
        .append("# torch ")
        .append(torch.version())
        .append(" (")
        .append(torch.flavour())
        .append(") of ")
        .append(torch.python())
        .append(".\n# Use: source ")
        .append(out.toAbsolutePath().resolve(ENV_FILE))
        .append(" && ./candela engine info\n")
        .append("export PYTORCH_LIBRARY_PATH=")
        .append(quote(lib.toString()))
        .append('\n')
        .append("export PYTORCH_VERSION=")
        .append(torch.release())
        .append('\n')
        .append("export PYTORCH_FLAVOR=")
        .append(torch.flavour())
        .append('\n')
        .append("export LD_LIBRARY_PATH=")
        .append(quote(String.join(":", ld)))
        .append("${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\n");
    if (torch.cuda() && torch.cudartDir() != null) {
      s.append("export CANDELA_JAVA_OPTS=")
          .append(quote("-Djna.library.path=" + torch.cudartDir()))
          .append("\"${CANDELA_JAVA_OPTS:+ $CANDELA_JAVA_OPTS}\"\n");
    }
    Path env = out.resolve(ENV_FILE);
    dev.candela.AtomicFiles.writeString(env, s.toString());
    return env;
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }
}
