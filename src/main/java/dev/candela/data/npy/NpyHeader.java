package dev.candela.data.npy;

import dev.candela.BadInputException;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A parsed npy header.
 *
 * @param major format major version (1, 2 or 3)
 * @param minor format minor version (0)
 * @param dtype the element type
 * @param fortranOrder whether elements are stored column-major
 * @param shape the array shape (empty for a scalar); the accessor returns a copy
 * @param dataOffset the byte offset of the first element from the start of the npy stream
 */
public record NpyHeader(
    int major, int minor, NpyDType dtype, boolean fortranOrder, long[] shape, long dataOffset) {

  /** The npy magic string {@code \x93NUMPY}. */
  static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};

  /** Validates the fields and copies the shape. */
  public NpyHeader {
    Objects.requireNonNull(dtype, "dtype");
    shape = shape.clone();
    for (long d : shape) {
      if (d < 0) {
        throw new IllegalArgumentException("negative dimension in shape " + Arrays.toString(shape));
      }
    }
  }

  @Override
  public long[] shape() {
    return shape.clone();
  }

  /**
   * The number of elements (product of the shape; 1 for a scalar).
   *
   * @return the element count
   */
  public long size() {
    return NpyHeader.product(shape);
  }

  /**
   * The number of data bytes.
   *
   * @return size · item size
   */
  public long dataBytes() {
    return Math.multiplyExact(size(), (long) dtype.itemSize());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NpyHeader h
        && h.major == major
        && h.minor == minor
        && h.dtype.equals(dtype)
        && h.fortranOrder == fortranOrder
        && Arrays.equals(h.shape, shape)
        && h.dataOffset == dataOffset;
  }

  @Override
  public int hashCode() {
    return Objects.hash(major, minor, dtype, fortranOrder, Arrays.hashCode(shape), dataOffset);
  }

  @Override
  public String toString() {
    return "NpyHeader[v"
        + major
        + "."
        + minor
        + ", "
        + dtype.descr()
        + ", fortran="
        + fortranOrder
        + ", shape="
        + Arrays.toString(shape)
        + "]";
  }

  static long product(long[] shape) {
    long n = 1;
    for (long d : shape) {
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

  /**
   * Reads and parses the header at the start of a source.
   *
   * @param src the bytes
   * @param where the file (and entry) for messages
   * @return the header
   */
  static NpyHeader read(ByteSource src, String where) throws BadInputException {
    try {
      if (src.length() < 10) {
        throw new BadInputException(
            where + ": truncated npy: " + src.length() + " bytes, shorter than the npy preamble");
      }
      byte[] pre = new byte[12];
      src.read(0, pre, 0, (int) Math.min(12, src.length()));
      for (int i = 0; i < MAGIC.length; i++) {
        if (pre[i] != MAGIC[i]) {
          throw new BadInputException(
              where
                  + ": bad magic "
                  + hex(Arrays.copyOf(pre, 6))
                  + " (expected 934e554d5059, '\\x93NUMPY'): not an npy array");
        }
      }
      int major = pre[6] & 0xFF;
      int minor = pre[7] & 0xFF;
      long headerLen;
      int lenBytes;
      if (major == 1) {
        lenBytes = 2;
        headerLen = (pre[8] & 0xFF) | ((pre[9] & 0xFF) << 8);
      } else if (major == 2 || major == 3) {
        lenBytes = 4;
        if (src.length() < 12) {
          throw new BadInputException(where + ": truncated npy header");
        }
        headerLen =
            (pre[8] & 0xFFL)
                | ((pre[9] & 0xFFL) << 8)
                | ((pre[10] & 0xFFL) << 16)
                | ((pre[11] & 0xFFL) << 24);
      } else {
        throw new BadInputException(
            where + ": unsupported npy format version " + major + "." + minor + " (1.0-3.0)");
      }
      long start = 8 + lenBytes;
      if (start + headerLen > src.length()) {
        throw new BadInputException(
            where
                + ": truncated npy header: declares "
                + headerLen
                + " header bytes but only "
                + (src.length() - start)
                + " follow");
      }
      if (headerLen > 1 << 24) {
        throw new BadInputException(where + ": bad npy header length " + headerLen);
      }
      byte[] h = new byte[(int) headerLen];
      src.read(start, h, 0, h.length);
      String text =
          new String(h, major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
      return parseDict(text, major, minor, start + headerLen, where);
    } catch (EOFException e) {
      throw new BadInputException(where + ": truncated npy header (" + e.getMessage() + ")", e);
    } catch (IOException e) {
      throw new BadInputException(where + ": cannot read (" + e.getMessage() + ")", e);
    }
  }

  private static String hex(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (byte x : b) {
      sb.append(String.format("%02x", x & 0xFF));
    }
    return sb.toString();
  }

  static NpyHeader parseDict(String text, int major, int minor, long dataOffset, String where)
      throws BadInputException {
    String shown = text.strip();
    Map<String, Object> dict;
    try {
      LiteralParser p = new LiteralParser(text);
      Object v = p.value();
      p.end();
      if (!(v instanceof Map<?, ?> m)) {
        throw new IllegalArgumentException("not a dict");
      }
      dict = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        dict.put(String.valueOf(e.getKey()), e.getValue());
      }
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          where + ": bad npy header " + quote(shown) + " (" + e.getMessage() + ")", e);
    }
    for (String key : List.of("descr", "fortran_order", "shape")) {
      if (!dict.containsKey(key)) {
        throw new BadInputException(
            where + ": bad npy header " + quote(shown) + " (missing key '" + key + "')");
      }
    }
    if (!(dict.get("descr") instanceof String descr)) {
      throw new BadInputException(
          where
              + ": unsupported dtype "
              + LiteralParser.show(dict.get("descr"))
              + " in header "
              + quote(shown)
              + " (structured dtypes are not supported)");
    }
    NpyDType dtype;
    try {
      dtype = NpyDType.parse(descr);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(where + ": " + e.getMessage(), e);
    }
    if (!(dict.get("fortran_order") instanceof Boolean fortran)) {
      throw new BadInputException(
          where
              + ": bad npy header: fortran_order is "
              + LiteralParser.show(dict.get("fortran_order"))
              + ", expected True or False");
    }
    if (!(dict.get("shape") instanceof List<?> dims)) {
      throw new BadInputException(
          where
              + ": bad npy header: shape is "
              + LiteralParser.show(dict.get("shape"))
              + ", expected a tuple of integers");
    }
    long[] shape = new long[dims.size()];
    for (int i = 0; i < shape.length; i++) {
      if (!(dims.get(i) instanceof Long d) || d < 0) {
        throw new BadInputException(
            where
                + ": bad npy header: shape "
                + LiteralParser.show(dims)
                + " has a non-integer or negative dimension "
                + LiteralParser.show(dims.get(i)));
      }
      shape[i] = d;
    }
    try {
      NpyHeader hdr = new NpyHeader(major, minor, dtype, fortran, shape, dataOffset);
      hdr.dataBytes();
      return hdr;
    } catch (ArithmeticException e) {
      throw new BadInputException(
          where + ": bad npy header: shape " + Arrays.toString(shape) + " overflows", e);
    }
  }

  private static String quote(String s) {
    return "'" + (s.length() > 200 ? s.substring(0, 200) + "..." : s) + "'";
  }

  /**
   * Encodes a header (version 1.0 when its length fits 16 bits, else 2.0), padded with spaces and a
   * newline so that the data starts at a multiple of 64 bytes.
   *
   * @param dtype the element type
   * @param fortranOrder column-major storage
   * @param shape the shape
   * @return the preamble and header bytes
   */
  static byte[] encode(NpyDType dtype, boolean fortranOrder, long[] shape) {
    StringBuilder sb = new StringBuilder();
    sb.append("{'descr': '").append(dtype.descr()).append("', 'fortran_order': ");
    sb.append(fortranOrder ? "True" : "False").append(", 'shape': (");
    for (int i = 0; i < shape.length; i++) {
      sb.append(shape[i]);
      if (shape.length == 1 || i < shape.length - 1) {
        sb.append(",");
      }
      if (i < shape.length - 1) {
        sb.append(" ");
      }
    }
    sb.append("), }");
    byte[] dict = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    int lenBytes = 2;
    int major = 1;
    int total = 8 + lenBytes + dict.length + 1;
    int padded = (total + 63) / 64 * 64;
    if (padded - 10 > 0xFFFF) {
      lenBytes = 4;
      major = 2;
      total = 8 + lenBytes + dict.length + 1;
      padded = (total + 63) / 64 * 64;
    }
    int headerLen = padded - 8 - lenBytes;
    byte[] out = new byte[padded];
    System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
    out[6] = (byte) major;
    out[7] = 0;
    for (int i = 0; i < lenBytes; i++) {
      out[8 + i] = (byte) (headerLen >>> (8 * i));
    }
    System.arraycopy(dict, 0, out, 8 + lenBytes, dict.length);
    Arrays.fill(out, 8 + lenBytes + dict.length, padded - 1, (byte) ' ');
    out[padded - 1] = '\n';
    return out;
  }

  /**
   * A parser for the Python literal subset of npy headers: dicts, tuples, lists, str, int, bool.
   */
  private static final class LiteralParser {
    private final String s;
    private int i;

    LiteralParser(String s) {
      this.s = s;
    }

    static String show(Object v) {
      if (v instanceof String str) {
        return "'" + str + "'";
      }
      return String.valueOf(v);
    }

    private void ws() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
    }

    void end() {
      ws();
      if (i != s.length()) {
        throw new IllegalArgumentException("unexpected '" + s.charAt(i) + "' at " + i);
      }
    }

    private boolean eat(char c) {
      ws();
      if (i < s.length() && s.charAt(i) == c) {
        i++;
        return true;
      }
      return false;
    }

    Object value() {
      ws();
      if (i >= s.length()) {
        throw new IllegalArgumentException("unexpected end");
      }
      char c = s.charAt(i);
      if (c == '{') {
        i++;
        Map<Object, Object> m = new LinkedHashMap<>();
        while (!eat('}')) {
          Object k = value();
          if (!eat(':')) {
            throw new IllegalArgumentException("expected ':' at " + i);
          }
          m.put(k, value());
          if (!eat(',')) {
            if (!eat('}')) {
              throw new IllegalArgumentException("expected ',' or '}' at " + i);
            }
            break;
          }
        }
        return m;
      }
      if (c == '(' || c == '[') {
        char close = c == '(' ? ')' : ']';
        i++;
        List<Object> l = new ArrayList<>();
        while (!eat(close)) {
          l.add(value());
          if (!eat(',')) {
            if (!eat(close)) {
              throw new IllegalArgumentException("expected ',' or '" + close + "' at " + i);
            }
            break;
          }
        }
        return l;
      }
      if (c == '\'' || c == '"') {
        int j = s.indexOf(c, i + 1);
        if (j < 0) {
          throw new IllegalArgumentException("unterminated string at " + i);
        }
        String str = s.substring(i + 1, j);
        i = j + 1;
        return str;
      }
      int j = i;
      while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '-')) {
        j++;
      }
      String tok = s.substring(i, j);
      if (tok.isEmpty()) {
        throw new IllegalArgumentException("unexpected '" + c + "' at " + i);
      }
      i = j;
      switch (tok) {
        case "True":
          return Boolean.TRUE;
        case "False":
          return Boolean.FALSE;
        case "None":
          return "None";
        default:
          break;
      }
      String digits =
          tok.endsWith("L") || tok.endsWith("l") ? tok.substring(0, tok.length() - 1) : tok;
      try {
        return Long.parseLong(digits);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("bad token '" + tok + "'");
      }
    }
  }
}
