#!/usr/bin/env python3
"""Where the calling thread's time goes in a `bench models` / `bench cg` run, from a JFR recording.

Reads `jfr print --json` of jdk.ExecutionSample (Java code running; 10 ms period in the `profile`
settings) and jdk.NativeMethodSample (the thread inside a native call; 20 ms period, so weighted 2),
assigns each sample to a phase (encode, decode, classify, train, matmul) by the Candela frames on
its stack and to a category by its top frame, and prints, per phase, the share of each category.
Record with the launcher's JVM options, e.g.
  CANDELA_JAVA_OPTS="-XX:StartFlightRecording=filename=models.jfr,settings=profile" \
      ./candela bench models --device cpu --batch-sizes 64,256 --seconds 4 --train-steps 20
then: python3 scripts/jfr-breakdown.py models.jfr [more.jfr ...] (needs the JDK's `jfr` on PATH).
Only the calling (Java) thread is sampled: libtorch's own worker threads are not Java threads, so
"engine" shares are the time the caller waits inside an engine call, and "host" shares the time
it runs Java code of its own (batch assembly, conversions, shapes, bookkeeping).
"""
import collections
import json
import subprocess
import sys

KERNELS = {"torchNNConvNd", "torchNNLinear", "torchNNRelu", "torchSigmoid", "torchBackward",
           "torchMatmul", "torchSoftmax", "torchLogSoftmax", "moduleForward", "torchExp", "torchLog",
           "torchMaximum", "torchAbs", "torchSum", "torchMean", "torchSub", "torchAdd", "torchMul",
           "torchNeg", "torchSquare", "torchNNBatchNorm", "torchNNLeakyRelu", "torchPow"}
OPTIMISER_CLASSES = ("CheckpointAdam", "zeroGradients")
TCONV = ("TransposedConv2d",)
COPY_NATIVE = {"torchFromBlob", "tensorClone", "torchToSparse", "torchDataPtr", "torchGetByteBuffer",
               "tensorToByteBuffer", "torchTo", "torchToDevice", "torchGet", "torchIndex",
               "torchIndexReturn", "torchContiguous"}


def phase(names):
    joined = " ".join(names)
    if "matmul" in joined.lower() and ("ModelBench" in joined or "MatmulRate" in joined):
        return "matmul"
    for key, ph in (("FactorClassifier", "classify"), ("CheckpointAdam", "train"),
                    ("zeroGradients", "train"), ("VaeTrainer", "train"), ("TrainingLoop", "train"),
                    ("VaeStep", "train"), ("HostedVae.encode", "encode"),
                    ("HostedVae.decode", "decode")):
        if key in joined:
            return ph
    return None


def category(kind, names):
    top = names[0] if names else "?"
    method = top.rsplit(".", 1)[-1]
    joined = " ".join(names)
    if kind == "NativeMethodSample" and top.startswith("ai/djl/pytorch/jni/PyTorchLibrary"):
        if any(c in joined for c in OPTIMISER_CLASSES):
            return "engine: optimiser element-wise ops"
        if method in KERNELS:
            return "engine: network kernels"
        if method in COPY_NATIVE:
            return "engine: copies in/out"
        if any(c in joined for c in TCONV):
            return "engine: transposed-conv reshapes/flips"
        return "engine: other calls (" + method + ")"
    if kind == "NativeMethodSample":
        return "native: other (" + method + ")"
    # Java code running on the thread: host side.
    if "Shape" in joined.split(" ")[0] or "stream" in top:
        return "host: shape/stream building"
    if any(k in joined for k in ("toFloatArray", "toArray", "NDManager.create", "InputBuffer",
                                 "ByteBuffer", "copyOf", "arraycopy")):
        return "host: array conversions and copies"
    return "host: other Java code"


def breakdown(path):
    out = subprocess.run(["jfr", "print", "--json", "--events",
                          "jdk.ExecutionSample,jdk.NativeMethodSample", "--stack-depth", "64", path],
                         check=True, capture_output=True, text=True).stdout
    events = json.loads(out)["recording"]["events"]
    table = collections.defaultdict(collections.Counter)
    for e in events:
        st = e["values"].get("stackTrace")
        frames = st["frames"] if st else []
        names = [f["method"]["type"]["name"] + "." + f["method"]["name"] for f in frames]
        if not any("candela" in n for n in names):
            continue
        ph = phase(names)
        if ph is None:
            continue
        kind = e["type"].split(".")[-1]
        weight = 2 if kind == "NativeMethodSample" else 1
        table[ph][category(kind, names)] += weight
    return table


def main():
    for path in sys.argv[1:]:
        print(f"## {path}")
        for ph, counts in sorted(breakdown(path).items()):
            total = sum(counts.values())
            host = sum(v for k, v in counts.items() if k.startswith("host"))
            print(f"{ph}: {total} weighted samples (10 ms each), host-side Java {100 * host / total:.1f}%")
            for k, v in counts.most_common():
                print(f"  {100 * v / total:5.1f}%  {k}")


if __name__ == "__main__":
    main()
