#!/usr/bin/env bash
# compare.sh: Tact's bunnymark against its peers, interleaved on one Xvfb.
#
# Runs, ROUNDS times over, every engine on every case one after the other
# (so that a burst of foreign load hits all of them alike), then prints
# one table: the median ms per frame of each engine and case, and in
# brackets the median over the rounds of its ratio to gl-bunnymark -points
# (the floor: raw OpenGL, one draw call), measured in the same round.
#
#   engines: tact (the launcher's bunnymark, node sprites, hidden-sprite
#            test on: TACT_HIDDEN_SPRITES=on), tact-hidden-off (the same,
#            off), tact-auto (the same, the automatic choice, which backs
#            off where the test hides little), tact-main (render-on-main,
#            hidden on), gl-points
#            (../shared/peers/gl-bunnymark -points), sdl-geometry
#            (../shared/peers/sdl-bunnymark -geometry), ebiten
#            (../shared/peers/ebiten-bunnymark)
#   cases:   n=1k and 10k at 32 px, 10k and 50k at 4 px (-scale 0.125)
#
# Usage, from the repository root:
#
#   samples/bunnymark/compare.sh                 # 3 rounds, 300 frames after 60
#   ROUNDS=5 FRAMES=600 samples/bunnymark/compare.sh
#   CASES="50000:0.125" ENGINES="tact gl-points" samples/bunnymark/compare.sh
#   TASKSET="taskset -c 0" ENGINES="tact tact-main" samples/bunnymark/compare.sh
#
# Environment: ROUNDS, FRAMES, WARMUP, CASES (n:scale ...), ENGINES,
# PEERS (the peers' folder, default ../shared/peers next to the checkout),
# BIN (where the binaries are built, default a fresh temporary folder;
# binaries already there are reused), TASKSET (a prefix for every run,
# e.g. "taskset -c 0" for one core), LOG (every RESULT line, default
# $BIN/results.log). It needs Xvfb, and Go with cgo for the peers.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
ROUNDS=${ROUNDS:-3}
FRAMES=${FRAMES:-300}
WARMUP=${WARMUP:-60}
CASES=${CASES:-"1000:1 10000:1 10000:0.125 50000:0.125"}
ENGINES=${ENGINES:-"tact tact-hidden-off tact-main gl-points sdl-geometry ebiten"}
PEERS=${PEERS:-$root/../shared/peers}
BIN=${BIN:-$(mktemp -d /tmp/bunnymark-compare.XXXXXX)}
TASKSET=${TASKSET:-}
LOG=${LOG:-$BIN/results.log}

die() { echo "compare.sh: $*" >&2; exit 1; }
command -v Xvfb >/dev/null || die "Xvfb is not installed (apt-get install xvfb)"

# Build what is missing. The peers are copied out of PEERS first: their
# folders stay clean.
mkdir -p "$BIN"
if [ ! -x "$BIN/tact" ]; then
	echo "building tact" >&2
	(cd "$root" && go build -o "$BIN/tact" ./samples/launcher) || die "building the launcher failed"
fi
for p in gl-bunnymark sdl-bunnymark ebiten-bunnymark; do
	case " $ENGINES " in
	*" ${p%%-*}"*) ;;
	*) continue ;;
	esac
	[ -x "$BIN/$p" ] && continue
	[ -d "$PEERS/$p" ] || die "no peer $PEERS/$p (set PEERS)"
	echo "building $p" >&2
	rm -rf "$BIN/src-$p" && cp -r "$PEERS/$p" "$BIN/src-$p"
	(cd "$BIN/src-$p" && go build -o "$BIN/$p" .) || die "building $p failed"
done

# One X server for every run.
disp=:$((50 + RANDOM % 40))
Xvfb "$disp" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 2
kill -0 $xvfb 2>/dev/null || die "Xvfb $disp did not start"
export DISPLAY=$disp
unset SDL_VIDEODRIVER # the peers and Tact draw into an X11 window through llvmpipe

