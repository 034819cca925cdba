/**
 * Deep Java Library models, in rooms: {@code hosting} (loading and running trained models), {@code
 * arch} (network architectures), {@code training}, and {@code card} (the model card all three
 * share); this package itself holds what joins them, the counterfactual pair of models. Only this
 * package and its sub-packages touch DJL.
 */
package dev.candela.model;
