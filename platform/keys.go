package platform

import "github.com/veandco/go-sdl2/sdl"

// Key identifies a physical key by its USB HID scancode (SDL_Scancode): the
// key's position, independent of the keyboard layout. KeyW is where W is on a
// US keyboard, which suits WASD movement on any layout. For the character a
// key types, use KeyEvent.Code or the TextInput signal.
type Key uint16

// KeyCount bounds Key values: every Key the Input tracks is below it.
const KeyCount = sdl.NUM_SCANCODES

// Keys. The values are SDL scancodes; any other scancode below KeyCount is a
// valid Key too.
const (
	KeyUnknown Key = sdl.SCANCODE_UNKNOWN

	KeyA Key = sdl.SCANCODE_A
	KeyB Key = sdl.SCANCODE_B
	KeyC Key = sdl.SCANCODE_C
	KeyD Key = sdl.SCANCODE_D
	KeyE Key = sdl.SCANCODE_E
	KeyF Key = sdl.SCANCODE_F
	KeyG Key = sdl.SCANCODE_G
	KeyH Key = sdl.SCANCODE_H
	KeyI Key = sdl.SCANCODE_I
	KeyJ Key = sdl.SCANCODE_J
	KeyK Key = sdl.SCANCODE_K
	KeyL Key = sdl.SCANCODE_L
	KeyM Key = sdl.SCANCODE_M
	KeyN Key = sdl.SCANCODE_N
	KeyO Key = sdl.SCANCODE_O
	KeyP Key = sdl.SCANCODE_P
	KeyQ Key = sdl.SCANCODE_Q
	KeyR Key = sdl.SCANCODE_R
	KeyS Key = sdl.SCANCODE_S
	KeyT Key = sdl.SCANCODE_T
	KeyU Key = sdl.SCANCODE_U
	KeyV Key = sdl.SCANCODE_V
	KeyW Key = sdl.SCANCODE_W
	KeyX Key = sdl.SCANCODE_X
	KeyY Key = sdl.SCANCODE_Y
	KeyZ Key = sdl.SCANCODE_Z

	Key1 Key = sdl.SCANCODE_1
	Key2 Key = sdl.SCANCODE_2
	Key3 Key = sdl.SCANCODE_3
	Key4 Key = sdl.SCANCODE_4
	Key5 Key = sdl.SCANCODE_5
	Key6 Key = sdl.SCANCODE_6
	Key7 Key = sdl.SCANCODE_7
	Key8 Key = sdl.SCANCODE_8
	Key9 Key = sdl.SCANCODE_9
	Key0 Key = sdl.SCANCODE_0

	KeyReturn    Key = sdl.SCANCODE_RETURN
	KeyEnter         = KeyReturn
	KeyEscape    Key = sdl.SCANCODE_ESCAPE
	KeyBackspace Key = sdl.SCANCODE_BACKSPACE
	KeyTab       Key = sdl.SCANCODE_TAB
	KeySpace     Key = sdl.SCANCODE_SPACE

	KeyMinus        Key = sdl.SCANCODE_MINUS
	KeyEquals       Key = sdl.SCANCODE_EQUALS
	KeyLeftBracket  Key = sdl.SCANCODE_LEFTBRACKET
	KeyRightBracket Key = sdl.SCANCODE_RIGHTBRACKET
	KeyBackslash    Key = sdl.SCANCODE_BACKSLASH
	KeySemicolon    Key = sdl.SCANCODE_SEMICOLON
	KeyApostrophe   Key = sdl.SCANCODE_APOSTROPHE
	KeyGrave        Key = sdl.SCANCODE_GRAVE
	KeyComma        Key = sdl.SCANCODE_COMMA
	KeyPeriod       Key = sdl.SCANCODE_PERIOD
	KeySlash        Key = sdl.SCANCODE_SLASH
	KeyCapsLock     Key = sdl.SCANCODE_CAPSLOCK

	KeyF1  Key = sdl.SCANCODE_F1
	KeyF2  Key = sdl.SCANCODE_F2
	KeyF3  Key = sdl.SCANCODE_F3
	KeyF4  Key = sdl.SCANCODE_F4
	KeyF5  Key = sdl.SCANCODE_F5
	KeyF6  Key = sdl.SCANCODE_F6
	KeyF7  Key = sdl.SCANCODE_F7
	KeyF8  Key = sdl.SCANCODE_F8
	KeyF9  Key = sdl.SCANCODE_F9
	KeyF10 Key = sdl.SCANCODE_F10
	KeyF11 Key = sdl.SCANCODE_F11
	KeyF12 Key = sdl.SCANCODE_F12

	KeyPrintScreen Key = sdl.SCANCODE_PRINTSCREEN
	KeyScrollLock  Key = sdl.SCANCODE_SCROLLLOCK
	KeyPause       Key = sdl.SCANCODE_PAUSE
	KeyInsert      Key = sdl.SCANCODE_INSERT
	KeyHome        Key = sdl.SCANCODE_HOME
	KeyPageUp      Key = sdl.SCANCODE_PAGEUP
	KeyDelete      Key = sdl.SCANCODE_DELETE
	KeyEnd         Key = sdl.SCANCODE_END
	KeyPageDown    Key = sdl.SCANCODE_PAGEDOWN

	KeyRight Key = sdl.SCANCODE_RIGHT
	KeyLeft  Key = sdl.SCANCODE_LEFT
	KeyDown  Key = sdl.SCANCODE_DOWN
	KeyUp    Key = sdl.SCANCODE_UP

	KeyNumLock    Key = sdl.SCANCODE_NUMLOCKCLEAR
	KeyKPDivide   Key = sdl.SCANCODE_KP_DIVIDE
	KeyKPMultiply Key = sdl.SCANCODE_KP_MULTIPLY
	KeyKPMinus    Key = sdl.SCANCODE_KP_MINUS
	KeyKPPlus     Key = sdl.SCANCODE_KP_PLUS
	KeyKPEnter    Key = sdl.SCANCODE_KP_ENTER
	KeyKP1        Key = sdl.SCANCODE_KP_1
	KeyKP2        Key = sdl.SCANCODE_KP_2
	KeyKP3        Key = sdl.SCANCODE_KP_3
	KeyKP4        Key = sdl.SCANCODE_KP_4
	KeyKP5        Key = sdl.SCANCODE_KP_5
	KeyKP6        Key = sdl.SCANCODE_KP_6
	KeyKP7        Key = sdl.SCANCODE_KP_7
	KeyKP8        Key = sdl.SCANCODE_KP_8
	KeyKP9        Key = sdl.SCANCODE_KP_9
	KeyKP0        Key = sdl.SCANCODE_KP_0
	KeyKPPeriod   Key = sdl.SCANCODE_KP_PERIOD

	KeyLeftCtrl   Key = sdl.SCANCODE_LCTRL
	KeyLeftShift  Key = sdl.SCANCODE_LSHIFT
	KeyLeftAlt    Key = sdl.SCANCODE_LALT
	KeyLeftGUI    Key = sdl.SCANCODE_LGUI
	KeyRightCtrl  Key = sdl.SCANCODE_RCTRL
	KeyRightShift Key = sdl.SCANCODE_RSHIFT
	KeyRightAlt   Key = sdl.SCANCODE_RALT
	KeyRightGUI   Key = sdl.SCANCODE_RGUI
)

