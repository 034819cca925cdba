package dev.candela;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package rules of docs/architecture.md, checked with ArchUnit on the compiled main classes: no
 * package cycle (every package, sub-packages separately), DJL only in {@code model/}, the numerical
 * packages free of the pipeline, and {@code cli} imported by nobody.
 */
class ArchitectureTest {
  private static JavaClasses main;

  @BeforeAll
  static void importClasses() {
    main =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.candela");
  }

  @Test
  void noPackageCycles() {
    slices().matching("dev.candela.(**)").should().beFreeOfCycles().check(main);
  }

  @Test
  void onlyModelImportsDjl() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.candela.model..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("ai.djl..")
        .check(main);
  }

  @Test
  void metricsDataAndCausalKnowNothingOfThePipeline() {
    noClasses()
        .that()
        .resideInAnyPackage("dev.candela.metrics..", "dev.candela.data..", "dev.candela.causal..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.candela.evaluate..",
            "dev.candela.report..",
            "dev.candela.model..",
            "dev.candela.cli..",
            "dev.candela.sweep..")
        .check(main);
  }

  @Test
  void nothingOutsideCliImportsCli() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.candela.cli..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.candela.cli..")
        .check(main);
  }
}
