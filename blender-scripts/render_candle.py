"""Render CANDLE-format samples ({id}.png 320x240 + {id}.json) with Blender 3.4+.

Run headless:

    blender -b --factory-startup --python-exit-code 1 -P blender-scripts/render_candle.py -- \
        --out data/candle-blender --ids 0-17 --engine workbench

Every sample id is a position in the product order of the factors in datasets/specs/candle.json
(scene x lights x object_type x color x size x rotation, first factor most significant); ids that
the confounding rules (datasets/rules/candle.json, variant --rules) exclude are never rendered.
See docs/blender.md for the scene set-up, the options and the bounds convention.

Progress goes to standard output as one line per id:

    CANDELA_PROGRESS <id> rendered|skipped|excluded <seconds>

and a last line ``CANDELA_DONE rendered=<n> skipped=<n> excluded=<n>``. Errors go to standard
error as one line ``render_candle.py: error: <reason>`` and the exit code is 1 (2 for bad
arguments).
"""

import argparse
import hashlib
import json
import math
import os
import random
import sys
import time

import bpy
from bpy_extras.object_utils import world_to_camera_view
from mathutils import Euler, Matrix, Vector

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_SPEC = os.path.join(REPO, "datasets", "specs", "candle.json")
DEFAULT_RULES = os.path.join(REPO, "datasets", "rules", "candle.json")

WIDTH, HEIGHT = 320, 240
LIGHT_WATTS = 5000.0
LIGHT_POSITIONS = {"left": (5.0, -5.0, 7.0), "middle": (0.0, 0.0, 7.0), "right": (-5.0, 5.0, 7.0)}
X_RANGE = 4.5
JITTER_DEG = 0.5
# Camera on the diagonal x = y, looking down at a point beside the origin: the "left" light
# (5,-5,7) is on the left of the image and the "right" light (-5,5,7) on the right. World x runs
# diagonally (x = +4.5 is nearer the camera, at the image's left). Every object at x in
# [-4.5, 4.5], up to size 2.5 and at any rotation, stays inside the frame with >= 20 px to spare
# before the jitter (checked by projecting all extremes): bounds are never outside the image.
CAMERA_LOCATION = (9.0, 9.0, 5.0)
CAMERA_TARGET = (1.0, -1.0, 0.8)
CAMERA_LENS_MM = 35.0
FILM_EXPOSURE = -1.5  # stops, Cycles and EEVEE only
CAMERA_SENSOR_MM = 36.0

COLORS = {  # linear RGB base colours
    "red": (0.80, 0.04, 0.03),
    "blue": (0.03, 0.10, 0.80),
    "yellow": (0.85, 0.70, 0.02),
    "purple": (0.40, 0.05, 0.60),
    "orange": (0.90, 0.28, 0.02),
}

