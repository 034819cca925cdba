package dev.candela;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

/**
 * Equality and hash code of records whose components include arrays, by content: a record's own
 * {@code equals} compares array components by reference, so every such record overrode both with a
 * list of {@link Arrays#equals} calls of its own; these two methods compare and hash every
 * component's value in order ({@link Arrays#deepEquals}, {@link Arrays#deepHashCode}: arrays by
 * their contents at any depth, {@code double}s as {@link Double#equals} does, other values with
 * their {@code equals}).
 */
public final class RecordValues {
  private RecordValues() {}

  /**
   * Whether two records of the same class have equal components.
   *
   * @param a a record (its {@code equals} calls this with {@code this})
   * @param b the other object
   * @return true when {@code b} is of {@code a}'s class and every component is equal
   */
  public static boolean equal(Record a, Object b) {
    if (a == b) {
      return true;
    }
    if (b == null || a.getClass() != b.getClass()) {
      return false;
    }
    return Arrays.deepEquals(components(a), components((Record) b));
  }

  /**
   * A hash code consistent with {@link #equal}.
   *
   * @param r the record
   * @return the deep hash of its components
   */
  public static int hash(Record r) {
    return Arrays.deepHashCode(components(r));
  }

  private static Object[] components(Record r) {
    RecordComponent[] cs = r.getClass().getRecordComponents();
    Object[] values = new Object[cs.length];
    for (int i = 0; i < cs.length; i++) {
      Method accessor = cs[i].getAccessor();
      try {
        accessor.setAccessible(true);
        values[i] = accessor.invoke(r);
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException(
            "cannot read component " + cs[i].getName() + " of " + r.getClass().getName(), e);
      }
    }
    return values;
  }
}
