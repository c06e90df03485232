// Package golden compares pictures with golden images, with a tolerance:
// rasterizers differ in the last bit of edges and blending. Tests of the
// engine and of the samples share it.
//
// Layer: internal (test helpers no game imports). It imports no other package
// of the module.
package golden