# Procedural stand-ins per scene name: world (Nishita sky or a two-colour gradient), floor pattern
# and its two colours. Colours are linear RGB.
SCENES = {
    "indoor": dict(world=("gradient", (0.50, 0.44, 0.36), (0.70, 0.66, 0.60), 1.0),
                   floor=("wood", (0.30, 0.17, 0.08), (0.24, 0.13, 0.06))),
    "outdoor": dict(world=("sky", 35.0, 40.0, 1.0),
                    floor=("noise", (0.20, 0.30, 0.10), (0.24, 0.34, 0.12))),
    "playground": dict(world=("sky", 50.0, 120.0, 1.0),
                       floor=("noise", (0.55, 0.30, 0.18), (0.60, 0.34, 0.20))),
    "bridge": dict(world=("sky", 25.0, 200.0, 2.0),
                   floor=("boards", (0.28, 0.20, 0.14), (0.24, 0.17, 0.12))),
    "city square": dict(world=("sky", 40.0, 300.0, 1.5),
                        floor=("tiles", (0.42, 0.40, 0.37), (0.38, 0.36, 0.33))),
    "hall": dict(world=("gradient", (0.55, 0.52, 0.48), (0.80, 0.78, 0.74), 1.0),
                 floor=("tiles", (0.55, 0.53, 0.50), (0.50, 0.48, 0.45))),
    "grassland": dict(world=("sky", 60.0, 80.0, 0.5),
                      floor=("noise", (0.10, 0.32, 0.06), (0.14, 0.38, 0.08))),
    "garage": dict(world=("gradient", (0.20, 0.20, 0.22), (0.35, 0.35, 0.37), 1.0),
                   floor=("noise", (0.22, 0.22, 0.22), (0.26, 0.26, 0.25))),
    "street": dict(world=("sky", 45.0, 160.0, 3.0),
                   floor=("noise", (0.07, 0.07, 0.08), (0.10, 0.10, 0.11))),
    "beach": dict(world=("sky", 55.0, 250.0, 0.3),
                  floor=("noise", (0.70, 0.58, 0.38), (0.76, 0.64, 0.42))),
    "station": dict(world=("gradient", (0.30, 0.32, 0.36), (0.55, 0.58, 0.62), 1.0),
                    floor=("tiles", (0.34, 0.34, 0.36), (0.30, 0.30, 0.32))),
    "tunnel": dict(world=("gradient", (0.10, 0.08, 0.06), (0.22, 0.18, 0.12), 0.8),
                   floor=("noise", (0.12, 0.11, 0.10), (0.15, 0.14, 0.12))),
    "moonlit grass": dict(world=("gradient", (0.010, 0.015, 0.04), (0.03, 0.05, 0.12), 0.6),
                          floor=("noise", (0.03, 0.08, 0.03), (0.04, 0.10, 0.04))),
    "dusk city": dict(world=("sky", 2.0, 270.0, 4.0),
                      floor=("noise", (0.12, 0.10, 0.10), (0.15, 0.12, 0.12))),
    "skywalk": dict(world=("sky", 30.0, 20.0, 1.0),
                    floor=("boards", (0.40, 0.40, 0.42), (0.36, 0.36, 0.38))),
    "garden": dict(world=("sky", 65.0, 330.0, 0.8),
                   floor=("noise", (0.16, 0.36, 0.08), (0.30, 0.26, 0.12))),
}

ENGINES = {"cycles": "CYCLES", "workbench": "BLENDER_WORKBENCH", "eevee": "BLENDER_EEVEE"}


class RenderError(Exception):
    """A failure with a one-line reason for the caller."""


# ----------------------------------------------------------------------------- spec and rules


