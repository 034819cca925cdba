package dev.candela.model.card;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the structure of a Python pickle as {@code torch.save} writes it, without running anything:
 * dictionaries, lists, tuples, text, numbers, classes and objects built from classes. A tensor (an
 * object made by one of {@code torch._utils._rebuild_*}) becomes {@link #TENSOR}; persistent ids
 * (storages) become {@link #STORAGE}. Only what {@link PyTorchFiles} needs to say what a file
 * holds; an opcode outside that subset stops the read with an {@link IOException}.
 */
final class PickleReader {
  private PickleReader() {}

  /** A tensor. */
  static final Object TENSOR = new Object();

  /** A storage reference (a persistent id). */
  static final Object STORAGE = new Object();

  /** Python's {@code None}. */
  static final Object NONE = new Object();

  /**
   * A class or function named by module and name.
   *
   * @param module the module
   * @param name the qualified name
   */
  record Global(String module, String name) {
    /** {@code module.name}. */
    @Override
    public String toString() {
      return module + "." + name;
    }
  }

  /**
   * An object made by calling a class or function ({@code REDUCE} or {@code NEWOBJ}).
   *
   * @param type the class or function
   * @param state its {@code BUILD} state (a map for modules), or null
   */
  record Instance(Global type, Object state) {}

  /** A Python tuple. */
  static final class Tuple extends ArrayList<Object> {
    private static final long serialVersionUID = 1L;

    Tuple(List<Object> items) {
      super(items);
    }
  }

  private static final Object MARK = new Object();

  /**
   * Reads one pickle from the stream, up to and including its {@code STOP}.
   *
   * @param in the stream, positioned at the pickle
   * @return the object
   * @throws IOException on an unexpected end or an opcode outside the supported subset
   */
  static Object read(InputStream in) throws IOException {
    Deque<Object> stack = new ArrayDeque<>();
    Map<Long, Object> memo = new HashMap<>();
    while (true) {
      int op = in.read();
      if (op < 0) {
        throw new IOException("pickle ends before STOP");
      }
      switch (op) {
        case 0x80 -> in.readNBytes(1); // PROTO
        case 0x95 -> in.readNBytes(8); // FRAME
        case '.' -> {
          return stack.isEmpty() ? NONE : stack.pop();
        }
        case '}' -> stack.push(new LinkedHashMap<Object, Object>());
        case ']' -> stack.push(new ArrayList<Object>());
        case ')' -> stack.push(new Tuple(List.of()));
        case '(' -> stack.push(MARK);
        case 't' -> stack.push(new Tuple(popToMark(stack)));
        case 0x85, 0x86, 0x87 -> {
          int n = op - 0x84;
          Object[] items = new Object[n];
          for (int k = n - 1; k >= 0; k--) {
            items[k] = stack.pop();
          }
          stack.push(new Tuple(List.of(items)));
        }
        case 'q' -> memo.put((long) u8(in), stack.peek());
        case 'r' -> memo.put(u32(in), stack.peek());
        case 0x94 -> memo.put((long) memo.size(), stack.peek());
        case 'h' -> stack.push(memo.get((long) u8(in)));
        case 'j' -> stack.push(memo.get(u32(in)));
        case 'c' -> stack.push(new Global(line(in), line(in)));
        case 0x93 -> {
          String name = String.valueOf(stack.pop());
          stack.push(new Global(String.valueOf(stack.pop()), name));
        }
        case 'K' -> stack.push((long) u8(in));
        case 'M' -> stack.push((long) (u8(in) | (u8(in) << 8)));
        case 'J' -> stack.push((long) (int) u32(in));
        case 0x8a -> stack.push(littleEndian(in.readNBytes(u8(in))));
        case 0x8b -> stack.push(littleEndian(in.readNBytes((int) u32(in))));
        case 'X', 'T' -> stack.push(text(in, (int) u32(in)));
        case 0x8c, 'U' -> stack.push(text(in, u8(in)));
        case 'B' -> stack.push(in.readNBytes((int) u32(in)));
        case 'C' -> stack.push(in.readNBytes(u8(in)));
        case 'G' -> stack.push(java.nio.ByteBuffer.wrap(in.readNBytes(8)).getDouble());
        case 'N' -> stack.push(NONE);
        case 0x88 -> stack.push(Boolean.TRUE);
        case 0x89 -> stack.push(Boolean.FALSE);
        case 'I', 'L', 'F', 'V', 'S' -> stack.push(line(in));
        case 'Q' -> {
          stack.pop();
          stack.push(STORAGE);
        }
        case 'R', 0x81 -> {
          stack.pop(); // the arguments
          Object f = stack.pop();
          stack.push(make(f));
        }
        case 'b' -> {
          Object state = stack.pop();
          Object obj = stack.pop();
          stack.push(obj instanceof Instance i ? new Instance(i.type(), state) : obj);
        }
        case 's' -> {
          Object v = stack.pop();
          Object k = stack.pop();
          putItem(stack.peek(), k, v);
        }
        case 'u' -> {
          List<Object> kv = popToMark(stack);
          for (int k = 0; k + 1 < kv.size(); k += 2) {
            putItem(stack.peek(), kv.get(k), kv.get(k + 1));
          }
        }
        case 'a' -> addItems(stack.peek(), List.of(stack.pop()));
        case 'e' -> {
          List<Object> items = popToMark(stack);
          addItems(stack.peek(), items);
        }
        case 0x8f -> stack.push(new ArrayList<Object>()); // EMPTY_SET
        case 0x90 -> {
          List<Object> items = popToMark(stack);
          addItems(stack.peek(), items);
        }
        case 0x91 -> stack.push(new ArrayList<Object>(popToMark(stack))); // FROZENSET
        case '0' -> stack.pop();
        case '1' -> popToMark(stack);
        case '2' -> stack.push(stack.peek());
        default -> throw new IOException(String.format("pickle opcode 0x%02x not supported", op));
      }
    }
  }

  private static Object make(Object f) {
    if (f instanceof Global g) {
      if (g.module().equals("torch._utils") && g.name().startsWith("_rebuild")) {
        return TENSOR;
      }
      if (g.module().equals("collections") && g.name().equals("OrderedDict")) {
        return new LinkedHashMap<Object, Object>();
      }
      return new Instance(g, null);
    }
    return new Instance(new Global("?", "?"), null);
  }

  @SuppressWarnings("unchecked")
  private static void putItem(Object target, Object k, Object v) {
    if (target instanceof Map<?, ?> m) {
      ((Map<Object, Object>) m).put(k, v);
    }
  }

  @SuppressWarnings("unchecked")
  private static void addItems(Object target, List<Object> items) {
    if (target instanceof List<?> l) {
      ((List<Object>) l).addAll(items);
    }
  }

  private static List<Object> popToMark(Deque<Object> stack) throws IOException {
    List<Object> out = new ArrayList<>();
    while (true) {
      if (stack.isEmpty()) {
        throw new IOException("pickle MARK missing");
      }
      Object o = stack.pop();
      if (o == MARK) {
        break;
      }
      out.add(0, o);
    }
    return out;
  }

  private static int u8(InputStream in) throws IOException {
    int b = in.read();
    if (b < 0) {
      throw new IOException("pickle ends early");
    }
    return b;
  }

  private static long u32(InputStream in) throws IOException {
    return u8(in) | (u8(in) << 8) | (u8(in) << 16) | ((long) u8(in) << 24);
  }

  private static Object littleEndian(byte[] b) {
    if (b.length > 8) {
      return new java.math.BigInteger(reverse(b));
    }
    long v = 0;
    for (int k = b.length - 1; k >= 0; k--) {
      v = (v << 8) | (b[k] & 0xff);
    }
    if (b.length > 0 && b.length < 8 && (b[b.length - 1] & 0x80) != 0) {
      v -= 1L << (8 * b.length);
    }
    return v;
  }

  private static byte[] reverse(byte[] b) {
    byte[] r = new byte[b.length];
    for (int k = 0; k < b.length; k++) {
      r[k] = b[b.length - 1 - k];
    }
    return r;
  }

  private static String text(InputStream in, int n) throws IOException {
    byte[] b = in.readNBytes(n);
    if (b.length < n) {
      throw new IOException("pickle ends inside a string");
    }
    return new String(b, StandardCharsets.UTF_8);
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int b = u8(in); b != '\n'; b = u8(in)) {
      sb.append((char) b);
    }
    return sb.toString();
  }
}
