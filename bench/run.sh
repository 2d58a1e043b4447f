#!/usr/bin/env bash
# Whole-process benchmarks of cortex, on throw-away vaults.
#
#   bench/run.sh [SECTION...]     SECTION: observe, concurrent, concurrent-cli,
#                                 memorize, latency, gitbytes, all (default)
#
# Knobs (environment): RUNS (observe runs, 200), WRITERS (8), LINES (lines per
# writer, 2000), CLI_LINES (lines per writer through `cortex observe`, 200),
# MEM_DOCS (documents of the memorize and gitbytes vault, 100000), MEM_OBS
# (observations memorize processes, 10000), BASE_OBS (observations of the
# seed's baseline, 200), LAT_DOCS (documents of the latency vault, 10000),
# LAT_N (latency probes, 200), GB_N (gitbytes commits, 20), BENCH_TMP (where
# the vaults go; default $TMPDIR or /tmp: put it on the disk you care about,
# since every append is fsynced). A quick run:
#   MEM_DOCS=5000 MEM_OBS=1000 BASE_OBS=20 LAT_DOCS=1000 LAT_N=20 GB_N=5 bench/run.sh memorize latency gitbytes
#
# To add a section (memorizer, hooks, ...): write a section_NAME function
# below and add NAME to SECTIONS. Helpers written in Go live in bench/cmd/.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-200}
WRITERS=${WRITERS:-8}
LINES=${LINES:-2000}
CLI_LINES=${CLI_LINES:-200}
MEM_DOCS=${MEM_DOCS:-100000}
MEM_OBS=${MEM_OBS:-10000}
BASE_OBS=${BASE_OBS:-200}
LAT_DOCS=${LAT_DOCS:-10000}
LAT_N=${LAT_N:-200}
GB_N=${GB_N:-20}
SECTIONS=(observe concurrent concurrent-cli memorize latency gitbytes)

