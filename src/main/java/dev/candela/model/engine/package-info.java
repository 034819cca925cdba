/**
 * The PyTorch engine itself: which libtorch DJL loaded and what it sees ({@link
 * dev.candela.model.engine.EngineInfo}), and building DJL's JNI against the torch of a Python
 * ({@link dev.candela.model.engine.JniBuild}, {@link dev.candela.model.engine.TorchInstall}, {@link
 * dev.candela.model.engine.JniSources}) so that Candela runs on a torch the user already has.
 */
package dev.candela.model.engine;
