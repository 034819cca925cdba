/**
 * The model card shared by the three rooms (hosting, architectures, training): {@link
 * dev.candela.model.card.ModelCard} (architecture, input shape, factors of a model folder) and the
 * diagnosis of PyTorch folders that a card's loader gives when a folder holds PyTorch files
 * instead.
 */
package dev.candela.model.card;
