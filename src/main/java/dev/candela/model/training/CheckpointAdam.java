package dev.candela.model.training;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.util.Pair;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Adam (Kingma and Ba 2015) whose moment estimates and step counts can be saved and restored, so a
 * resumed training run continues exactly where the checkpoint left it (DJL's built-in Adam keeps
 * its state private). Moments are keyed by the parameter's path name in the block, which is stable
 * across processes (DJL parameter ids are not).
 */
final class CheckpointAdam extends Optimizer {
  private float lr;
  private final float beta1;
  private final float beta2;
  private final float eps;
  private final Map<String, String> idToName = new HashMap<>();
  private final Map<String, NDArray[]> state = new HashMap<>();
  private final Map<String, Integer> steps = new HashMap<>();
  private final List<String> names;

  CheckpointAdam(Block block, float lr, float beta1, float beta2, float eps) {
    super(new Builder());
    this.lr = lr;
    this.beta1 = beta1;
    this.beta2 = beta2;
    this.eps = eps;
    for (Pair<String, Parameter> p : block.getParameters()) {
      idToName.put(p.getValue().getId(), p.getKey());
    }
    this.names = block.getParameters().keys();
  }

  /**
   * The trainer configuration that steps with this optimiser on one device (the loss is computed by
   * the caller; DJL's configuration needs one, which is never used).
   *
   * @param device the device
   * @return the configuration
   */
  DefaultTrainingConfig trainingConfig(Device device) {
    return new DefaultTrainingConfig(Loss.l2Loss())
        .optOptimizer(this)
        .optDevices(new Device[] {device});
  }

  /**
   * Sets the learning rate of the following steps (a step schedule; the moments are kept).
   *
   * @param rate the learning rate
   */
  void setLearningRate(float rate) {
    this.lr = rate;
  }

  @Override
  public void update(String parameterId, NDArray weight, NDArray grad) {
    String name = idToName.get(parameterId);
    if (name == null) {
      throw new IllegalStateException("parameter " + parameterId + " is not in the trained block");
    }
    NDArray[] mv =
        state.computeIfAbsent(name, k -> new NDArray[] {grad.zerosLike(), grad.zerosLike()});
    int t = steps.merge(name, 1, Integer::sum);
    try (NDManager scope = weight.getManager().newSubManager()) {
      scope.tempAttachAll(weight, grad, mv[0], mv[1]);
      mv[0].muli(beta1).addi(grad.mul(1 - beta1));
      mv[1].muli(beta2).addi(grad.square().mul(1 - beta2));
      float c1 = (float) (1 - Math.pow(beta1, t));
      float c2 = (float) (1 - Math.pow(beta2, t));
      NDArray step = mv[0].div(c1).mul(lr).div(mv[1].div(c2).sqrt().add(eps));
      weight.subi(step);
    }
  }

  /**
   * Writes the moments and step counts in parameter-name order.
   *
   * @param out the stream
   * @throws IOException on write failure
   */
  void save(OutputStream out, NDManager manager) throws IOException {
    try (NDManager scope = manager.newSubManager()) {
      NDList list = new NDList();
      for (String n : names) {
        NDArray[] mv = state.get(n);
        if (mv == null) {
          list.add(scope.create(new float[0]));
          list.add(scope.create(new float[0]));
          list.add(scope.create(new int[] {0}));
        } else {
          list.add(mv[0]);
          list.add(mv[1]);
          list.add(scope.create(new int[] {steps.get(n)}));
        }
      }
      list.encode(out);
    }
  }

  /**
   * Restores moments and step counts written by {@link #save}.
   *
   * @param in the stream
   * @param manager the manager that will own the moments
   * @throws IOException on read failure or a layout mismatch
   */
  void load(InputStream in, NDManager manager) throws IOException {
    NDList list = NDList.decode(manager, in);
    if (list.size() != 3 * names.size()) {
      throw new IOException(
          "optimizer state has " + list.size() + " arrays, expected " + 3 * names.size());
    }
    for (int i = 0; i < names.size(); i++) {
      int t = list.get(3 * i + 2).toIntArray()[0];
      list.get(3 * i + 2).close();
      if (t == 0) {
        list.get(3 * i).close();
        list.get(3 * i + 1).close();
        continue;
      }
      state.put(names.get(i), new NDArray[] {list.get(3 * i), list.get(3 * i + 1)});
      steps.put(names.get(i), t);
    }
  }

  /** A builder with default settings (the base class needs one). */
  private static final class Builder extends OptimizerBuilder<Builder> {
    @Override
    protected Builder self() {
      return this;
    }
  }
}