def load_json(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise RenderError("%s: cannot read %s (%s)" % (path, what, e.strerror))
    except ValueError as e:
        raise RenderError("%s: invalid JSON in %s (%s)" % (path, what, e))


def load_spec(path):
    spec = load_json(path, "the factor specification")
    names = [f["name"] for f in spec["factors"]]
    expected = ["scene", "lights", "object_type", "color", "size", "rotation"]
    if names != expected:
        raise RenderError("%s: factors %s, expected %s" % (path, names, expected))
    return [(f["name"], list(f["values"])) for f in spec["factors"]]


def load_rules(path, variant):
    rules = load_json(path, "the confounding rules")
    if variant is None:
        variant = rules.get("default")
    variants = rules.get("variants", {})
    if variant not in variants:
        raise RenderError("%s: no rules variant '%s' (have %s)"
                          % (path, variant, ", ".join(sorted(variants))))
    return variant, variants[variant]["exclude"]


def condition_holds(cond, value):
    if isinstance(cond, list):
        return value in cond
    if "not" in cond and value in cond["not"]:
        return False
    if "min" in cond and value < cond["min"]:
        return False
    if "max" in cond and value > cond["max"]:
        return False
    return True


def excluded_by(rules, sample):
    """The names of the rules that exclude a sample (dict factor -> value)."""
    return [r["name"] for r in rules
            if all(condition_holds(c, sample[f]) for f, c in r["when"].items())]


def decode(factors, sample_id):
    """Factor values of an id; the first factor is the most significant."""
    values = {}
    rest = sample_id
    for name, vocab in reversed(factors):
        values[name] = vocab[rest % len(vocab)]
        rest //= len(vocab)
    return values


def grid_size(factors):
    n = 1
    for _, vocab in factors:
        n *= len(vocab)
    return n


def parse_ids(text, grid):
    """'a-b', 'a' or a comma-separated list of those; returns increasing distinct ids."""
    out = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            if "-" in part:
                a, b = part.split("-", 1)
                lo, hi = int(a), int(b)
            else:
                lo = hi = int(part)
        except ValueError:
            raise RenderError("--ids: '%s' is not an id or a range a-b" % part)
        if lo < 0 or hi >= grid or lo > hi:
            raise RenderError("--ids: range %d-%d not within 0-%d" % (lo, hi, grid - 1))
        out.update(range(lo, hi + 1))
    return sorted(out)


def read_id_file(path, grid):
    ids = set()
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    i = int(line)
                except ValueError:
                    raise RenderError("%s:%d: not an id: '%s'" % (path, n, line))
                if i < 0 or i >= grid:
                    raise RenderError("%s:%d: id %d not within 0-%d" % (path, n, i, grid - 1))
                ids.add(i)
    except OSError as e:
        raise RenderError("%s: cannot read the id file (%s)" % (path, e.strerror))
    return sorted(ids)


def sample_seed(seed, sample_id):
    """Per-sample seed derived from (seed, id) only, so any split of the ids renders the same."""
    digest = hashlib.sha256(("candela-blender:%d:%d" % (seed, sample_id)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


# ----------------------------------------------------------------------------- scene building


def make_mesh_object(name, build, pose=None):
    """Runs a primitive operator, turns the mesh by ``pose`` (a rotation matrix, baked into the
    vertices so that the per-sample rotation about z, which replaces the object's rotation, keeps
    it), moves the mesh so its bottom is at z = 0, returns the object."""
    build()
    obj = bpy.context.active_object
    obj.name = name
    mesh = obj.data
    if pose is not None:
        mesh.transform(pose)
    zmin = min(v.co.z for v in mesh.vertices)
    mesh.transform(Matrix.Translation((0.0, 0.0, -zmin)))
    mesh.update()
    obj.location = (0.0, 0.0, 0.0)
    obj.hide_render = True
    return obj


def build_assets():
    """Unit assets (each fits a 1 x 1 x 1 box, bottom on z = 0), hidden until used."""
    ops = bpy.ops.mesh
    assets = {
        "cube": make_mesh_object("Cube", lambda: ops.primitive_cube_add(size=1.0)),
        "sphere": make_mesh_object(
            "Sphere", lambda: ops.primitive_uv_sphere_add(radius=0.5, segments=64, ring_count=32)),
        "cylinder": make_mesh_object(
            "Cylinder", lambda: ops.primitive_cylinder_add(radius=0.5, depth=1.0, vertices=64)),
        "cone": make_mesh_object(
            "Cone", lambda: ops.primitive_cone_add(radius1=0.5, radius2=0.0, depth=1.0,
                                                   vertices=64)),
        # An upright ring (axis horizontal), so that a rotation about the vertical axis shows.
        # The quarter turn about x is baked into the mesh: an object rotation would be replaced
        # by each sample's rotation about z and leave the ring lying flat.
        "torus": make_mesh_object(
            "Torus", lambda: ops.primitive_torus_add(major_radius=0.35, minor_radius=0.15,
                                                     major_segments=64, minor_segments=24),
            pose=Matrix.Rotation(math.pi / 2, 4, "X")),
    }
    for key in ("sphere", "cylinder", "cone", "torus"):
        for poly in assets[key].data.polygons:
            poly.use_smooth = True
    return assets


def object_material(color_name):
    mat = bpy.data.materials.new("Object_" + color_name)
    rgb = COLORS[color_name]
    mat.diffuse_color = (rgb[0], rgb[1], rgb[2], 1.0)  # Workbench
    mat.use_nodes = True
    bsdf = mat.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = (rgb[0], rgb[1], rgb[2], 1.0)
    bsdf.inputs["Roughness"].default_value = 0.4
    return mat


def mix(a, b, t=0.5):
    return tuple(a[i] * (1 - t) + b[i] * t for i in range(3))


def floor_material(scene_name, params):
    kind, c1, c2 = params["floor"]
    mat = bpy.data.materials.new("Floor_" + scene_name)
    avg = mix(c1, c2)
    mat.diffuse_color = (avg[0], avg[1], avg[2], 1.0)
    mat.use_nodes = True
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes["Principled BSDF"]
    bsdf.inputs["Roughness"].default_value = 0.8
    coord = nodes.new("ShaderNodeTexCoord")
    if kind == "tiles":
        tex = nodes.new("ShaderNodeTexChecker")
        tex.inputs["Scale"].default_value = 0.5
        tex.inputs["Color1"].default_value = (*c1, 1.0)
        tex.inputs["Color2"].default_value = (*c2, 1.0)
        links.new(coord.outputs["Object"], tex.inputs["Vector"])
        links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
        return mat
    if kind in ("wood", "boards"):
        tex = nodes.new("ShaderNodeTexWave")
        tex.inputs["Scale"].default_value = 0.08 if kind == "wood" else 0.05
        tex.inputs["Distortion"].default_value = 2.0 if kind == "wood" else 0.0
    else:
        tex = nodes.new("ShaderNodeTexNoise")
        tex.inputs["Scale"].default_value = 0.6
        tex.inputs["Detail"].default_value = 4.0
    links.new(coord.outputs["Object"], tex.inputs["Vector"])
    ramp = nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.elements[0].color = (*c1, 1.0)
    ramp.color_ramp.elements[1].color = (*c2, 1.0)
    links.new(tex.outputs["Fac"], ramp.inputs["Fac"])
    links.new(ramp.outputs["Color"], bsdf.inputs["Base Color"])
    return mat


def procedural_world(scene_name, params):
    world = bpy.data.worlds.new("World_" + scene_name)
    world.use_nodes = True
    nodes, links = world.node_tree.nodes, world.node_tree.links
    bg = nodes["Background"]
    kind = params["world"][0]
    if kind == "sky":
        _, elevation, rotation, dust = params["world"]
        sky = nodes.new("ShaderNodeTexSky")
        sky.sky_type = "NISHITA"
        sky.sun_elevation = math.radians(elevation)
        sky.sun_rotation = math.radians(rotation)
        sky.sun_disc = False
        sky.dust_density = dust
        links.new(sky.outputs["Color"], bg.inputs["Color"])
        bg.inputs["Strength"].default_value = 0.25
        # Workbench shows a flat colour: a sky blue, darker and warmer for a low sun.
        t = min(1.0, max(0.0, elevation / 60.0))
        world.color = mix((0.35, 0.22, 0.18), (0.35, 0.55, 0.85), t)
    else:
        _, low, high, strength = params["world"]
        coord = nodes.new("ShaderNodeTexCoord")
        sep = nodes.new("ShaderNodeSeparateXYZ")
        ramp = nodes.new("ShaderNodeValToRGB")
        ramp.color_ramp.elements[0].position = 0.45
        ramp.color_ramp.elements[0].color = (*low, 1.0)
        ramp.color_ramp.elements[1].position = 0.8
        ramp.color_ramp.elements[1].color = (*high, 1.0)
        links.new(coord.outputs["Generated"], sep.inputs["Vector"])
        links.new(sep.outputs["Z"], ramp.inputs["Fac"])
        links.new(ramp.outputs["Color"], bg.inputs["Color"])
        bg.inputs["Strength"].default_value = strength
        world.color = mix(low, high)
    return world


def hdri_world(scene_name, path):
    world = bpy.data.worlds.new("HDRI_" + scene_name)
    world.use_nodes = True
    nodes, links = world.node_tree.nodes, world.node_tree.links
    env = nodes.new("ShaderNodeTexEnvironment")
    try:
        env.image = bpy.data.images.load(path, check_existing=True)
    except RuntimeError as e:
        raise RenderError("%s: cannot load the HDRI (%s)" % (path, str(e).strip()))
    links.new(env.outputs["Color"], nodes["Background"].inputs["Color"])
    world.color = (0.4, 0.4, 0.4)
    return world


def hdri_path(hdri_dir, scene_name):
    """<dir>/<scene name with spaces replaced by underscores>.hdr or .exr, or None."""
    if not hdri_dir:
        return None
    stem = scene_name.replace(" ", "_")
    for ext in (".hdr", ".exr"):
        p = os.path.join(hdri_dir, stem + ext)
        if os.path.isfile(p):
            return p
    return None


class Stage:
    """The Blender scene: camera, light, floor, assets; reconfigured per sample."""

    def __init__(self, args, factors):
        bpy.ops.wm.read_factory_settings(use_empty=True)
        self.scene = bpy.context.scene
        self.args = args
        scene = self.scene
        scene.render.resolution_x = WIDTH
        scene.render.resolution_y = HEIGHT
        scene.render.resolution_percentage = 100
        scene.render.image_settings.file_format = "PNG"
        scene.render.image_settings.color_mode = "RGB"
        scene.render.image_settings.color_depth = "8"
        scene.render.use_file_extension = False
        scene.render.film_transparent = False

        cam_data = bpy.data.cameras.new("Camera")
        cam_data.lens = CAMERA_LENS_MM
        cam_data.sensor_width = CAMERA_SENSOR_MM
        cam_data.sensor_fit = "HORIZONTAL"
        self.camera = bpy.data.objects.new("Camera", cam_data)
        scene.collection.objects.link(self.camera)
        scene.camera = self.camera
        direction = Vector(CAMERA_TARGET) - Vector(CAMERA_LOCATION)
        rot = direction.to_track_quat("-Z", "Y").to_matrix().to_4x4()
        self.camera_base = Matrix.Translation(CAMERA_LOCATION) @ rot

        light_data = bpy.data.lights.new("Light", type="POINT")
        light_data.energy = LIGHT_WATTS
        light_data.shadow_soft_size = 0.5
        self.light = bpy.data.objects.new("Light", light_data)
        scene.collection.objects.link(self.light)

        bpy.ops.mesh.primitive_plane_add(size=400.0, location=(0.0, 0.0, 0.0))
        self.floor = bpy.context.active_object
        self.floor.name = "Floor"

        self.assets = build_assets()
        self.materials = {c: object_material(c) for c in COLORS}
        self.floors = {}
        self.worlds = {}
        self.hdris = {}
        scene_names = dict(factors)["scene"]
        for name in scene_names:
            if name not in SCENES:
                raise RenderError("scene '%s' has no procedural stand-in in SCENES of %s"
                                  % (name, os.path.basename(__file__)))
        self.current = None
        self.configure_engine()

    def configure_engine(self):
        scene, args = self.scene, self.args
        scene.render.engine = ENGINES[args.engine]
        if args.engine == "cycles":
            scene.cycles.device = "CPU"
            scene.cycles.samples = args.samples
            scene.cycles.use_adaptive_sampling = False
            scene.cycles.use_denoising = False
            scene.cycles.max_bounces = 4
        elif args.engine == "eevee":
            scene.eevee.taa_render_samples = args.samples
            scene.eevee.use_soft_shadows = True
        else:
            shading = scene.display.shading
            shading.light = "STUDIO"
            shading.color_type = "MATERIAL"
            shading.show_shadows = True
            shading.shadow_intensity = 0.6
            shading.show_cavity = False
            scene.display.render_aa = "8"
        scene.view_settings.view_transform = "Filmic"
        scene.view_settings.look = "None"
        # The 5000 W point light 7 m up over-exposes the floor under Filmic; darken the film.
        scene.view_settings.exposure = FILM_EXPOSURE if args.engine != "workbench" else 0.0

    def world_for(self, scene_name):
        if scene_name not in self.worlds:
            path = hdri_path(self.args.hdri_dir, scene_name)
            if path is not None and self.args.engine != "workbench":
                self.worlds[scene_name] = hdri_world(scene_name, path)
                self.hdris[scene_name] = path
            else:
                self.worlds[scene_name] = procedural_world(scene_name, SCENES[scene_name])
        return self.worlds[scene_name]

    def setup(self, values, rnd):
        """Places everything for one sample; returns (extras, bounds)."""
        scene = self.scene
        scene_name = values["scene"]
        scene.world = self.world_for(scene_name)
        if scene_name not in self.floors:
            self.floors[scene_name] = floor_material(scene_name, SCENES[scene_name])
        self.floor.data.materials.clear()
        self.floor.data.materials.append(self.floors[scene_name])
        hdri = self.hdris.get(scene_name)
        self.floor.is_shadow_catcher = hdri is not None and self.args.engine == "cycles"

        self.light.location = LIGHT_POSITIONS[values["lights"]]
        # Workbench: studio lighting plus a shadow cast away from the light. Its light direction
        # is read in camera space (y up, z toward the viewer) with x mirrored (found by rendering
        # each light: with x not mirrored the shadow falls on the light's side).
        to_light = Vector(LIGHT_POSITIONS[values["lights"]]).normalized()
        d = self.camera_base.to_3x3().transposed() @ to_light
        scene.display.light_direction = Vector((-d.x, d.y, d.z))

        for obj in self.assets.values():
            obj.hide_render = True
        obj = self.assets[values["object_type"]]
        obj.hide_render = False
        obj.data.materials.clear()
        obj.data.materials.append(self.materials[values["color"]])
        size = float(values["size"])
        x = rnd.uniform(-X_RANGE, X_RANGE)
        obj.scale = (size, size, size)
        obj.rotation_euler = (0.0, 0.0, math.radians(float(values["rotation"])))
        obj.location = (x, 0.0, 0.0)
        self.current = obj

        # Bounds from the projected object with the camera before the jitter.
        self.camera.matrix_world = self.camera_base
        bpy.context.view_layer.update()
        bounds = self.projected_bounds(obj)

        jitter = [rnd.uniform(-JITTER_DEG, JITTER_DEG) for _ in range(3)]
        local = Euler([math.radians(j) for j in jitter], "XYZ").to_matrix().to_4x4()
        self.camera.matrix_world = self.camera_base @ local
        bpy.context.view_layer.update()
        extras = {
            "renderer": "candela-blender",
            "blender": bpy.app.version_string,
            "location": [round(x, 6), 0.0, 0.0],
            "jitter": {"pitch": round(jitter[0], 6), "yaw": round(jitter[1], 6),
                       "roll": round(jitter[2], 6)},
            "seed": self.args.seed,
            "engine": self.args.engine,
            "samples": self.args.samples if self.args.engine != "workbench" else 1,
            "background": ("hdri:" + os.path.basename(hdri)) if hdri else "procedural",
            "rules": self.args.rules,
        }
        return extras, bounds

    def projected_bounds(self, obj):
        """Bounds of the object's projected vertices (the silhouette's extremes are vertices)."""
        # The model matrix is built from the factors, not read back from Blender, so it does not
        # depend on depsgraph evaluation.
        model = (Matrix.Translation(obj.location)
                 @ Matrix.Rotation(obj.rotation_euler.z, 4, "Z")
                 @ Matrix.Diagonal((*obj.scale, 1.0)))
        xs, ys = [], []
        for v in obj.data.vertices:
            p = world_to_camera_view(self.scene, self.camera, model @ v.co)
            xs.append(p.x * WIDTH)
            ys.append(p.y * HEIGHT)
        # Pixel edges, y up (origin at the bottom-left), not clamped to the image.
        return [[int(math.floor(min(xs))), int(math.floor(min(ys)))],
                [int(math.ceil(max(xs))), int(math.ceil(max(ys)))]]

    def render_to(self, path, sample_seed_value):
        scene = self.scene
        scene.render.filepath = path
        if self.args.engine == "cycles":
            scene.cycles.seed = sample_seed_value % (2 ** 31)
        try:
            bpy.ops.render.render(write_still=True)
        except RuntimeError as e:
            hint = ""
            if self.args.engine == "eevee":
                hint = (" (EEVEE needs an OpenGL context: a GPU or a display; headless machines"
                        " without one should use --engine cycles or workbench)")
            raise RenderError("render failed: %s%s" % (str(e).strip(), hint))
        if not os.path.isfile(path) or os.path.getsize(path) == 0:
            raise RenderError("render wrote no image to %s" % path)

    def render_mask(self, path):
        """The object's pixel mask with the jittered camera: white object, black elsewhere."""
        scene = self.scene
        saved = (scene.render.engine, scene.world, self.floor.hide_render,
                 scene.view_settings.view_transform)
        shading = scene.display.shading
        saved_shading = (shading.light, shading.color_type, tuple(shading.single_color),
                         shading.show_shadows, scene.display.render_aa)
        mask_world = bpy.data.worlds.get("MaskWorld") or bpy.data.worlds.new("MaskWorld")
        mask_world.color = (0.0, 0.0, 0.0)
        scene.render.engine = "BLENDER_WORKBENCH"
        scene.world = mask_world
        self.floor.hide_render = True
        scene.view_settings.view_transform = "Standard"
        shading.light = "FLAT"
        shading.color_type = "SINGLE"
        shading.single_color = (1.0, 1.0, 1.0)
        shading.show_shadows = False
        scene.display.render_aa = "OFF"
        try:
            scene.render.filepath = path
            bpy.ops.render.render(write_still=True)
        finally:
            (scene.render.engine, scene.world, self.floor.hide_render,
             scene.view_settings.view_transform) = saved
            (shading.light, shading.color_type, shading.single_color, shading.show_shadows,
             scene.display.render_aa) = saved_shading


# ----------------------------------------------------------------------------- main


def object_key(object_type):
    return object_type.capitalize() + "_0"


def metadata(values, bounds, extras):
    return {
        "scene": values["scene"],
        "lights": values["lights"],
        "objects": {
            object_key(values["object_type"]): {
                "object_type": values["object_type"],
                "color": values["color"],
                "size": values["size"],
                "rotation": values["rotation"],
                "bounds": bounds,
            }
        },
        "extras": extras,
    }


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="render_candle.py",
        description="Render CANDLE-format samples ({id}.png + {id}.json) with Blender.")
    p.add_argument("--out", required=True, help="output folder (created when absent)")
    p.add_argument("--ids", help="ids: a-b, a, or a comma-separated list of those (inclusive)")
    p.add_argument("--id-file", help="a file with one id per line (instead of --ids)")
    p.add_argument("--count", type=int,
                   help="only the first N allowed ids of the selection, in product order")
    p.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    p.add_argument("--engine", choices=sorted(ENGINES), default="cycles")
    p.add_argument("--samples", type=int, default=128, help="Cycles/EEVEE samples (128)")
    p.add_argument("--rules", default=None, help="rules variant: published|paper (file default)")
    p.add_argument("--rules-file", default=DEFAULT_RULES, help="confounding rules JSON")
    p.add_argument("--spec", default=DEFAULT_SPEC, help="factor specification JSON")
    p.add_argument("--hdri-dir", default=None,
                   help="folder with <scene>.hdr/.exr (spaces in the scene name -> underscores)")
    p.add_argument("--mask-dir", default=None,
                   help="also write the object's pixel mask {id}.png here (for tests)")
    args = p.parse_args(argv)
    if args.samples < 1:
        p.error("--samples must be >= 1, got %d" % args.samples)
    if args.count is not None and args.count < 0:
        p.error("--count must be >= 0, got %d" % args.count)
    if args.ids and args.id_file:
        p.error("give --ids or --id-file, not both")
    if args.hdri_dir and not os.path.isdir(args.hdri_dir):
        p.error("--hdri-dir %s is not a folder" % args.hdri_dir)
    return args


def progress(sample_id, status, seconds):
    sys.stdout.write("CANDELA_PROGRESS %d %s %.3f\n" % (sample_id, status, seconds))
    sys.stdout.flush()


def run(args):
    factors = load_spec(args.spec)
    variant, rules = load_rules(args.rules_file, args.rules)
    args.rules = variant
    grid = grid_size(factors)
    if args.id_file:
        ids = read_id_file(args.id_file, grid)
    elif args.ids:
        ids = parse_ids(args.ids, grid)
    else:
        ids = list(range(grid))
    allowed = [i for i in ids if not excluded_by(rules, decode(factors, i))]
    if args.count is not None:
        allowed = allowed[: args.count]
    keep = set(allowed)
    os.makedirs(args.out, exist_ok=True)
    if args.mask_dir:
        os.makedirs(args.mask_dir, exist_ok=True)
    stage = None
    counts = {"rendered": 0, "skipped": 0, "excluded": 0}
    for i in ids:
        if i not in keep:
            if excluded_by(rules, decode(factors, i)):
                counts["excluded"] += 1
                progress(i, "excluded", 0.0)
            continue
        png = os.path.join(args.out, "%d.png" % i)
        js = os.path.join(args.out, "%d.json" % i)
        if os.path.isfile(png) and os.path.isfile(js):
            counts["skipped"] += 1
            progress(i, "skipped", 0.0)
            continue
        start = time.time()
        if stage is None:
            stage = Stage(args, factors)
        values = decode(factors, i)
        seed_i = sample_seed(args.seed, i)
        extras, bounds = stage.setup(values, random.Random(seed_i))
        tmp_png = png + ".part"
        stage.render_to(tmp_png, seed_i)
        os.replace(tmp_png, png)
        if args.mask_dir:
            stage.render_mask(os.path.join(args.mask_dir, "%d.png" % i))
        tmp_js = js + ".part"
        with open(tmp_js, "w", encoding="utf-8") as f:
            json.dump(metadata(values, bounds, extras), f)
            f.write("\n")
        os.replace(tmp_js, js)
        counts["rendered"] += 1
        progress(i, "rendered", time.time() - start)
    sys.stdout.write("CANDELA_DONE rendered=%d skipped=%d excluded=%d\n"
                     % (counts["rendered"], counts["skipped"], counts["excluded"]))
    sys.stdout.flush()


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    args = parse_args(argv)
    try:
        run(args)
    except RenderError as e:
        sys.stderr.write("render_candle.py: error: %s\n" % e)
        sys.stderr.flush()
        sys.exit(1)
    except Exception as e:  # anything from bpy: report it on one line, then the traceback
        import traceback
        traceback.print_exc()
        sys.stderr.write("render_candle.py: error: %s: %s\n" % (type(e).__name__, e))
        sys.stderr.flush()
        sys.exit(1)


if __name__ == "__main__":
    main()