// String returns SDL's name for the key ("A", "Left Shift", "Return"), or ""
// for a key SDL has no name for. It allocates.
func (k Key) String() string { return sdl.GetScancodeName(sdl.Scancode(k)) }

// Keycode is SDL's layout-dependent key code (SDL_Keycode): for printable
// keys, the Unicode character the key produces without modifiers.
type Keycode int32

// String returns SDL's name for the key code ("Q", "Escape"). It allocates.
func (c Keycode) String() string { return sdl.GetKeyName(sdl.Keycode(c)) }

// Mod is a set of keyboard modifiers; the values are SDL's KMOD_ bits.
type Mod uint16

// Modifiers. ModShift, ModCtrl, ModAlt and ModGUI each cover both sides.
const (
	ModNone   Mod = 0
	ModLShift Mod = sdl.KMOD_LSHIFT
	ModRShift Mod = sdl.KMOD_RSHIFT
	ModLCtrl  Mod = sdl.KMOD_LCTRL
	ModRCtrl  Mod = sdl.KMOD_RCTRL
	ModLAlt   Mod = sdl.KMOD_LALT
	ModRAlt   Mod = sdl.KMOD_RALT
	ModLGUI   Mod = sdl.KMOD_LGUI
	ModRGUI   Mod = sdl.KMOD_RGUI
	ModNum    Mod = sdl.KMOD_NUM
	ModCaps   Mod = sdl.KMOD_CAPS

	ModShift = ModLShift | ModRShift
	ModCtrl  = ModLCtrl | ModRCtrl
	ModAlt   = ModLAlt | ModRAlt
	ModGUI   = ModLGUI | ModRGUI
)

// Has reports whether m holds any of the modifiers in x: m.Has(ModShift) is
// true with either shift key.
func (m Mod) Has(x Mod) bool { return m&x != 0 }

// KeyEvent is a key press or release, as the KeyDown and KeyUp signals report it.
type KeyEvent struct {
	Key    Key     // the physical key
	Code   Keycode // what the key means in the current layout
	Mod    Mod     // modifiers held at the time
	Repeat bool    // an auto-repeat of a held key (KeyDown only)
}
