package dev.candela.causal.graph;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import dev.candela.data.TextNumbers;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads graphs and score matrices from files. Formats, chosen by file extension:
 *
 * <ul>
 *   <li>{@code .json}: either {@code {"variables": ["A", ...], "edges": [["A", "B"], ...]}} (each
 *       pair is a directed edge A → B; an optional {@code "undirected": [["A", "C"], ...]} adds
 *       undirected edges), or {@code {"variables": [...], "adjacency": [[0, 1], [0, 0]]}}, or a
 *       bare matrix {@code [[0, 1], [0, 0]]};
 *   <li>{@code .mtx}: Matrix Market coordinate file ({@code pattern}, {@code integer} or {@code
 *       real}; {@code general}, or {@code symmetric} where each entry is mirrored); the 1-based
 *       entry {@code i j} or {@code i j 1} is the edge i → j and {@code i j 2} the undirected edge
 *       i — j of a CPDAG (gadjid's convention); as a score matrix any value is a score;
 *   <li>anything else: CSV adjacency matrix, optionally with a header row of names and, if the
 *       header starts with an empty cell (pandas {@code to_csv} style), a first column of row
 *       names.
 * </ul>
 *
 * <p>Without names the variables are {@code X0, X1, ...}. In the adjacency convention {@code
 * A[i][j] = 1} is i → j and {@code A[i][j] = A[j][i] = 1} is an undirected edge. Every error is a
 * {@link BadInputException} with one line naming the file and the offending value.
 */
public final class GraphIo {
  private static final ObjectMapper JSON = new ObjectMapper();

  private GraphIo() {}

  /**
   * Reads a graph (directed and undirected edges allowed).
   *
   * @param file the file
   * @return the graph
   * @throws BadInputException if the file is missing, malformed, not square, or has entries other
   *     than 0 and 1
   */
  public static Graph read(Path file) throws BadInputException {
    String ext = extension(file);
    try {
      if (ext.equals("json")) {
        JsonNode root = parseJson(file);
        if (root.isObject() && root.has("edges")) {
          return readEdgeJson(file, root);
        }
        if (isModelJson(root)) {
          return readModelJson(file, root);
        }
      }
      ScoreMatrix m = readMatrix(file);
      int[][] a =
          ext.equals("mtx") ? matrixMarketGraph(file, m.values()) : toBinary(file, m.values());
      return Graph.of(m.names(), a);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads a square matrix of scores (weights allowed), for example a predicted edge-probability
   * matrix; an edge-list JSON file yields its 0/1 adjacency matrix.
   *
   * @param file the file
   * @return the names and values
   * @throws BadInputException if the file is missing, malformed, not square or not finite
   */
  public static ScoreMatrix readMatrix(Path file) throws BadInputException {
    String ext = extension(file);
    try {
      ScoreMatrix m;
      if (ext.equals("json")) {
        m = readJsonMatrix(file, parseJson(file));
      } else if (ext.equals("mtx")) {
        m = readMatrixMarket(file);
      } else {
        m = readCsv(file);
      }
      double[][] v = m.values();
      for (int i = 0; i < v.length; i++) {
        for (int j = 0; j < v[i].length; j++) {
          if (!Double.isFinite(v[i][j])) {
            throw new BadInputException(
                file + ": entry [" + i + "][" + j + "] = " + v[i][j] + " is not finite");
          }
        }
      }
      return m;
    } catch (IllegalArgumentException e) {
      throw new BadInputException(file + ": " + e.getMessage(), e);
    }
  }

  private static String extension(Path file) {
    String s = file.getFileName() == null ? "" : file.getFileName().toString();
    int dot = s.lastIndexOf('.');
    return dot < 0 ? "" : s.substring(dot + 1).toLowerCase(Locale.ROOT);
  }

  private static int[][] toBinary(Path file, double[][] v) throws BadInputException {
    int[][] a = new int[v.length][];
    for (int i = 0; i < v.length; i++) {
      a[i] = new int[v[i].length];
      for (int j = 0; j < v[i].length; j++) {
        if (v[i][j] == 1.0) {
          a[i][j] = 1;
        } else if (v[i][j] != 0.0) {
          throw new BadInputException(
              file + ": adjacency entry [" + i + "][" + j + "] = " + v[i][j] + " is not 0 or 1");
        }
      }
    }
    return a;
  }

  /**
   * The adjacency of a Matrix Market graph: value 1 at (i, j) is i → j, value 2 is the undirected
   * edge i — j (gadjid's CPDAG files; either or both of (i, j), (j, i) may hold the 2).
   */
  private static int[][] matrixMarketGraph(Path file, double[][] v) throws BadInputException {
    int n = v.length;
    int[][] a = new int[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double x = v[i][j];
        if (x == 1.0) {
          a[i][j] = 1;
        } else if (x == 2.0 && i != j) {
          a[i][j] = 1;
          a[j][i] = 1;
        } else if (x != 0.0) {
          throw new BadInputException(
              file
                  + ": entry ("
                  + (i + 1)
                  + ", "
                  + (j + 1)
                  + ") = "
                  + x
                  + " is not 1 (edge i -> j) or 2 (undirected edge i -- j, i != j)");
        }
      }
    }
    return a;
  }

  private static JsonNode parseJson(Path file) throws BadInputException {
    try {
      return JSON.readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new BadInputException(
          file + ": invalid JSON: " + e.getOriginalMessage().replace('\n', ' '), e);
    } catch (IOException e) {
      throw ioError(file, e);
    }
  }

  private static BadInputException ioError(Path file, IOException e) {
    if (e instanceof NoSuchFileException || !Files.exists(file)) {
      return new BadInputException(file + ": no such file", e);
    }
    return new BadInputException(file + ": cannot read: " + e.getMessage(), e);
  }

  private static List<String> jsonNames(Path file, JsonNode root, int n) throws BadInputException {
    JsonNode vars = root.isObject() ? root.get("variables") : null;
    if (vars == null) {
      if (n < 0) {
        throw new BadInputException(file + ": missing \"variables\"");
      }
      return Dag.defaultNames(n);
    }
    if (!vars.isArray()) {
      throw new BadInputException(file + ": \"variables\" must be an array, got " + vars);
    }
    List<String> names = new ArrayList<>();
    for (JsonNode v : vars) {
      if (!v.isTextual()) {
        throw new BadInputException(file + ": variable name " + v + " is not a string");
      }
      names.add(v.asText());
    }
    return names;
  }

  /** A causal-model JSON ({@code "variables"} holding objects with names and parents). */
  private static boolean isModelJson(JsonNode root) {
    JsonNode vars = root.isObject() ? root.get("variables") : null;
    return vars != null && vars.isArray() && !vars.isEmpty() && vars.get(0).isObject();
  }

  /**
   * The DAG of a causal-model JSON file: one edge from each listed parent, hidden ones included.
   */
  private static Graph readModelJson(Path file, JsonNode root) throws BadInputException {
    List<String> names = new ArrayList<>();
    for (JsonNode v : root.get("variables")) {
      JsonNode name = v.get("name");
      if (!v.isObject() || name == null || !name.isTextual()) {
        throw new BadInputException(file + ": model variable " + v + " has no string \"name\"");
      }
      names.add(name.asText());
    }
    Map<String, Integer> idx = GraphSupport.indexNames(names);
    List<int[]> edges = new ArrayList<>();
    int child = 0;
    for (JsonNode v : root.get("variables")) {
      JsonNode ps = v.get("parents");
      if (ps != null && !ps.isArray()) {
        throw new BadInputException(
            file + ": \"parents\" of '" + names.get(child) + "' must be an array, got " + ps);
      }
      for (JsonNode p : ps == null ? List.<JsonNode>of() : ps) {
        Integer from = p.isTextual() ? idx.get(p.asText()) : null;
        if (from == null) {
          throw new BadInputException(
              file + ": variable '" + names.get(child) + "' has unknown parent " + p);
        }
        edges.add(new int[] {from, child});
      }
      child++;
    }
    return Graph.fromEdges(names, edges.toArray(new int[0][]), new int[0][]);
  }

  private static Graph readEdgeJson(Path file, JsonNode root) throws BadInputException {
    List<String> names = jsonNames(file, root, -1);
    Map<String, Integer> idx = GraphSupport.indexNames(names);
    int[][] directed = jsonPairs(file, root.get("edges"), "edges", idx);
    JsonNode und = root.get("undirected");
    int[][] undirected = und == null ? new int[0][] : jsonPairs(file, und, "undirected", idx);
    return Graph.fromEdges(names, directed, undirected);
  }

  private static int[][] jsonPairs(Path file, JsonNode arr, String key, Map<String, Integer> idx)
      throws BadInputException {
    if (!arr.isArray()) {
      throw new BadInputException(file + ": \"" + key + "\" must be an array, got " + arr);
    }
    int[][] out = new int[arr.size()][];
    int k = 0;
    for (JsonNode e : arr) {
      if (!e.isArray() || e.size() != 2 || !e.get(0).isTextual() || !e.get(1).isTextual()) {
        throw new BadInputException(
            file + ": each of \"" + key + "\" must be a pair of names, got " + e);
      }
      Integer a = idx.get(e.get(0).asText());
      Integer b = idx.get(e.get(1).asText());
      if (a == null || b == null) {
        String bad = a == null ? e.get(0).asText() : e.get(1).asText();
        throw new BadInputException(file + ": edge " + e + " names unknown variable '" + bad + "'");
      }
      out[k++] = new int[] {a, b};
    }
    return out;
  }

  private static ScoreMatrix readJsonMatrix(Path file, JsonNode root) throws BadInputException {
    if (root.isObject() && root.has("edges")) {
      Graph g = readEdgeJson(file, root);
      int[][] a = g.adjacencyMatrix();
      double[][] v = new double[a.length][a.length];
      for (int i = 0; i < a.length; i++) {
        for (int j = 0; j < a.length; j++) {
          v[i][j] = a[i][j];
        }
      }
      return new ScoreMatrix(g.names(), v);
    }
    JsonNode mat = root.isObject() ? root.get("adjacency") : root;
    if (mat == null || !mat.isArray()) {
      throw new BadInputException(
          file + ": expected {\"variables\", \"edges\"}, {\"adjacency\"} or a matrix array");
    }
    int n = mat.size();
    double[][] v = new double[n][];
    for (int i = 0; i < n; i++) {
      JsonNode row = mat.get(i);
      if (!row.isArray()) {
        throw new BadInputException(file + ": matrix row " + i + " is not an array: " + row);
      }
      v[i] = new double[row.size()];
      for (int j = 0; j < row.size(); j++) {
        JsonNode c = row.get(j);
        if (c.isBoolean()) {
          v[i][j] = c.booleanValue() ? 1 : 0;
        } else if (c.isNumber()) {
          v[i][j] = c.doubleValue();
        } else {
          throw new BadInputException(
              file + ": matrix entry [" + i + "][" + j + "] = " + c + " is not a number");
        }
      }
      if (v[i].length != n) {
        throw new BadInputException(
            file + ": matrix row " + i + " has " + v[i].length + " entries, expected " + n);
      }
    }
    List<String> names = jsonNames(file, root, n);
    if (names.size() != n) {
      throw new BadInputException(
          file + ": " + names.size() + " variables but the matrix is " + n + "x" + n);
    }
    return new ScoreMatrix(names, v);
  }

  private static ScoreMatrix readMatrixMarket(Path file) throws BadInputException {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String header = r.readLine();
      if (header == null || !header.toLowerCase(Locale.ROOT).startsWith("%%matrixmarket")) {
        throw new BadInputException(file + ": missing %%MatrixMarket header");
      }
      String[] h = header.trim().toLowerCase(Locale.ROOT).split("\\s+");
      if (h.length < 5 || !h[1].equals("matrix") || !h[2].equals("coordinate")) {
        throw new BadInputException(
            file + ": only 'matrix coordinate' Matrix Market files are supported, got: " + header);
      }
      boolean pattern = h[3].equals("pattern");
      if (!pattern && !h[3].equals("integer") && !h[3].equals("real")) {
        throw new BadInputException(file + ": unsupported Matrix Market field '" + h[3] + "'");
      }
      boolean symmetric = h[4].equals("symmetric");
      if (!symmetric && !h[4].equals("general")) {
        throw new BadInputException(
            file
                + ": unsupported Matrix Market symmetry '"
                + h[4]
                + "' (need general or symmetric)");
      }
      String line;
      int lineNo = 1;
      int n = -1;
      double[][] v = null;
      int entries = 0;
      int expected = 0;
      while ((line = r.readLine()) != null) {
        lineNo++;
        String t = line.trim();
        if (t.isEmpty() || t.startsWith("%")) {
          continue;
        }
        String[] f = t.split("\\s+");
        if (v == null) {
          if (f.length != 3) {
            throw new BadInputException(file + ": line " + lineNo + ": bad size line '" + t + "'");
          }
          int rows = TextNumbers.parseInt(file, lineNo, f[0]);
          int cols = TextNumbers.parseInt(file, lineNo, f[1]);
          expected = TextNumbers.parseInt(file, lineNo, f[2]);
          if (rows != cols) {
            throw new BadInputException(
                file + ": matrix is " + rows + "x" + cols + ", an adjacency must be square");
          }
          n = rows;
          v = new double[n][n];
          continue;
        }
        if (f.length != (pattern ? 2 : 3)) {
          throw new BadInputException(file + ": line " + lineNo + ": bad entry '" + t + "'");
        }
        int i = TextNumbers.parseInt(file, lineNo, f[0]);
        int j = TextNumbers.parseInt(file, lineNo, f[1]);
        if (i < 1 || i > n || j < 1 || j > n) {
          throw new BadInputException(
              file + ": line " + lineNo + ": entry (" + i + ", " + j + ") outside 1.." + n);
        }
        v[i - 1][j - 1] = pattern ? 1.0 : TextNumbers.parseDouble(file, lineNo, f[2]);
        if (symmetric) {
          v[j - 1][i - 1] = v[i - 1][j - 1];
        }
        entries++;
      }
      if (v == null) {
        throw new BadInputException(file + ": missing Matrix Market size line");
      }
      if (entries != expected) {
        throw new BadInputException(
            file + ": size line announces " + expected + " entries, found " + entries);
      }
      return new ScoreMatrix(Dag.defaultNames(n), v);
    } catch (IOException e) {
      throw ioError(file, e);
    }
  }

  private static ScoreMatrix readCsv(Path file) throws BadInputException {
    List<String[]> rows = new ArrayList<>();
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      while ((line = r.readLine()) != null) {
        if (!line.isBlank()) {
          String[] cells = line.split(",", -1);
          for (int k = 0; k < cells.length; k++) {
            cells[k] = unquote(cells[k].trim());
          }
          rows.add(cells);
        }
      }
    } catch (IOException e) {
      throw ioError(file, e);
    }
    if (rows.isEmpty()) {
      throw new BadInputException(file + ": empty file");
    }
    List<String> names = null;
    boolean rowNames = false;
    String[] first = rows.get(0);
    if (!allNumeric(first, 0)) {
      rowNames = first[0].isEmpty();
      names = new ArrayList<>();
      for (int k = rowNames ? 1 : 0; k < first.length; k++) {
        names.add(first[k]);
      }
      rows.remove(0);
    }
    int n = rows.size();
    double[][] v = new double[n][];
    for (int i = 0; i < n; i++) {
      String[] cells = rows.get(i);
      int off = rowNames ? 1 : 0;
      if (cells.length - off != n) {
        throw new BadInputException(
            file
                + ": row "
                + (i + 1)
                + " has "
                + (cells.length - off)
                + " values but the matrix has "
                + n
                + " rows (must be square)");
      }
      v[i] = new double[n];
      for (int j = 0; j < n; j++) {
        v[i][j] = TextNumbers.parseDouble(file, i + 1, cells[j + off]);
      }
    }
    if (names == null) {
      names = Dag.defaultNames(n);
    } else if (names.size() != n) {
      throw new BadInputException(
          file + ": header names " + names.size() + " variables but the matrix has " + n + " rows");
    }
    return new ScoreMatrix(names, v);
  }

  private static boolean allNumeric(String[] cells, int from) {
    for (int k = from; k < cells.length; k++) {
      try {
        Double.parseDouble(cells[k]);
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return true;
  }

  private static String unquote(String s) {
    if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
      return s.substring(1, s.length() - 1);
    }
    return s;
  }
}
