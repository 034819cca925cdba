package dev.candela.data;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.NumberInput;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.candela.BadInputException;
import dev.candela.BadSettingException;
import dev.candela.Setting;
import dev.candela.SettingText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads tables of latent codes and factor values, one row per sample, streamed from CSV (with a
 * header row) or from a 2-D {@code .npy} array. Tables are returned column-wise.
 *
 * <p>Latent tables must be numeric and finite; they are held as float32 columns, 4 bytes a value: a
 * float32 {@code .npy} is copied bit for bit, a float64 or integer {@code .npy} and CSV numbers are
 * rounded to the nearest float32 as they are read (a relative change of at most 2⁻²⁴; a value
 * beyond float32's range is refused). A {@code .npy} is read in one sequential pass through a small
 * buffer straight into the columns. Factor tables hold integer codes or any values; each factor's
 * distinct values are sorted (numerically when every value is a number, otherwise as text) and
 * mapped to codes {@code 0..K-1} as the table is read, so only the int codes are held.
 */
public final class CodeTables {

  private CodeTables() {}

  /**
   * The size of a table, known before its data is read.
   *
   * @param file the table's file
   * @param rows the rows
   * @param columns the columns
   * @param itemBytes the bytes of one stored value
   */
  public record Shape(Path file, long rows, int columns, int itemBytes) {}

  /**
   * The shape of a {@code .npy} table from its header, without reading the data.
   *
   * @param file the table
   * @return its shape, or empty for a CSV (whose rows are known only once it is read)
   * @throws BadInputException for a missing file or a {@code .npy} that is not a 1-D or 2-D array
   */
  public static java.util.Optional<Shape> shape(Path file) throws BadInputException {
    requireReadable(file);
    return isNpy(file) ? java.util.Optional.of(NpyTables.shape(file)) : java.util.Optional.empty();
  }

  /**
   * A numeric table, column-major, of float32 values.
   *
   * @param file the source file
   * @param columns the column names
   * @param values {@code values[c][r]}
   */
  public record NumericTable(Path file, List<String> columns, float[][] values) {
    /** Validates column counts. */
    public NumericTable {
      columns = List.copyOf(columns);
      if (columns.size() != values.length) {
        throw new IllegalArgumentException(
            columns.size() + " column names for " + values.length + " columns in " + file);
      }
    }

    /**
     * The number of rows.
     *
     * @return rows
     */
    public int rows() {
      return values.length == 0 ? 0 : values[0].length;
    }
  }

  /**
   * A factor table: codes per factor and the value vocabulary behind the codes.
   *
   * @param file the source file
   * @param columns the factor names
   * @param codes {@code codes[f][r]} in {@code 0..K_f-1}
   * @param vocabularies per factor, the value of each code (Double for numeric factors, String
   *     otherwise), sorted
   */
  public record FactorTable(
      Path file, List<String> columns, int[][] codes, List<List<Object>> vocabularies) {
    /** Validates that every factor has a vocabulary. */
    public FactorTable {
      columns = List.copyOf(columns);
      vocabularies = vocabularies.stream().map(List::copyOf).toList();
      if (columns.size() != codes.length || vocabularies.size() != codes.length) {
        throw new IllegalArgumentException(
            "factor table "
                + file
                + ": "
                + columns.size()
                + " names, "
                + codes.length
                + " columns, "
                + vocabularies.size()
                + " vocabularies");
      }
    }

    /**
     * The number of rows.
     *
     * @return rows
     */
    public int rows() {
      return codes.length == 0 ? 0 : codes[0].length;
    }

    /**
     * Whether every value of factor f is a number.
     *
     * @param f the factor
     * @return true when numeric
     */
    public boolean numeric(int f) {
      return vocabularies.get(f).stream().allMatch(v -> v instanceof Double);
    }
  }

  /**
   * A factor table and a latent table with the same rows.
   *
   * @param factors the factor codes
   * @param latents the latent codes
   */
  public record Paired(FactorTable factors, NumericTable latents) {}

  /**
   * Reads a factor table and a latent table and checks that they have the same number of rows.
   *
   * @param factorFile the factor table (CSV or npy)
   * @param latentFile the latent table (CSV or npy)
   * @return both tables
   * @throws BadInputException for a bad table, or when the row counts differ (naming both files)
   */
  public static Paired readPaired(Path factorFile, Path latentFile) throws BadInputException {
    FactorTable ft = readFactors(factorFile);
    NumericTable lt = readLatents(latentFile);
    if (ft.rows() != lt.rows()) {
      throw rowCountsDiffer(factorFile, ft.rows(), latentFile, lt.rows());
    }
    return new Paired(ft, lt);
  }

  /**
   * The error of a factor table and a latent table whose rows differ.
   *
   * @param factorFile the factor table
   * @param factorRows its rows
   * @param latentFile the latent table
   * @param latentRows its rows
   * @return the error, naming both files and counts
   */
  public static BadInputException rowCountsDiffer(
      Path factorFile, long factorRows, Path latentFile, long latentRows) {
    return new BadInputException(
        "row counts differ: "
            + factorFile
            + " has "
            + factorRows
            + " rows, "
            + latentFile
            + " has "
            + latentRows);
  }

  /**
   * The columns renamed ({@code --factor-names}, {@code --latent-names}): names for the columns of
   * a {@code .npy} table, which has none ({@code f0..}, {@code z0..}), or replacing a CSV header.
   *
   * @param setting the setting that gave the names, for the message (e.g. {@link
   *     Setting#FACTOR_NAMES})
   * @param file the table's file
   * @param columns the table's columns
   * @param names the new names, or null to keep the columns
   * @return the names to use
   * @throws BadInputException when the count differs from the columns' or a name repeats or is
   *     empty
   */
  public static List<String> rename(
      Setting setting, Path file, List<String> columns, List<String> names)
      throws BadInputException {
    if (names == null || names.isEmpty()) {
      return columns;
    }
    List<String> clean = names.stream().map(String::strip).toList();
    if (clean.size() != columns.size()) {
      throw new BadSettingException(
          SettingText.of(
              setting,
              ": "
                  + clean.size()
                  + " names ("
                  + String.join(",", clean)
                  + ") for the "
                  + columns.size()
                  + " columns of "
                  + file));
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String n : clean) {
      if (n.isEmpty() || !seen.add(n)) {
        throw new BadSettingException(
            SettingText.of(
                setting,
                ": " + (n.isEmpty() ? "an empty name" : "'" + n + "' repeats") + " in " + names));
      }
    }
    return clean;
  }

  /**
   * Reads a latent table (CSV with header or 2-D npy) into float32 columns.
   *
   * @param file the file
   * @return the table, column-major
   * @throws BadInputException for a missing, empty, ragged, non-numeric or non-finite table; the
   *     message names the file, the line or row and the column
   */
  public static NumericTable readLatents(Path file) throws BadInputException {
    requireReadable(file);
    if (isNpy(file)) {
      return NpyTables.readLatents(file);
    }
    RawTable raw = readCsv(file, true);
    return new NumericTable(file, raw.header, raw.numbers);
  }

  /**
   * Reads a factor table (CSV with header or 2-D npy).
   *
   * @param file the file
   * @return the factor codes and vocabularies
   * @throws BadInputException for a missing, empty or ragged table
   */
  public static FactorTable readFactors(Path file) throws BadInputException {
    requireReadable(file);
    if (isNpy(file)) {
      return NpyTables.readFactors(file);
    }
    RawTable raw = readCsv(file, false);
    int f = raw.header.size();
    int[][] codes = new int[f][];
    List<List<Object>> vocab = new ArrayList<>(f);
    for (int c = 0; c < f; c++) {
      Encoded e = raw.tokens.get(c).finish(raw.rows);
      codes[c] = e.codes;
      vocab.add(e.vocabulary);
    }
    return new FactorTable(file, raw.header, codes, vocab);
  }

  /**
   * Maps numeric factor columns to dense codes (distinct values in ascending order).
   *
   * @param file the source, for provenance
   * @param names the factor names
   * @param values {@code values[f][r]}
   * @return the factor table
   * @throws BadInputException when a factor value is not finite
   */
  public static FactorTable encodeNumeric(Path file, List<String> names, double[][] values)
      throws BadInputException {
    int[][] codes = new int[values.length][];
    List<List<Object>> vocab = new ArrayList<>();
    for (int c = 0; c < values.length; c++) {
      double[] col = values[c];
      for (int r = 0; r < col.length; r++) {
        if (!Double.isFinite(col[r])) {
          throw new BadInputException(
              file
                  + ": factor value "
                  + col[r]
                  + " at row "
                  + r
                  + ", column "
                  + c
                  + " ("
                  + names.get(c)
                  + ") is not finite");
        }
      }
      double[] distinct = Arrays.stream(col).distinct().sorted().toArray();
      int[] code = new int[col.length];
      for (int r = 0; r < col.length; r++) {
        code[r] = Arrays.binarySearch(distinct, col[r]);
      }
      codes[c] = code;
      List<Object> v = new ArrayList<>(distinct.length);
      for (double d : distinct) {
        v.add(d);
      }
      vocab.add(v);
    }
    return new FactorTable(file, names, codes, vocab);
  }

  /**
   * Writes column-major numbers as CSV with a header row (numbers in shortest round-trip form).
   *
   * @param file the destination
   * @param header column names
   * @param columns {@code columns[c][r]}
   * @throws dev.candela.CandelaException when the file cannot be written
   */
  public static void writeCsv(Path file, List<String> header, double[][] columns)
      throws dev.candela.CandelaException {
    writeCsv(file, header, columns, (c, r) -> formatNumber(columns[c][r]));
  }

  /**
   * Writes column-major float32 numbers as CSV with a header row (numbers in the shortest form that
   * reads back as the same float32).
   *
   * @param file the destination
   * @param header column names
   * @param columns {@code columns[c][r]}
   * @throws dev.candela.CandelaException when the file cannot be written
   */
  public static void writeCsv(Path file, List<String> header, float[][] columns)
      throws dev.candela.CandelaException {
    writeCsv(file, header, columns, (c, r) -> formatNumber(columns[c][r]));
  }

  /**
   * Writes column-major integer codes as CSV with a header row.
   *
   * @param file the destination
   * @param header column names
   * @param columns {@code columns[c][r]}
   * @throws dev.candela.CandelaException when the file cannot be written
   */
  public static void writeCsv(Path file, List<String> header, int[][] columns)
      throws dev.candela.CandelaException {
    writeCsv(file, header, columns, (c, r) -> Integer.toString(columns[c][r]));
  }

  private interface Cell {
    String at(int c, int r);
  }

  /** Writes {@code columns[c][r]} (rows as long as the first column) through its cell text. */
  private static void writeCsv(Path file, List<String> header, Object[] columns, Cell cell)
      throws dev.candela.CandelaException {
    int cols = columns.length;
    int rows = cols == 0 ? 0 : java.lang.reflect.Array.getLength(columns[0]);
    if (header.size() != cols) {
      throw new IllegalArgumentException(header.size() + " header names for " + cols + " columns");
    }
    try {
      dev.candela.AtomicFiles.write(
          file,
          tmp -> {
            try (java.io.BufferedWriter w = Files.newBufferedWriter(tmp)) {
              w.write(String.join(",", header));
              w.write('\n');
              for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                  if (c > 0) {
                    w.write(',');
                  }
                  w.write(cell.at(c, r));
                }
                w.write('\n');
              }
            }
          });
    } catch (IOException e) {
      throw new dev.candela.CandelaException(
          file + ": cannot write CSV (" + e.getMessage() + ")", e);
    }
  }

  private static String formatNumber(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return Double.toString(v);
  }

  private static String formatNumber(float v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e7) {
      return Long.toString((long) v);
    }
    return Float.toString(v);
  }

  static boolean isNpy(Path file) {
    return file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".npy");
  }

  private static void requireReadable(Path file) throws BadInputException {
    if (!Files.isRegularFile(file)) {
      throw new BadInputException(file + ": no such file");
    }
    if (!Files.isReadable(file)) {
      throw new BadInputException(file + ": not readable");
    }
  }

  /** The content of a CSV: header plus either numeric columns or token columns. */
  private static final class RawTable {
    List<String> header;
    float[][] numbers;
    List<TokenColumn> tokens;
    int rows;
  }

  private static RawTable readCsv(Path file, boolean numeric) throws BadInputException {
    CsvMapper mapper = new CsvMapper();
    mapper.enable(CsvParser.Feature.WRAP_AS_ARRAY);
    mapper.enable(CsvParser.Feature.TRIM_SPACES);
    mapper.enable(CsvParser.Feature.SKIP_EMPTY_LINES);
    RawTable raw = new RawTable();
    try (JsonParser p = mapper.getFactory().createParser(file.toFile())) {
      if (p.nextToken() != JsonToken.START_ARRAY) {
        throw new BadInputException(file + ": empty file (expected a header row)");
      }
      List<String> header = new ArrayList<>();
      while (p.nextToken() == JsonToken.START_ARRAY) {
        if (header.isEmpty()) {
          for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            header.add(p.getText());
          }
          if (header.isEmpty() || (header.size() == 1 && header.get(0).isEmpty())) {
            throw new BadInputException(file + ": empty header row");
          }
          break;
        }
      }
      if (header.isEmpty()) {
        throw new BadInputException(file + ": empty file (expected a header row)");
      }
      int cols = header.size();
      raw.header = header;
      FloatColumns nums = numeric ? new FloatColumns(cols) : null;
      List<TokenColumn> toks = new ArrayList<>();
      if (!numeric) {
        for (int c = 0; c < cols; c++) {
          toks.add(new TokenColumn(file, header.get(c)));
        }
      }
      int row = 0;
      while (p.nextToken() == JsonToken.START_ARRAY) {
        long line = p.currentLocation().getLineNr();
        int c = 0;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken(), c++) {
          String text = p.getText();
          if (c >= cols) {
            throw new BadInputException(
                file + ":" + line + ": row has more than the header's " + cols + " columns");
          }
          if (numeric) {
            nums.add(c, parseLatent(file, line, c, header.get(c), text));
          } else {
            toks.get(c).add(text);
          }
        }
        if (c != cols) {
          throw new BadInputException(
              file + ":" + line + ": row has " + c + " columns, the header has " + cols);
        }
        row++;
        if (numeric) {
          nums.endRow();
        }
      }
      if (row == 0) {
        throw new BadInputException(file + ": no data rows after the header");
      }
      raw.rows = row;
      raw.numbers = numeric ? nums.toArrays() : null;
      raw.tokens = toks;
      return raw;
    } catch (NoSuchFileException e) {
      throw new BadInputException(file + ": no such file", e);
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot parse CSV (" + oneLine(e.getMessage()) + ")", e);
    }
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s+", " ").trim();
  }

  private static float parseLatent(Path file, long line, int col, String name, String text)
      throws BadInputException {
    double v;
    try {
      v = NumberInput.parseDouble(text, true);
    } catch (NumberFormatException e) {
      throw new BadInputException(
          file
              + ":"
              + line
              + ": non-numeric value '"
              + text
              + "' in column "
              + (col + 1)
              + " ("
              + name
              + ")");
    }
    if (!Double.isFinite(v)) {
      throw badLatent(file, line, text, col, name, "is not finite");
    }
    if (!Float.isFinite((float) v)) {
      throw badLatent(
          file, line, text, col, name, "is beyond float32's range (latents are held as float32)");
    }
    return (float) v;
  }

  /** {@code file:line: latent value T in column C (name) <why>}. */
  private static BadInputException badLatent(
      Path file, long line, String text, int col, String name, String why) {
    return new BadInputException(
        file
            + ":"
            + line
            + ": latent value "
            + text
            + " in column "
            + (col + 1)
            + " ("
            + name
            + ") "
            + why);
  }

  /** Growable primitive columns. */
  private static final class FloatColumns {
    private float[][] cols;
    private int size;

    FloatColumns(int n) {
      cols = new float[n][1024];
    }

    void add(int c, float v) {
      if (size == cols[c].length) {
        cols[c] = Arrays.copyOf(cols[c], size * 2);
      }
      cols[c][size] = v;
    }

    void endRow() {
      size++;
    }

    float[][] toArrays() {
      float[][] out = new float[cols.length][];
      for (int c = 0; c < cols.length; c++) {
        out[c] = Arrays.copyOf(cols[c], size);
        cols[c] = null;
      }
      return out;
    }
  }

  /** The codes and sorted vocabulary of one factor column. */
  private record Encoded(int[] codes, List<Object> vocabulary) {}

  /** Interns the tokens of one factor column in first-seen order, then sorts the vocabulary. */
  private static final class TokenColumn {
    private final Path file;
    private final String name;
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> tokens = new ArrayList<>();
    private int[] codes = new int[1024];
    private int size;

    TokenColumn(Path file, String name) {
      this.file = file;
      this.name = name;
    }

    void add(String token) throws BadInputException {
      if (token.isEmpty()) {
        throw new BadInputException(
            file + ": empty factor value in column " + name + " at row " + (size + 1));
      }
      Integer id = ids.get(token);
      if (id == null) {
        id = tokens.size();
        ids.put(token, id);
        tokens.add(token);
      }
      if (size == codes.length) {
        codes = Arrays.copyOf(codes, size * 2);
      }
      codes[size++] = id;
    }

    Encoded finish(int rows) {
      int k = tokens.size();
      Double[] numbers = new Double[k];
      boolean allNumeric = true;
      for (int i = 0; i < k; i++) {
        try {
          double v = Double.parseDouble(tokens.get(i));
          numbers[i] = Double.isFinite(v) ? v : null;
        } catch (NumberFormatException e) {
          numbers[i] = null;
        }
        allNumeric &= numbers[i] != null;
      }
      List<Object> vocab = new ArrayList<>();
      int[] remap = new int[k];
      if (allNumeric) {
        double[] distinct =
            Arrays.stream(numbers).mapToDouble(Double::doubleValue).distinct().sorted().toArray();
        for (double d : distinct) {
          vocab.add(d);
        }
        for (int i = 0; i < k; i++) {
          remap[i] = Arrays.binarySearch(distinct, numbers[i]);
        }
      } else {
        Integer[] order = new Integer[k];
        for (int i = 0; i < k; i++) {
          order[i] = i;
        }
        Arrays.sort(order, Comparator.comparing(tokens::get));
        for (int r = 0; r < k; r++) {
          remap[order[r]] = r;
          vocab.add(tokens.get(order[r]));
        }
      }
      int[] out = new int[rows];
      for (int r = 0; r < rows; r++) {
        out[r] = remap[codes[r]];
      }
      return new Encoded(out, vocab);
    }
  }
}
