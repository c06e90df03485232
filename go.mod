module github.com/tact-engine/tact

go 1.26.0

require (
	github.com/ByteArena/box2d v1.0.2
	github.com/chromedp/chromedp v0.23.1
	github.com/fsnotify/fsnotify v1.10.1
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	github.com/go-gl/mathgl v1.2.0
	github.com/go-text/typesetting v0.3.5
	github.com/hajimehoshi/go-mp3 v0.3.4
	github.com/jfreymuth/oggvorbis v1.0.5
	github.com/lafriks/go-tiled v0.15.0
	github.com/qmuntal/gltf v0.29.0
	github.com/veandco/go-sdl2 v0.4.39
	golang.org/x/image v0.48.0
	golang.org/x/text v0.44.0
)

require (
	github.com/chromedp/cdproto v0.160.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/jfreymuth/vorbis v1.0.2 // indirect
	golang.org/x/sys v0.50.0 // indirect
)
