module github.com/tact-engine/tact

go 1.26.0

require (
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	github.com/go-gl/mathgl v1.2.0
	github.com/veandco/go-sdl2 v0.4.39
	golang.org/x/image v0.48.0
)
