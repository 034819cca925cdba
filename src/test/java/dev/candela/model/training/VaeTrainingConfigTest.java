package dev.candela.model.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.model.arch.Architectures;
import dev.candela.model.arch.VaeArchitecture;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The training configuration's builder and the architecture enum. */
class VaeTrainingConfigTest {

  @Test
  void theBuilderStartsFromTheTrainCommandDefaults() {
    VaeTrainingConfig c = VaeTrainingConfig.builder(Objective.parse("factor-vae")).build();
    assertEquals(10, c.latentDim());
    assertEquals(10, c.epochs());
    assertEquals(64, c.batchSize());
    assertEquals(0, c.seed());
    assertEquals(1e-4, c.learningRate());
    assertEquals(4, c.beta());
    assertEquals(6, c.gamma());
    assertEquals(10, c.lambdaOd());
    assertEquals(100, c.lambdaD());
    assertEquals(0.1, c.supervisedFraction());
    assertEquals(10, c.supervisedWeight());
    assertEquals(1, c.boxWeight());
    assertEquals(1e-4, c.discriminatorLearningRate());
    assertEquals(0, c.limit());
    assertSame(VaeArchitecture.DL_CONV64, c.architecture());
    assertEquals(Architectures.DISCRIMINATOR_LAYERS, c.discriminatorLayers());
    assertEquals(Architectures.DISCRIMINATOR_UNITS, c.discriminatorUnits());
    assertEquals(c, c.toBuilder().build());
    assertEquals(
        VaeTrainingConfig.builder(Objective.parse("beta-vae"))
            .latentDim(6)
            .epochs(2)
            .seed(3)
            .build(),
        VaeTrainingConfig.defaults(Objective.parse("beta-vae"), 6, 2, 3));
  }

  @Test
  void architecturesKeepTheirIdsInTheCardMap() {
    for (VaeArchitecture a : VaeArchitecture.values()) {
      assertSame(a, VaeArchitecture.find(a.id()));
      assertEquals(a.id(), a.toString());
    }
    assertEquals(
        Architectures.VAES,
        VaeArchitecture.trainables().stream().map(VaeArchitecture::id).toList());
    VaeTrainingConfig c =
        VaeTrainingConfig.builder(Objective.parse("beta-vae"))
            .architecture("dl-conv-candle-upsample")
            .build();
    assertEquals("dl-conv-candle-upsample", c.toMap().get("architecture"));
    assertTrue(c.architecture().candle() && c.architecture().upsampling());
    assertEquals(
        List.of(3, 240, 320),
        List.of(
            c.architecture().input(3).channels(),
            c.architecture().input(3).height(),
            c.architecture().input(3).width()));
    assertNull(VaeArchitecture.find("conv3-fc"));
    assertFalse(VaeArchitecture.TINY_DENSE64.trainable());
  }

  @Test
  void anUnknownOrUntrainableArchitectureIsNamed() {
    for (String bad : List.of("resnet", Architectures.TINY_DENSE64)) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> VaeTrainingConfig.builder(Objective.parse("beta-vae")).architecture(bad));
      assertEquals(
          "architecture must be one of " + String.join(", ", Architectures.VAES) + ", got " + bad,
          e.getMessage());
    }
  }
}
