package dev.candela.cli.options;

import dev.candela.metrics.DciLearner;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --dci-learner}: {@code sklearn-gbt} (the default), {@code xgboost}, {@code lasso} or
 * {@code random-forest}.
 */
public final class DciLearnerConverter implements ITypeConverter<DciLearner> {
  /** Creates the converter (picocli instantiates it). */
  public DciLearnerConverter() {}

  @Override
  public DciLearner convert(String text) {
    try {
      return DciLearner.parse(text);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException("--dci-learner: " + e.getMessage());
    }
  }
}
