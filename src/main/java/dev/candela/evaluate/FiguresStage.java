package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.cf.CounterfactualGrid;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.metrics.stats.Arrays2;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The figures stage of an {@link Evaluation}, after CG: the images that need the decoder, made
 * before the page so that the page decodes nothing ({@link EvaluationFigures}). The grid samples
 * are the seeded subset {@code Sampling.shuffled(n, min(gridSamples, n), seed + 2)} of the encoded
 * samples; one counterfactual grid per factor CG scored (read from CG's finished result, {@link
 * CgSection}), their reconstructions, and the traversals of the first grid sample from each
 * latent's minimum to its maximum over the evaluation set. It adds nothing to {@code report.json}.
 */
final class FiguresStage implements EvaluationStage {

  /** Steps per latent in the traversals. */
  static final int STEPS = 8;

  @Override
  public boolean applies(EvaluationSettings s) {
    return true;
  }

  @Override
  public StageResult run(EvaluationContext c) throws CandelaException {
    EvaluationSettings s = c.settings();
    EncodedSamples e = c.samples();
    LatentStats stats = c.latentStats();
    LatentDecoder decoder = c.decoder();
    int n = e.n();
    long[] gridPos = Sampling.shuffled(n, Math.min(s.gridSamples(), n), s.seed() + 2);
    long[] gridIdx = new long[gridPos.length];
    for (int k = 0; k < gridPos.length; k++) {
      gridIdx[k] = e.idx()[(int) gridPos[k]];
    }
    FactorDataset dataset = e.dataset();
    int g = gridPos.length;
    float[] originals = c.inDecoderShape(dataset.images(gridIdx), g);
    float[][] zGrid = Sampling.rows(e.z(), gridPos);
    List<EvaluationFigures.Grid> grids = new ArrayList<>();
    for (StageResult earlier : c.results()) {
      for (PageSection section : earlier.sections()) {
        if (section instanceof CgSection cg) {
          for (CgSummary.FactorScore fs : cg.summary().factors()) {
            grids.add(
                new EvaluationFigures.Grid(
                    fs,
                    CounterfactualGrid.render(
                        zGrid, originals, decoder, Arrays2.ints(fs.set()), stats, s.baseline())));
          }
        }
      }
    }
    float[] recon = c.vae().decode(zGrid);
    int d = e.z()[0].length;
    float[][] trav = new float[d * STEPS][];
    for (int j = 0; j < d; j++) {
      for (int k = 0; k < STEPS; k++) {
        float[] row = zGrid[0].clone();
        row[j] = (float) (stats.min(j) + (stats.max(j) - stats.min(j)) * k / (STEPS - 1.0));
        trav[j * STEPS + k] = row;
      }
    }
    EvaluationFigures figures =
        new EvaluationFigures(
            grids, originals, recon, g, c.vae().decode(trav), d, STEPS, decoder.imageShape());
    return new StageResult(Map.of(), Map.of(), Map.of(), List.of(), Map.of(), List.of(figures));
  }
}