# cmd ENGINE N SCALE prints the command line of one run.
cmd() {
	local e=$1 n=$2 s=$3
	local common="-n $n -scale $s -frames $FRAMES -warmup $WARMUP"
	case $e in
	tact) echo "env TACT_HIDDEN_SPRITES=on $BIN/tact -scene bunnymark $common" ;;
	tact-hidden-off) echo "env TACT_HIDDEN_SPRITES=off $BIN/tact -scene bunnymark $common" ;;
	tact-auto) echo "env TACT_HIDDEN_SPRITES=auto $BIN/tact -scene bunnymark $common" ;;
	tact-main) echo "env TACT_HIDDEN_SPRITES=on $BIN/tact -renderonmain -scene bunnymark $common" ;;
	tact-bulk) echo "env TACT_HIDDEN_SPRITES=on $BIN/tact -scene bunnymark -bulk $common" ;;
	gl-points) echo "$BIN/gl-bunnymark -points $common" ;;
	gl-instanced) echo "$BIN/gl-bunnymark $common" ;;
	sdl-geometry) echo "$BIN/sdl-bunnymark -geometry $common" ;;
	ebiten) echo "$BIN/ebiten-bunnymark $common" ;;
	*) die "unknown engine $e" ;;
	esac
}

: >"$LOG"
for r in $(seq 1 "$ROUNDS"); do
	for c in $CASES; do
		n=${c%%:*} s=${c##*:}
		for e in $ENGINES; do
			# shellcheck disable=SC2046
			line=$($TASKSET $(cmd "$e" "$n" "$s") 2>/dev/null | grep '^RESULT ' | tail -1 || true)
			ms=$(sed -n 's/.* ms_per_frame=\([0-9.]*\).*/\1/p' <<<"$line")
			hidden=$(sed -n 's/.* hidden_sprites=\([0-9.]*\).*/\1/p' <<<"$line")
			echo "round=$r case=$n@$s engine=$e ms=${ms:-FAIL} hidden=${hidden:--} $line" >>"$LOG"
			printf 'round %d  n=%-6s scale=%-5s %-16s %s ms/frame\n' "$r" "$n" "$s" "$e" "${ms:-FAIL}" >&2
		done
	done
done

# The table: medians per engine and case; the ratio to gl-points is the
# median of the per-round ratios.
awk -v engines="$ENGINES" -v cases="$CASES" '
function median(a, k,   i, j, t) {
	for (i = 2; i <= k; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j+1] = a[j]; a[j+1] = t }
	return k % 2 ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2
}
{
	split($1, R, "="); split($2, C, "="); split($3, E, "="); split($4, M, "=")
	if (M[2] != "FAIL") ms[R[2], C[2], E[2]] = M[2]
	rounds[R[2]] = 1
}
END {
	ne = split(engines, EN, " "); nc = split(cases, CA, " ")
	printf "%-16s", "ms/frame"
	for (i = 1; i <= nc; i++) { split(CA[i], p, ":"); h = sprintf("n=%s %gpx", p[1], 32 * p[2]); printf " %22s", h }
	printf "\n"
	for (j = 1; j <= ne; j++) {
		printf "%-16s", EN[j]
		for (i = 1; i <= nc; i++) {
			split(CA[i], p, ":"); c = p[1] "@" p[2]
			k = 0; q = 0; delete v; delete w
			for (r in rounds) {
				if ((r, c, EN[j]) in ms) {
					v[++k] = ms[r, c, EN[j]]
					if ((r, c, "gl-points") in ms && ms[r, c, "gl-points"] > 0) w[++q] = ms[r, c, EN[j]] / ms[r, c, "gl-points"]
				}
			}
			if (k == 0) { printf " %22s", "FAIL"; continue }
			cell = sprintf("%.2f", median(v, k))
			if (q > 0) cell = cell sprintf(" (%.2fx)", median(w, q))
			printf " %22s", cell
		}
		printf "\n"
	}
	printf "(medians of %d rounds; in brackets the median ratio to gl-points in the same round)\n", length(rounds)
}' "$LOG"
echo "every RESULT line: $LOG" >&2
