// Package assettest holds what the tests of the asset-loading packages
// share: a frame source to inspect, a logger that keeps its reports, and
// copies of the module's test assets.
//
// Layer: internal (test helpers no game imports). It may import core and
// render.
package assettest
