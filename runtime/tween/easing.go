package tween

import (
	"fmt"
	"math"
)

// Easing maps a tween's linear progress t in [0, 1] to the eased progress.
// Every easing here but Constant returns 0 at t = 0 and 1 at t = 1; elastic
// and back overshoot in between. The functions are Robert Penner's, with the names
// and constants of Cocos Creator's easing module (quadIn, backOut, ...).
type Easing func(t float64) float64

// Linear is the identity: constant speed.
func Linear(t float64) float64 { return t }

// QuadIn accelerates from zero velocity (t²).
func QuadIn(t float64) float64 { return t * t }

// QuadOut decelerates to zero velocity.
func QuadOut(t float64) float64 { return t * (2 - t) }

// QuadInOut accelerates until halfway, then decelerates.
func QuadInOut(t float64) float64 {
	t *= 2
	if t < 1 {
		return 0.5 * t * t
	}
	t--
	return -0.5 * (t*(t-2) - 1)
}

// CubicIn is t³.
func CubicIn(t float64) float64 { return t * t * t }

// CubicOut is the mirror of CubicIn.
func CubicOut(t float64) float64 { t--; return t*t*t + 1 }

// CubicInOut is CubicIn then CubicOut.
func CubicInOut(t float64) float64 {
	t *= 2
	if t < 1 {
		return 0.5 * t * t * t
	}
	t -= 2
	return 0.5 * (t*t*t + 2)
}

// QuartIn is t⁴.
func QuartIn(t float64) float64 { return t * t * t * t }

// QuartOut is the mirror of QuartIn.
func QuartOut(t float64) float64 { t--; return 1 - t*t*t*t }

// QuartInOut is QuartIn then QuartOut.
func QuartInOut(t float64) float64 {
	t *= 2
	if t < 1 {
		return 0.5 * t * t * t * t
	}
	t -= 2
	return -0.5 * (t*t*t*t - 2)
}

// QuintIn is t⁵.
func QuintIn(t float64) float64 { return t * t * t * t * t }

// QuintOut is the mirror of QuintIn.
func QuintOut(t float64) float64 { t--; return t*t*t*t*t + 1 }

// QuintInOut is QuintIn then QuintOut.
func QuintInOut(t float64) float64 {
	t *= 2
	if t < 1 {
		return 0.5 * t * t * t * t * t
	}
	t -= 2
	return 0.5 * (t*t*t*t*t + 2)
}

// SineIn follows a quarter cosine.
func SineIn(t float64) float64 {
	if t == 1 {
		return 1
	}
	return 1 - math.Cos(t*math.Pi/2)
}

// SineOut follows a quarter sine.
func SineOut(t float64) float64 { return math.Sin(t * math.Pi / 2) }

// SineInOut follows half a cosine.
func SineInOut(t float64) float64 { return 0.5 * (1 - math.Cos(math.Pi*t)) }

// ExpoIn is 2^(10(t-1)), exactly 0 at t = 0.
func ExpoIn(t float64) float64 {
	if t == 0 {
		return 0
	}
	return math.Pow(1024, t-1)
}

// ExpoOut is the mirror of ExpoIn.
func ExpoOut(t float64) float64 {
	if t == 1 {
		return 1
	}
	return 1 - math.Pow(2, -10*t)
}

// ExpoInOut is ExpoIn then ExpoOut.
func ExpoInOut(t float64) float64 {
	if t == 0 || t == 1 {
		return t
	}
	t *= 2
	if t < 1 {
		return 0.5 * math.Pow(1024, t-1)
	}
	return 0.5 * (2 - math.Pow(2, -10*(t-1)))
}

// CircIn follows a quarter circle.
func CircIn(t float64) float64 { return 1 - math.Sqrt(1-t*t) }

// CircOut is the mirror of CircIn.
func CircOut(t float64) float64 { t--; return math.Sqrt(1 - t*t) }

