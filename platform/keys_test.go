package platform

import "testing"

func TestKeysAndMods(t *testing.T) {
	if KeyA.String() != "A" || KeyReturn.String() != "Return" || KeyEnter != KeyReturn {
		t.Errorf("key names %q %q", KeyA.String(), KeyReturn.String())
	}
	for _, k := range []Key{KeyA, KeyZ, Key0, KeyF12, KeyRightGUI, KeyKPPeriod} {
		if k >= KeyCount {
			t.Errorf("%v >= KeyCount", k)
		}
	}
	if !(ModLShift | ModRCtrl).Has(ModShift) || !(ModRCtrl).Has(ModCtrl) || ModLAlt.Has(ModShift) || ModNone.Has(ModGUI) {
		t.Error("Mod.Has wrong")
	}
	if GamepadTouchpad >= GamepadButtonCount || GamepadRightTrigger >= GamepadAxisCount {
		t.Error("gamepad constants out of range")
	}
	if SwapAdaptive.String() != "adaptive" || SwapMode(5).String() != "SwapMode(5)" {
		t.Error("SwapMode.String wrong")
	}
}
