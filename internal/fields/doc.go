// Package fields holds the one rule for which fields of a component are its
// state: scene files read and write exactly these, and the replay state
// hash hashes exactly these.
//
// Layer: internal (no game imports it). It may import scenegraph.
package fields
