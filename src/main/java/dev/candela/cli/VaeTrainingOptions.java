package dev.candela.cli;

import dev.candela.model.training.Objective;
import dev.candela.model.training.VaeTrainingConfig;
import picocli.CommandLine.Option;

/**
 * The hyper-parameters of {@code candela train} (a picocli mixin), turned into a {@link
 * VaeTrainingConfig} by {@link #config}.
 */
final class VaeTrainingOptions {
  @Option(names = "--objective", required = true, description = "Objective.")
  String objective;

  @Option(
      names = "--latent-dim",
      defaultValue = "10",
      description = "Latent size (default ${DEFAULT-VALUE}).")
  int latentDim;

  @Option(
      names = "--epochs",
      defaultValue = "10",
      description = "Epochs (default ${DEFAULT-VALUE}).")
  int epochs;

  @Option(
      names = "--lr",
      defaultValue = "1e-4",
      description = "Adam learning rate (default ${DEFAULT-VALUE}).")
  double lr;

  @Option(
      names = "--beta",
      defaultValue = "4",
      description = "beta of beta-vae/beta-tcvae (default ${DEFAULT-VALUE}).")
  double beta;

  @Option(
      names = "--gamma",
      defaultValue = "6",
      description = "gamma of factor-vae (default ${DEFAULT-VALUE}).")
  double gamma;

  @Option(
      names = "--lambda-od",
      defaultValue = "10",
      description = "DIP-VAE-I off-diagonal weight (default ${DEFAULT-VALUE}).")
  double lambdaOd;

  @Option(
      names = "--lambda-d",
      defaultValue = "100",
      description = "DIP-VAE-I diagonal weight (default ${DEFAULT-VALUE}).")
  double lambdaD;

  @Option(
      names = "--label-fraction",
      defaultValue = "0.1",
      description = "Labelled fraction for ss- objectives (default ${DEFAULT-VALUE}).")
  double labelFraction;

  @Option(
      names = "--ss-weight",
      defaultValue = "10",
      description = "Weight of the supervised term (default ${DEFAULT-VALUE}).")
  double ssWeight;

  @Option(
      names = "--box-weight",
      defaultValue = "1",
      description = "lambda of the ss-fvae-bb box term (default ${DEFAULT-VALUE}).")
  double boxWeight;

  @Option(
      names = "--discriminator-lr",
      defaultValue = "1e-4",
      description = "FactorVAE discriminator learning rate (default ${DEFAULT-VALUE}).")
  double discLr;

  @Option(
      names = "--disc-layers",
      defaultValue = "6",
      description = "FactorVAE discriminator hidden layers (default ${DEFAULT-VALUE}).")
  int discLayers;

  @Option(
      names = "--disc-units",
      defaultValue = "1000",
      description = "FactorVAE discriminator units per hidden layer (default ${DEFAULT-VALUE}).")
  int discUnits;

  @Option(
      names = "--limit",
      defaultValue = "0",
      description = "Train on a seeded subset of N images (0 = all).")
  int limit;

  @Option(
      names = "--architecture",
      defaultValue = "dl-conv64",
      description =
          "dl-conv64 (64x64 input, larger images area-resized) or dl-conv-candle (native"
              + " 240x320 input, CANDLE datasets only), both with transposed-convolution decoders;"
              + " dl-conv64-upsample and dl-conv-candle-upsample have the earlier upsampling"
              + " decoders (default ${DEFAULT-VALUE}).")
  String architecture;

  /** Creates the options. */
  VaeTrainingOptions() {}

  /** The validated configuration, with the batch size and seed of the shared options. */
  VaeTrainingConfig config(int batchSize, long seed) {
    return VaeTrainingConfig.builder(Objective.parse(objective))
        .latentDim(latentDim)
        .epochs(epochs)
        .batchSize(batchSize)
        .seed(seed)
        .learningRate(lr)
        .beta(beta)
        .gamma(gamma)
        .lambdaOd(lambdaOd)
        .lambdaD(lambdaD)
        .supervisedFraction(labelFraction)
        .supervisedWeight(ssWeight)
        .boxWeight(boxWeight)
        .discriminatorLearningRate(discLr)
        .limit(limit)
        .architecture(architecture)
        .discriminator(discLayers, discUnits)
        .build();
  }
}
