// Package replay records a run's input frame by frame (Recorder), plays it
// back (Player) and checks that the replay reaches the same state: with a
// fixed dt, the same recorded input gives the same scene, every frame. A
// StateHasher reduces a scene to per-node and per-component hashes of its
// state fields (the exported fields a scene file saves), and Diff names the
// first difference.
//
// A recording file is text, one line per setting, dt change and event.
// Recording.WriteTo writes only recordings that pass Validate, and
// ReadRecording reads back exactly what it wrote: text events keep any
// bytes, invalid UTF-8 included (they are written Go-quoted in ASCII, as
// since the first recordings, so older files still read). ReadRecording
// never panics on bad input; its errors name the file, the line and the
// reason. Its limits, which Validate (and so NewPlayer) applies too:
//   - a recording claims at most MaxFrames frames (2^30): "replay:
//     recording "run.rec" line 4: frames 18446744073709551615 is over the
//     limit of 1073741824 (MaxFrames)";
//   - a line holds at most MaxLineBytes bytes (64 KiB), so the reader
//     never buffers more: "replay: recording "run.rec" line 6: longer
//     than 65536 bytes (MaxLineBytes)";
//   - a text event holds at most MaxTextBytes bytes (4096).
//
// Gamepads are recorded too: their connection (with the id the Input gave
// them and their name), buttons, axes and disconnection; the pads
// connected when recording starts are recorded as connected in frame 0.
// A Player brings them back as virtual pads (platform.Input's
// InjectGamepadAdded) under their recorded ids, so gamepad play, from a
// platform.VirtualGamepad or a real pad, replays headless.
//
// Every other count comes from lines actually read, so memory grows with
// the file, never with what it claims.
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package replay
