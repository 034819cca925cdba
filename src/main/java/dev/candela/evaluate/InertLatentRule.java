package dev.candela.evaluate;

import dev.candela.metrics.IrsResult;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.cg.CgLatentActivity;
import dev.candela.metrics.stats.Arrays2;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The latent-activity rule of the CG selection ({@link SelectionPass#withActivity}): given which
 * latents the decoder uses ({@link CgLatentActivity}), Z_I is chosen by UC(ρ)'s rule among the
 * active latents, and a factor is excluded from CG when UC's set over all latents holds an inert
 * latent and the best active latent's IRS entry is below {@link SelectionPass#CARRY_SHARE} × the
 * factor's best IRS entry. Each change of Z_I and each exclusion is reported as a warning that
 * names the latents, their IRS entries and decoder sensitivities.
 */
final class InertLatentRule {
  private InertLatentRule() {}

  /**
   * The selection with the rule applied.
   *
   * @param sel a selection (its warnings are kept, the rule's are added)
   * @param act the decoder's latent activity (as many latents as the selection's statistics)
   * @return the new selection
   */
  static SelectionPass apply(SelectionPass sel, CgLatentActivity act) {
    if (act.numLatents() != sel.stats().numLatents()) {
      throw new IllegalArgumentException(
          "activity of "
              + act.numLatents()
              + " latents for a selection over "
              + sel.stats().numLatents()
              + " latents");
    }
    IrsResult irs = sel.irs();
    UcResult uc = sel.uc();
    int rho = sel.rho();
    List<String> factorNames = sel.factorNames();
    int[] rows = Arrays2.ints(irs.activeLatents());
    double[][] m = irs.matrix().toArray();
    int allowedRows = 0;
    for (int j : rows) {
      if (act.isActive(j)) {
        allowedRows++;
      }
    }
    UcResult restricted =
        allowedRows >= rho ? Uc.compute(irs, rho, uc.selection(), act.active()) : uc;
    List<String> out = new ArrayList<>(sel.warnings());
    Map<String, int[]> ex = new LinkedHashMap<>();
    int[][] all = Arrays2.ints2(uc.sets());
    int[][] chosen = Arrays2.ints2(restricted.sets());
    for (int f = 0; f < factorNames.size(); f++) {
      String name = factorNames.get(f);
      boolean pickInert = Arrays.stream(all[f]).anyMatch(j -> !act.isActive(j));
      if (!pickInert) {
        continue;
      }
      double best = 0;
      double bestActive = 0;
      int bestActiveLatent = -1;
      for (int a = 0; a < rows.length; a++) {
        best = Math.max(best, m[a][f]);
        if (act.isActive(rows[a]) && (bestActiveLatent < 0 || m[a][f] > bestActive)) {
          bestActive = m[a][f];
          bestActiveLatent = rows[a];
        }
      }
      if (bestActiveLatent < 0 || bestActive < SelectionPass.CARRY_SHARE * best) {
        List<Integer> carriers = new ArrayList<>();
        for (int a = 0; a < rows.length; a++) {
          if (!act.isActive(rows[a]) && m[a][f] > Math.max(bestActive, 0)) {
            carriers.add(a);
          }
        }
        int col = f;
        carriers.sort((x, y) -> Double.compare(m[y][col], m[x][col]));
        int[] latents = carriers.stream().mapToInt(a -> rows[a]).toArray();
        ex.put(name, latents);
        List<String> parts = new ArrayList<>();
        for (int a : carriers) {
          parts.add(
              String.format(
                  Locale.ROOT,
                  "z%d (IRS %.3f, decoder sensitivity %.2g)",
                  rows[a],
                  m[a][f],
                  act.sensitivity()[rows[a]]));
        }
        out.add(
            String.format(
                Locale.ROOT,
                "cg.%s is excluded (left out of cg): factor '%s' is carried by latents the decoder"
                    + " does not use, %s; the best latent the decoder uses, %s, has IRS %.3f <"
                    + " %.2f x %.3f (inert: decoder sensitivity < %s x the largest)",
                name,
                name,
                String.join(", ", parts),
                bestActiveLatent < 0 ? "none" : "z" + bestActiveLatent,
                bestActive,
                SelectionPass.CARRY_SHARE,
                best,
                CgLatentActivity.INERT_SHARE));
      } else {
        out.add(
            String.format(
                Locale.ROOT,
                "cg.%s: Z_I = %s instead of UC's %s for factor '%s': the decoder does not use %s"
                    + " (decoder sensitivity < %s x the largest)",
                name,
                latentList(chosen[f]),
                latentList(all[f]),
                name,
                latentList(Arrays.stream(all[f]).filter(j -> !act.isActive(j)).toArray()),
                CgLatentActivity.INERT_SHARE));
      }
    }
    return new SelectionPass(factorNames, irs, uc, rho, sel.stats(), out, act, restricted, ex);
  }

  private static String latentList(int[] latents) {
    List<String> names = new ArrayList<>();
    for (int j : latents) {
      names.add("z" + j);
    }
    return "[" + String.join(", ", names) + "]";
  }
}
