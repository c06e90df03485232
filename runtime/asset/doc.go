// Package asset loads, shares and unloads game files: a Manager reads and
// decodes files on workers (never touching GL or a scene), creates assets on
// the main thread (GPU uploads through render commands), counts references
// and frees GPU objects when the last holder releases an asset. Built-in
// formats: PNG and JPEG textures, GLSL shader pairs, TTF/OTF fonts and
// TTC/OTC collections (a face chosen by index or family after '#':
// "fonts/NotoSansCJK.ttc#2", "fonts/NotoSansCJK.ttc#Noto Sans CJK JP"),
// BMFont bitmap fonts (".fnt", with their page images), WAV, Ogg and MP3 clips,
// and texture atlases (TexturePacker JSON renamed ".atlas":
// an Atlas of named Frames for Sprite.SetFrame); RegisterFormat adds more
// (package scenefile adds scene files). Asset paths are relative to the
// asset root and cannot leave it. With Options.Watch, changed textures and
// shaders reload in place.
//
// Layer: runtime/, tier 3 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text, sound, transition, tween, animation,
// collision, particle, physics2d, vector, replay, ui, profiler).
package asset
