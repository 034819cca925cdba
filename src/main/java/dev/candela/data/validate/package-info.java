/**
 * Dataset validation and statistics: schema, images, vocabulary, id consistency, bounds,
 * duplicates, missing pairs and confounding rules, with factor coverage and pairwise co-occurrence.
 */
package dev.candela.data.validate;