work=$(mktemp -d "${BENCH_TMP:-${TMPDIR:-/tmp}}/cortex-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
bin=$work/bin

build() {
	mkdir -p "$bin"
	go build -o "$bin/cortex" ./cmd/cortex
	go build -o "$bin/repeat" ./bench/cmd/repeat
	go build -o "$bin/writers" ./bench/cmd/writers
	go build -o "$bin/memgen" ./bench/cmd/memgen
}

# new_vault NAME: a fresh vault under $work, made by `cortex init` where the
# binary has it; otherwise the minimal layout observe needs (the default
# taxonomy and observer/), which is what init writes for these benchmarks.
new_vault() {
	local dir=$work/$1
	mkdir -p "$dir"
	if "$bin/cortex" init --help >/dev/null 2>&1; then
		"$bin/cortex" init "$dir" >/dev/null
	else
		cp taxonomy.yml "$dir/taxonomy.yml"
		mkdir -p "$dir/observer"
	fi
	echo "$dir"
}

# observe: one `cortex observe` from flags, start-up to fsynced append. Goal:
# median <= 10 ms.
section_observe() {
	local v
	v=$(new_vault observe)
	"$bin/repeat" -n "$RUNS" -label "cortex observe (flags)" -- \
		"$bin/cortex" observe --vault "$v" --type decision --bucket explicit \
		--attribution owner --session 022a598a-7ca8-4ccf-80bb-f1919386421e \
		--body "Use local git only — no remote push in daemon. Reduces complexity and eliminates network failure mode." \
		--confidence 0.95 --importance 0.9 --entity owner:person --tag area/git
	local line
	line=$(head -n 1 "$v/observer/observations.jsonl")
	printf '%s\n' "$line" >"$work/one.jsonl"
	"$bin/repeat" -n "$RUNS" -label "cortex observe (stdin)" -- \
		sh -c "exec \"\$0\" observe --vault \"\$1\" < \"\$2\"" "$bin/cortex" "$v" "$work/one.jsonl"
	"$bin/repeat" -n "$RUNS" -label "cortex write" -- \
		"$bin/cortex" write -q --vault "$v" --author owner --type fact --body "The CI runs on every push."
	"$bin/repeat" -n "$RUNS" -label "sh baseline (process start)" -- sh -c 'exit 0'
}

# concurrent: WRITERS processes x LINES appends each, one observer.Append per
# line; then every line is checked: 0 torn, 0 lost, 0 duplicated.
section_concurrent() {
	local v
	v=$(new_vault concurrent)
	"$bin/writers" -vault "$v" -writers "$WRITERS" -lines "$LINES"
}

# concurrent-cli: the same through WRITERS x CLI_LINES `cortex observe`
# processes, the path agents take.
section_concurrent_cli() {
	local v
	v=$(new_vault concurrent-cli)
	"$bin/writers" -vault "$v" -writers "$WRITERS" -lines "$CLI_LINES" -cortex "$bin/cortex"
}

# gen_vault NAME DOCS: a committed vault of DOCS documents (memgen: the
# memorizer's file layout, one bulk commit through the git store, the
# index), generated once per size and copied for each use.
gen_vault() {
	local tmpl=$work/tmpl-$2 dir=$work/$1
	if [ ! -d "$tmpl" ]; then
		"$bin/cortex" init "$tmpl" >/dev/null
		(cd "$tmpl" && git add -A && git -c user.name=bench -c user.email=bench@example.com commit -qm init)
		"$bin/memgen" vault -vault "$tmpl" -docs "$2" >&2
	fi
	cp -a "$tmpl" "$dir"
	echo "$dir"
}

# now_ns: the wall clock in nanoseconds.
now_ns() { date +%s%N; }

# memorize: MEM_OBS buffered observations (a tenth repeat documents of the
# vault: reinforcements) through one `cortex process` on a vault of MEM_DOCS
# documents, all committed. Goal: <= 15 s. Then the seed's baseline on the
# same vault, BASE_OBS observations one at a time (grep -r for the
# source_hash, write, git add, git commit), and the ratio per observation.
section_memorize() {
	local v t0 t1 out secs
	v=$(gen_vault memorize "$MEM_DOCS")
	"$bin/memgen" lines -docs "$MEM_DOCS" -n "$MEM_OBS" >"$v/observer/observations.jsonl"
	t0=$(now_ns)
	out=$("$bin/cortex" process --vault "$v" --json)
	t1=$(now_ns)
	secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
	echo "$out" | awk -v secs="$secs" -v docs="$MEM_DOCS" '
		/"lines"/ { gsub(/[^0-9]/, ""); lines = $0 }
		/"memorized"/ { gsub(/[^0-9]/, ""); mem = $0 }
		/"reinforced"/ { gsub(/[^0-9]/, ""); rei = $0 }
		/^ +"[0-9a-f]+",?$/ { commits++ }
		END { printf "cortex process: %d observations on %d documents  %ss  (%d memorized, %d reinforced, %d commits)  %.2f ms/observation\n", lines, docs, secs, mem, rei, commits, secs * 1000 / lines }'
	local left
	left=$(cd "$v" && git status --porcelain -- mind vault | wc -l)
	[ "$left" -eq 0 ] || { echo "bench: $left memory files left uncommitted" >&2; exit 1; }
	# cortex status stats every document to tell a fresh index from a stale one.
	"$bin/repeat" -n 10 -warmup 1 -label "cortex status ($MEM_DOCS docs)" -- "$bin/cortex" status --vault "$v"
	local base
	base=$("$bin/memgen" baseline -vault "$v" -docs "$MEM_DOCS" -n "$BASE_OBS")
	echo "$base"
	echo "$base" | awk -v secs="$secs" -v n="$MEM_OBS" '
		{ for (i = 1; i <= NF; i++) if ($i ~ /^mean=/) { sub(/mean=/, "", $i); sub(/ms/, "", $i); mean = $i } }
		END { printf "ratio per observation: seed baseline / cortex process = %.0fx\n", mean / (secs * 1000 / n) }'
}

# latency: observe → committed with `cortex daemon` running on a vault of
# LAT_DOCS documents, LAT_N probes one after the other (each a `cortex
# observe` process; the time ends when the branch moves). Goal: p50 <= 250 ms.
section_latency() {
	local v pid
	v=$(gen_vault latency "$LAT_DOCS")
	"$bin/cortex" daemon --vault "$v" --log-level warn 2>"$work/latency-daemon.log" &
	pid=$!
	# Started once daemon.json names it.
	for _ in $(seq 1 600); do
		grep -q "\"pid\": $pid" "$v/.cortex/daemon.json" 2>/dev/null && break
		sleep 0.1
	done
	"$bin/memgen" latency -vault "$v" -n "$LAT_N" -cortex "$bin/cortex" || { kill "$pid"; exit 1; }
	kill -INT "$pid"
	wait "$pid"
}

# gitbytes: bytes added to .git by one commit of one observation on a vault
# of MEM_DOCS documents, GB_N times (median). Goal: <= 50 KB.
section_gitbytes() {
	local v
	v=$(gen_vault gitbytes "$MEM_DOCS")
	"$bin/memgen" gitbytes -vault "$v" -n "$GB_N" -cortex "$bin/cortex"
}

main() {
	local want=("$@")
	if [ ${#want[@]} -eq 0 ] || [ "${want[0]}" = all ]; then
		want=("${SECTIONS[@]}")
	fi
	for s in "${want[@]}"; do
		case " ${SECTIONS[*]} " in
		*" $s "*) ;;
		*) echo "bench: unknown section $s (have: ${SECTIONS[*]} all)" >&2; exit 2 ;;
		esac
	done
	build
	echo "== cortex benchmarks  $(go version | cut -d' ' -f3-)  $(nproc 2>/dev/null || echo ?) CPUs  vaults on $(df -PT "$work" 2>/dev/null | awk 'NR==2 {print $2}')"
	for s in "${want[@]}"; do
		echo "-- $s"
		"section_${s//-/_}"
	done
}

main "$@"