// CircInOut is CircIn then CircOut.
func CircInOut(t float64) float64 {
	t *= 2
	if t < 1 {
		return -0.5 * (math.Sqrt(1-t*t) - 1)
	}
	t -= 2
	return 0.5 * (math.Sqrt(1-t*t) + 1)
}

// Elastic constants, as in Cocos: amplitude 1, period 0.4.
const (
	elasticPeriod = 0.4
	elasticShift  = elasticPeriod / 4
)

// ElasticIn winds up like a spring before it goes.
func ElasticIn(t float64) float64 {
	if t == 0 || t == 1 {
		return t
	}
	t--
	return -math.Pow(2, 10*t) * math.Sin((t-elasticShift)*2*math.Pi/elasticPeriod)
}

// ElasticOut overshoots and settles like a spring.
func ElasticOut(t float64) float64 {
	if t == 0 || t == 1 {
		return t
	}
	return math.Pow(2, -10*t)*math.Sin((t-elasticShift)*2*math.Pi/elasticPeriod) + 1
}

// ElasticInOut is ElasticIn then ElasticOut.
func ElasticInOut(t float64) float64 {
	if t == 0 || t == 1 {
		return t
	}
	t = 2*t - 1
	if t < 0 {
		return -0.5 * math.Pow(2, 10*t) * math.Sin((t-elasticShift)*2*math.Pi/elasticPeriod)
	}
	return 0.5*math.Pow(2, -10*t)*math.Sin((t-elasticShift)*2*math.Pi/elasticPeriod) + 1
}

// backOvershoot is Penner's s = 1.70158 (10% overshoot).
const backOvershoot = 1.70158

// BackIn pulls back a little before it goes.
func BackIn(t float64) float64 {
	const s = backOvershoot
	return t * t * ((s+1)*t - s)
}

// BackOut overshoots a little and comes back.
func BackOut(t float64) float64 {
	const s = backOvershoot
	t--
	return t*t*((s+1)*t+s) + 1
}

// BackInOut is BackIn then BackOut.
func BackInOut(t float64) float64 {
	const s = backOvershoot * 1.525
	t *= 2
	if t < 1 {
		return 0.5 * (t * t * ((s+1)*t - s))
	}
	t -= 2
	return 0.5 * (t*t*((s+1)*t+s) + 2)
}

// BounceIn is the mirror of BounceOut.
func BounceIn(t float64) float64 { return 1 - BounceOut(1-t) }

// BounceOut falls and bounces three times on the end value.
func BounceOut(t float64) float64 {
	switch {
	case t < 1/2.75:
		return 7.5625 * t * t
	case t < 2/2.75:
		t -= 1.5 / 2.75
		return 7.5625*t*t + 0.75
	case t < 2.5/2.75:
		t -= 2.25 / 2.75
		return 7.5625*t*t + 0.9375
	}
	t -= 2.625 / 2.75
	return 7.5625*t*t + 0.984375
}

// BounceInOut is BounceIn then BounceOut.
func BounceInOut(t float64) float64 {
	if t < 0.5 {
		return BounceIn(t*2) * 0.5
	}
	return BounceOut(t*2-1)*0.5 + 0.5
}

// Constant is Cocos' constant: 0 everywhere, so a property holds its start
// value for the whole action and takes its end value when the action ends
// (an action's last step always applies the end value, whatever the easing).
func Constant(float64) float64 { return 0 }

// outIn makes Cocos' *OutIn easings: the Out half first, then the In half.
func outIn(in, out Easing, t float64) float64 {
	if t < 0.5 {
		return out(t*2) / 2
	}
	return in(2*t-1)/2 + 0.5
}

// QuadOutIn decelerates to halfway, then accelerates (QuadOut then QuadIn).
func QuadOutIn(t float64) float64 { return outIn(QuadIn, QuadOut, t) }

