package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;
import java.awt.image.BufferedImage;
import java.util.List;

/**
 * The decoded figures of an evaluation, made by {@link FiguresStage} and rendered on the page after
 * CG's head: one counterfactual grid per CG factor, the grid samples above their reconstructions,
 * and the latent traversals of the first grid sample.
 *
 * @param grids the counterfactual grids, one per scored CG factor (empty when CG did not score)
 * @param originals the {@code samples} grid images in the decoder's shape
 * @param reconstructions their decoded reconstructions
 * @param samples the number of grid samples
 * @param traversals the decoded traversal images, {@code steps} per latent, row by row
 * @param latents the number of latents (traversal rows)
 * @param steps images per traversal row
 * @param shape the decoder's image shape {C, H, W}
 */
record EvaluationFigures(
    List<Grid> grids,
    float[] originals,
    float[] reconstructions,
    int samples,
    float[] traversals,
    int latents,
    int steps,
    int[] shape)
    implements PageSection {

  /**
   * One CG factor's counterfactual grid.
   *
   * @param factor the factor's score and latent set
   * @param image the rendered grid
   */
  record Grid(CgSummary.FactorScore factor, BufferedImage image) {}

  /** Copies the arrays. */
  EvaluationFigures {
    grids = List.copyOf(grids);
    originals = originals.clone();
    reconstructions = reconstructions.clone();
    traversals = traversals.clone();
    shape = shape.clone();
  }

  @Override
  public Place place() {
    return Place.FIGURES;
  }

  @Override
  public void render(EvaluationPage page, ScoreReport report) throws CandelaException {
    for (Grid g : grids) {
      page.counterfactualGrid(g.factor(), g.image());
    }
    page.reconstructions(originals, reconstructions, samples, shape);
    page.traversals(traversals, latents, steps, shape);
  }
}
