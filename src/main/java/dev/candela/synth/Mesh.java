package dev.candela.synth;

import java.util.ArrayList;
import java.util.List;

/**
 * A small polygon mesh for the 2-D CANDLE renderer: planar faces with an outward unit normal each.
 * Shapes are unit assets standing on the floor (y = 0), centred on the vertical axis, about one
 * unit tall and wide.
 */
final class Mesh {
  /** A planar face: vertices (x, y, z) in order, and the outward unit normal. */
  record Face(double[][] vertices, double[] normal) {}

  final List<Face> faces = new ArrayList<>();

  private void add(double[][] v, double nx, double ny, double nz) {
    double n = Math.sqrt(nx * nx + ny * ny + nz * nz);
    faces.add(new Face(v, new double[] {nx / n, ny / n, nz / n}));
  }

  static Mesh of(String type) {
    return switch (type) {
      case "cube" -> cube();
      case "sphere" -> sphere(16, 12);
      case "cylinder" -> cylinder(28);
      case "cone" -> cone(28);
      case "torus" -> torus(28, 12);
      default -> throw new IllegalArgumentException("unknown object type '" + type + "'");
    };
  }

  private static Mesh cube() {
    Mesh m = new Mesh();
    double h = 0.5;
    for (int axis = 0; axis < 3; axis++) {
      for (int sgn = -1; sgn <= 1; sgn += 2) {
        double[][] v = new double[4][];
        double[][] square = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
        for (int k = 0; k < 4; k++) {
          double[] p = new double[3];
          p[axis] = sgn * h;
          p[(axis + 1) % 3] = square[k][0];
          p[(axis + 2) % 3] = square[k][1];
          v[k] = new double[] {p[0], p[1] + h, p[2]};
        }
        double[] n = new double[3];
        n[axis] = sgn;
        m.add(v, n[0], n[1], n[2]);
      }
    }
    return m;
  }

  private static Mesh sphere(int slices, int stacks) {
    Mesh m = new Mesh();
    double r = 0.5;
    for (int i = 0; i < stacks; i++) {
      double t0 = Math.PI * i / stacks;
      double t1 = Math.PI * (i + 1) / stacks;
      for (int j = 0; j < slices; j++) {
        double p0 = angle(j, slices);
        double p1 = angle(j + 1, slices);
        double[][] v = {
          sph(r, t0, p0), sph(r, t1, p0), sph(r, t1, p1), sph(r, t0, p1),
        };
        double tm = (t0 + t1) / 2;
        double pm = (p0 + p1) / 2;
        m.add(v, Math.sin(tm) * Math.cos(pm), Math.cos(tm), Math.sin(tm) * Math.sin(pm));
      }
    }
    return m;
  }

  private static double[] sph(double r, double theta, double phi) {
    return new double[] {
      r * Math.sin(theta) * Math.cos(phi),
      r + r * Math.cos(theta),
      r * Math.sin(theta) * Math.sin(phi)
    };
  }

  private static double[][] disc(double r, double y, int n) {
    double[][] v = new double[n][];
    for (int j = 0; j < n; j++) {
      double a = angle(j, n);
      v[j] = ring(r, y, a);
    }
    return v;
  }

  private static Mesh cylinder(int n) {
    Mesh m = new Mesh();
    double r = 0.5;
    around(
        n,
        (a0, a1, am) ->
            m.add(
                new double[][] {ring(r, 0, a0), ring(r, 0, a1), ring(r, 1, a1), ring(r, 1, a0)},
                Math.cos(am),
                0,
                Math.sin(am)));
    m.add(disc(r, 1, n), 0, 1, 0);
    m.add(disc(r, 0, n), 0, -1, 0);
    return m;
  }

  private static Mesh cone(int n) {
    Mesh m = new Mesh();
    double r = 0.5;
    double h = 1;
    around(
        n,
        (a0, a1, am) ->
            m.add(
                new double[][] {ring(r, 0, a0), ring(r, 0, a1), {0, h, 0}},
                h * Math.cos(am),
                r,
                h * Math.sin(am)));
    m.add(disc(r, 0, n), 0, -1, 0);
    return m;
  }

  private static Mesh torus(int major, int minor) {
    Mesh m = new Mesh();
    double big = 0.4;
    double small = 0.15;
    for (int i = 0; i < major; i++) {
      double u0 = angle(i, major);
      double u1 = angle(i + 1, major);
      for (int j = 0; j < minor; j++) {
        double v0 = angle(j, minor);
        double v1 = angle(j + 1, minor);
        double[][] v = {
          tor(big, small, u0, v0),
          tor(big, small, u1, v0),
          tor(big, small, u1, v1),
          tor(big, small, u0, v1),
        };
        double um = (u0 + u1) / 2;
        double vm = (v0 + v1) / 2;
        m.add(v, Math.cos(vm) * Math.cos(um), Math.sin(vm), Math.cos(vm) * Math.sin(um));
      }
    }
    return m;
  }

  /** Adds the face between two angles around the y axis, given the angle midway. */
  private interface Segment {
    void add(double a0, double a1, double am);
  }

  /** One face per step of {@code n} around the y axis. */
  private static void around(int n, Segment segment) {
    for (int j = 0; j < n; j++) {
      double a0 = angle(j, n);
      double a1 = angle(j + 1, n);
      segment.add(a0, a1, (a0 + a1) / 2);
    }
  }

  /** The angle of step {@code j} of {@code n} around a circle, in radians. */
  private static double angle(int j, int n) {
    return 2 * Math.PI * j / n;
  }

  /** The point at angle {@code a} on the circle of radius {@code r} at height {@code y}. */
  private static double[] ring(double r, double y, double a) {
    return new double[] {r * Math.cos(a), y, r * Math.sin(a)};
  }

  private static double[] tor(double big, double small, double u, double v) {
    double rr = big + small * Math.cos(v);
    return new double[] {rr * Math.cos(u), small + small * Math.sin(v), rr * Math.sin(u)};
  }
}