// CubicOutIn is CubicOut then CubicIn.
func CubicOutIn(t float64) float64 { return outIn(CubicIn, CubicOut, t) }

// QuartOutIn is QuartOut then QuartIn.
func QuartOutIn(t float64) float64 { return outIn(QuartIn, QuartOut, t) }

// QuintOutIn is QuintOut then QuintIn.
func QuintOutIn(t float64) float64 { return outIn(QuintIn, QuintOut, t) }

// SineOutIn is SineOut then SineIn.
func SineOutIn(t float64) float64 { return outIn(SineIn, SineOut, t) }

// ExpoOutIn is ExpoOut then ExpoIn.
func ExpoOutIn(t float64) float64 { return outIn(ExpoIn, ExpoOut, t) }

// CircOutIn is CircOut then CircIn.
func CircOutIn(t float64) float64 { return outIn(CircIn, CircOut, t) }

// ElasticOutIn is ElasticOut then ElasticIn.
func ElasticOutIn(t float64) float64 { return outIn(ElasticIn, ElasticOut, t) }

// BackOutIn is BackOut then BackIn.
func BackOutIn(t float64) float64 { return outIn(BackIn, BackOut, t) }

// BounceOutIn is BounceOut then BounceIn.
func BounceOutIn(t float64) float64 { return outIn(BounceIn, BounceOut, t) }

// EasingByName returns the easing with a Cocos name ("linear", "constant",
// "quadIn", "sineInOut", "bounceOutIn", ...), for data-driven tweens. An unknown name is
// an error naming it.
func EasingByName(name string) (Easing, error) {
	switch name {
	case "linear":
		return Linear, nil
	case "quadIn":
		return QuadIn, nil
	case "quadOut":
		return QuadOut, nil
	case "quadInOut":
		return QuadInOut, nil
	case "cubicIn":
		return CubicIn, nil
	case "cubicOut":
		return CubicOut, nil
	case "cubicInOut":
		return CubicInOut, nil
	case "quartIn":
		return QuartIn, nil
	case "quartOut":
		return QuartOut, nil
	case "quartInOut":
		return QuartInOut, nil
	case "quintIn":
		return QuintIn, nil
	case "quintOut":
		return QuintOut, nil
	case "quintInOut":
		return QuintInOut, nil
	case "sineIn":
		return SineIn, nil
	case "sineOut":
		return SineOut, nil
	case "sineInOut":
		return SineInOut, nil
	case "expoIn":
		return ExpoIn, nil
	case "expoOut":
		return ExpoOut, nil
	case "expoInOut":
		return ExpoInOut, nil
	case "circIn":
		return CircIn, nil
	case "circOut":
		return CircOut, nil
	case "circInOut":
		return CircInOut, nil
	case "elasticIn":
		return ElasticIn, nil
	case "elasticOut":
		return ElasticOut, nil
	case "elasticInOut":
		return ElasticInOut, nil
	case "backIn":
		return BackIn, nil
	case "backOut":
		return BackOut, nil
	case "backInOut":
		return BackInOut, nil
	case "bounceIn":
		return BounceIn, nil
	case "bounceOut":
		return BounceOut, nil
	case "bounceInOut":
		return BounceInOut, nil
	case "constant":
		return Constant, nil
	case "quadOutIn":
		return QuadOutIn, nil
	case "cubicOutIn":
		return CubicOutIn, nil
	case "quartOutIn":
		return QuartOutIn, nil
	case "quintOutIn":
		return QuintOutIn, nil
	case "sineOutIn":
		return SineOutIn, nil
	case "expoOutIn":
		return ExpoOutIn, nil
	case "circOutIn":
		return CircOutIn, nil
	case "elasticOutIn":
		return ElasticOutIn, nil
	case "backOutIn":
		return BackOutIn, nil
	case "bounceOutIn":
		return BounceOutIn, nil
	}
	return nil, fmt.Errorf("tween: unknown easing %q", name)
}
