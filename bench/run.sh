#!/usr/bin/env bash
# Whole-process benchmarks of cortex, on throw-away vaults.
#
#   bench/run.sh [SECTION...]     SECTION: observe, concurrent, concurrent-cli,
#                                 memorize, latency, gitbytes, hooks, index,
#                                 search, context, claude-hook, crash, watch,
#                                 doctor, lockduty, gitsize, sync, converge,
#                                 sleep, floors, stream,
#                                 all (default)
#   bench/run.sh recall DATASET   recall of LoCoMo questions (not in all)
#
# Knobs (environment): RUNS (observe runs, 200), WRITERS (8), LINES (lines per
# writer, 2000), CLI_LINES (lines per writer through `cortex observe`, 200),
# MEM_DOCS (documents of the memorize and gitbytes vault, 100000), MEM_OBS
# (observations memorize processes, 10000), BASE_OBS (observations of the
# seed's baseline, 200), LAT_DOCS (documents of the latency vault, 10000),
# LAT_N (latency probes, 200), LAT_BASE (other cortex binaries whose daemons
# alternate with ours in latency), LAT_ROUNDS (rounds of that, 1), GB_N (gitbytes commits, 20), DOCS (documents of
# the hooks vault, 100000), COMMITS (timed commits of each kind, 20),
# VALIDATE_RUNS (5), INDEX_SIZES (documents in the index benchmark's vaults,
# "10000 100000"), INDEX_RUNS (rebuilds per size, 5), REFRESH_RUNS
# (refreshes, 20), INDEX_BASE (another cortex binary, e.g. one built from
# main, measured on the same vaults, its runs alternating with ours, for a
# before/after in one run), SEARCH_DOCS (documents of the search vault, 100000),
# SEARCH_QUERIES (50), SEARCH_VAULT (an existing vault made by
# bench/cmd/genvault to reuse instead of generating one), CONTEXT_DOCS
# (documents of the context vault, 100000), CONTEXT_RUNS (50), CONTEXT_VAULT
# (an existing genvault vault to reuse), HOOK_DOCS (documents of the
# claude-hook vault, 100000), HOOK_RUNS (50), HOOK_VAULT (an existing genvault
# vault to reuse), CRASH_ROUNDS (kill -9 rounds of the crash section, 100),
# WATCH_DOCS (documents of the watch vault, 10000), WATCH_N (watch probes,
# 20), DOCTOR_DOCS (documents of the doctor vault, 100000), DOCTOR_RUNS (runs
# per round, 5), DOCTOR_VAULT (an existing genvault vault to reuse),
# DOCTOR_BASE (another cortex binary whose `cortex status` runs alternate with
# ours: main has no doctor), RECALL_BASE (another cortex binary, e.g. one
# built from main, whose recall is printed beside ours on the same dataset),
# SLEEP_SIZES (documents of the sleep vaults, "10000 100000"), SLEEP_RUNS
# (rounds, 3), FLOORS_RUNS (rounds of each floors row, 30), FLOORS_SIZES
# (documents of the floors vaults, "20000 100000"; empty: only the
# start-up and observe rows), FLOORS_BASE (a cortex built from main, timed
# in the same rounds), FLOORS_BASE_LIBFLOOR (bench/cmd/libfloor built from
# main, likewise), SLEEP_BASE (another cortex binary, e.g. one built from main,
# whose `cortex maintain` runs alternate with ours on the same vaults),
# LOCK_DOCS (documents of the lockduty vaults, "10000 100000"), LOCK_PERSON_FOR
# (the length of its shorter git loop, 20s), LOCK_N
# (observations of its stream, 250), LOCK_BASE (other cortex binaries,
# space-separated, measured alternately in lockduty), LOCK_ROUNDS (rounds of
# the alternation, 1), LOCK_IDLE (seconds the daemon idles after the stream
# before its RSS is read, 35; 0 skips), SYNC_DOCS (documents of the sync vaults,
# 100000), GS_DOCS, GS_N, GS_INTERVAL, GS_QUIET, GS_BASE (the gitsize
# section: vault size 10000, 40000 observations one every 5ms, 90 s for the
# quiet-time maintenance, other binaries), MEM_BASE (other cortex binaries
# whose memorize runs alternate with ours), SYNC_RUNS (10), CONVERGE_ROUNDS (rounds of the long convergence
# test, 400), BENCH_TMP (where
# the vaults go; default $TMPDIR or /tmp: put it on the disk you care about,
# since every append is fsynced). A quick run:
#   MEM_DOCS=5000 MEM_OBS=1000 BASE_OBS=20 LAT_DOCS=1000 LAT_N=20 GB_N=5 bench/run.sh memorize latency gitbytes
#
# To add a section (memorizer, hooks, ...): write a section_NAME function
# below and add NAME to SECTIONS. Helpers written in Go live in bench/cmd/.
set -euo pipefail
caller_dir=$PWD
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
LAT_ROUNDS=${LAT_ROUNDS:-1}
GB_N=${GB_N:-20}
INDEX_SIZES=${INDEX_SIZES:-10000 100000}
INDEX_RUNS=${INDEX_RUNS:-5}
REFRESH_RUNS=${REFRESH_RUNS:-20}
SEARCH_DOCS=${SEARCH_DOCS:-100000}
SEARCH_QUERIES=${SEARCH_QUERIES:-50}
CONTEXT_DOCS=${CONTEXT_DOCS:-100000}
CONTEXT_RUNS=${CONTEXT_RUNS:-50}
DOCS=${DOCS:-100000}
COMMITS=${COMMITS:-20}
VALIDATE_RUNS=${VALIDATE_RUNS:-5}
CRASH_ROUNDS=${CRASH_ROUNDS:-100}
WATCH_DOCS=${WATCH_DOCS:-10000}
WATCH_N=${WATCH_N:-20}
SYNC_DOCS=${SYNC_DOCS:-100000}
SYNC_RUNS=${SYNC_RUNS:-10}
CONVERGE_ROUNDS=${CONVERGE_ROUNDS:-400}
HOOK_DOCS=${HOOK_DOCS:-100000}
HOOK_RUNS=${HOOK_RUNS:-50}
DOCTOR_DOCS=${DOCTOR_DOCS:-100000}
DOCTOR_RUNS=${DOCTOR_RUNS:-5}
LOCK_DOCS=${LOCK_DOCS:-10000 100000}
LOCK_N=${LOCK_N:-250}
LOCK_ROUNDS=${LOCK_ROUNDS:-1}
LOCK_PERSON_FOR=${LOCK_PERSON_FOR:-20s}
GS_DOCS=${GS_DOCS:-10000}
GS_N=${GS_N:-40000}
GS_INTERVAL=${GS_INTERVAL:-5ms}
GS_QUIET=${GS_QUIET:-90}
LOCK_IDLE=${LOCK_IDLE:-35}
SLEEP_SIZES=${SLEEP_SIZES:-10000 100000}
SLEEP_RUNS=${SLEEP_RUNS:-3}
FLOORS_RUNS=${FLOORS_RUNS:-30}
FLOORS_SIZES=${FLOORS_SIZES-20000 100000}
STREAM_DOCS=${STREAM_DOCS:-20000}
STREAM_RATE=${STREAM_RATE:-14}
STREAM_FOR=${STREAM_FOR:-5m}
SECTIONS=(observe concurrent concurrent-cli memorize latency gitbytes hooks index search context claude-hook crash watch doctor lockduty gitsize sync converge sleep floors stream)

work=$(mktemp -d "${BENCH_TMP:-${TMPDIR:-/tmp}}/cortex-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
bin=$work/bin

build() {
	mkdir -p "$bin"
	go build -o "$bin/cortex" ./cmd/cortex
	go build -o "$bin/repeat" ./bench/cmd/repeat
	go build -o "$bin/writers" ./bench/cmd/writers
	go build -o "$bin/memgen" ./bench/cmd/memgen
	go build -o "$bin/genvault" ./bench/cmd/genvault
	go build -o "$bin/runstat" ./bench/cmd/runstat
	go build -o "$bin/searchbench" ./bench/cmd/searchbench
	go build -o "$bin/gendocs" ./bench/cmd/gendocs
	go build -o "$bin/hookbench" ./bench/cmd/hookbench
	go build -o "$bin/watchbench" ./bench/cmd/watchbench
	go build -o "$bin/contextbench" ./bench/cmd/contextbench
	go build -o "$bin/claudehookbench" ./bench/cmd/claudehookbench
	go build -o "$bin/recallbench" ./bench/cmd/recallbench
	go build -o "$bin/lockduty" ./bench/cmd/lockduty
	go build -o "$bin/sleepvault" ./bench/cmd/sleepvault
	go build -o "$bin/floors" ./bench/cmd/floors
	go build -o "$bin/libfloor" ./bench/cmd/libfloor
	CGO_ENABLED=0 go build -o "$bin/cortex-nocgo" ./cmd/cortex
	go build -o "$bin/stream" ./bench/cmd/stream
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
		# A newer init commits what it wrote itself; an older one leaves it to us.
		(cd "$tmpl" && git add -A && { git diff --cached --quiet || git -c user.name=bench -c user.email=bench@example.com commit -qm init; })
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
	local v t0 t1 out secs b l
	v=$(gen_vault memorize "$MEM_DOCS")
	# Each binary of MEM_BASE first, on a copy of the same vault and lines.
	# shellcheck disable=SC2206 # MEM_BASE lists binaries
	local bases=(${MEM_BASE:-})
	if [ ${#bases[@]} -gt 0 ]; then
		"$bin/memgen" lines -docs "$MEM_DOCS" -n "$MEM_OBS" >"$work/memorize-lines.jsonl"
		for b in "${bases[@]}" "$bin/cortex" "${bases[@]}" "$bin/cortex"; do
			l=new
			[ "$b" = "$bin/cortex" ] || l=$(basename "$b")
			rm -rf "$work/memorize-copy"
			cp -a "$v" "$work/memorize-copy"
			cp "$work/memorize-lines.jsonl" "$work/memorize-copy/observer/observations.jsonl"
			t0=$(now_ns)
			out=$( { /usr/bin/time -f "cpu %U+%S s" "$b" process --vault "$work/memorize-copy" --json >/dev/null; } 2>&1 | tail -1)
			t1=$(now_ns)
			echo "$l: cortex process of $MEM_OBS observations into $MEM_DOCS documents: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')s wall, $out"
		done
		rm -rf "$work/memorize-copy"
	fi
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

# start_daemon VAULT LOG [CORTEX]: `cortex daemon` (of CORTEX, default this
# build) on VAULT in the background, its stderr in LOG; returns once
# daemon.json names it, with its pid in $daemon (declare `local daemon`
# first to keep it to the section).
start_daemon() {
	"${3:-$bin/cortex}" daemon --vault "$1" --log-level warn 2>"$2" &
	daemon=$!
	local i
	for i in $(seq 600); do
		grep -q "\"pid\": $daemon," "$1/.cortex/daemon.json" 2>/dev/null && break
		sleep 0.1
	done
}

# latency: observe → committed with `cortex daemon` running on a vault of
# LAT_DOCS documents, LAT_N probes one after the other (each a `cortex
# observe` process; the time ends when the branch moves). Goal: p50 <= 250 ms.
section_latency() {
	local v pid daemon b l r
	v=$(gen_vault latency "$LAT_DOCS")
	# shellcheck disable=SC2206 # LAT_BASE lists binaries
	local bins=("$bin/cortex" ${LAT_BASE:-})
	for r in $(seq "$LAT_ROUNDS"); do
		for b in "${bins[@]}"; do
			l=new
			[ "$b" = "$bin/cortex" ] || l=$(basename "$b")
			rm -rf "$work/latency-run"
			cp -a "$v" "$work/latency-run"
			"$b" daemon --vault "$work/latency-run" --log-level warn 2>"$work/latency-daemon.log" &
			pid=$!
			for _ in $(seq 600); do grep -q "\"pid\": $pid," "$work/latency-run/.cortex/daemon.json" 2>/dev/null && break; sleep 0.1; done
			echo -n "$l (round $r): "
			"$bin/memgen" latency -vault "$work/latency-run" -n "$LAT_N" -cortex "$b" || { kill "$pid"; exit 1; }
			kill -INT "$pid"
			wait "$pid"
		done
	done
	rm -rf "$work/latency-run"
}

# gitbytes: bytes added to .git by one commit of one observation on a vault
# of MEM_DOCS documents, GB_N times (median). Goal: <= 50 KB.
section_gitbytes() {
	local v
	v=$(gen_vault gitbytes "$MEM_DOCS")
	"$bin/memgen" gitbytes -vault "$v" -n "$GB_N" -cortex "$bin/cortex"
}

# index: `cortex rebuild-index` from scratch on generated vaults of
# INDEX_SIZES realistic documents (bench/vaultgen: D21 frontmatter, bodies
# with links, tags, entities, init's .cortexignore), with the child's peak
# RSS; then, on the largest, the refresh every read command does first,
# with nothing changed and with 10 files edited. Goals: rebuild 10k <= 1.5
# s, 100k <= 10 s, peak RSS <= 300 MB; refresh unchanged at 100k <= 400
# ms. With INDEX_BASE, that binary is measured too, its runs alternating
# with ours, so that both meet the same vault and the same machine load.
section_index() {
	local n v b
	local bins=("$bin/cortex")
	[ -n "${INDEX_BASE:-}" ] && bins+=("$INDEX_BASE")
	for n in $INDEX_SIZES; do
		v=$work/index-$n
		"$bin/genvault" -dir "$v" -n "$n"
		index_runs "$INDEX_RUNS" "rebuild-index $n docs" "" rebuild-index --vault "$v"
	done
	# Each binary refreshes an index of its own making (the schema may
	# differ): one rebuild and one refresh first, untimed.
	for b in "${bins[@]}"; do
		cp -a "$v" "$work/index-$n-$(index_label "$b")"
		"$b" rebuild-index --vault "$work/index-$n-$(index_label "$b")" >/dev/null
		"$b" rebuild-index --refresh --vault "$work/index-$n-$(index_label "$b")" >/dev/null
	done
	index_runs "$REFRESH_RUNS" "refresh $n docs, none changed" "" rebuild-index --refresh --vault "$work/index-$n-@"
	index_runs "$REFRESH_RUNS" "refresh $n docs, 10 changed" "\"$bin/genvault\" -dir \"$work/index-$n-@\" -touch 10" \
		rebuild-index --refresh --vault "$work/index-$n-@"
}

# index_label BINARY: "new" for the cortex built here, "base" for INDEX_BASE.
index_label() { if [ "$1" = "$bin/cortex" ]; then echo new; else echo base; fi; }

# index_runs N LABEL BEFORE ARGS...: N timed runs of each binary of bins
# with ARGS, one of each in turn (BEFORE, a shell command, untimed before
# each; an @ in ARGS or BEFORE becomes the binary's label), then each one's
# medians as runstat prints them. The first round has an untimed run of
# each first (RUNS_WARMUP=0: none).
index_runs() {
	local n=$1 label=$2 before=$3 i b l
	shift 3
	local -A out=()
	for ((i = 0; i < n; i++)); do
		for b in "${bins[@]}"; do
			l=$(index_label "$b")
			out[$l]+=$("$bin/runstat" -n 1 -warmup "$((i == 0 ? ${RUNS_WARMUP:-1} : 0))" -label x -before "${before//@/$l}" -- "$b" "${@//@/$l}")$'\n'
		done
	done
	for b in "${bins[@]}"; do
		l=$(index_label "$b")
		printf '%s' "${out[$l]}" | run_medians "$l $label"
	done
}

# run_medians LABEL: the medians of runstat lines (one run each) on stdin.
run_medians() {
	awk -v label="$1" '
		{ for (i = 1; i <= NF; i++) {
			if ($i == "wall") { v = $(i + 1); sub(/median=/, "", v); sub(/ms/, "", v); wall[NR] = v }
			if ($i == "cpu") { v = $(i + 1); sub(/median=/, "", v); sub(/ms/, "", v); cpu[NR] = v }
			if ($i ~ /^RSS=/) { v = $i; sub(/RSS=/, "", v); rss[NR] = v + 0 }
		} }
		function median(a, n,   i, j, t, b) {
			for (i = 1; i <= n; i++) b[i] = a[i]
			for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (b[j] + 0 < b[i] + 0) { t = b[i]; b[i] = b[j]; b[j] = t }
			return n % 2 ? b[(n + 1) / 2] : (b[n / 2] + b[n / 2 + 1]) / 2
		}
		function minmax(a, n, want,   i, m) {
			m = a[1]
			for (i = 2; i <= n; i++) if ((want == "min" && a[i] + 0 < m + 0) || (want == "max" && a[i] + 0 > m + 0)) m = a[i]
			return m
		}
		END { printf "%-36s runs=%d  wall median=%.1fms min=%.1fms max=%.1fms  cpu median=%.1fms  peak RSS=%d MB\n",
			label, NR, median(wall, NR), minmax(wall, NR, "min"), minmax(wall, NR, "max"), median(cpu, NR), minmax(rss, NR, "max") }'
}

# search: `cortex search` as a whole process over a vault of SEARCH_DOCS
# documents (bench/cmd/genvault), SEARCH_QUERIES different queries of words
# drawn from the documents, p50 and p95; first as a reader without a daemon
# (every search refreshes the index: a stat walk of the vault), then with a
# live `cortex daemon` keeping it fresh (no walk); beside them `grep -ril`
# for the same words. Goal: p50 <= 50 ms with the daemon.
section_search() {
	local v=${SEARCH_VAULT:-}
	if [ -z "$v" ]; then
		v=$work/search
		local t0=$SECONDS
		"$bin/genvault" -dir "$v" -n "$SEARCH_DOCS"
		echo "generated $SEARCH_DOCS documents in $((SECONDS - t0)) s"
	fi
	"$bin/cortex" init "$v" >/dev/null
	local t0
	t0=$(date +%s%N)
	"$bin/cortex" search --vault "$v" first search >/dev/null 2>&1
	echo "first search (builds a new index; else refreshes it): $(( ($(date +%s%N) - t0) / 1000000 )) ms"
	"$bin/searchbench" -vault "$v" -queries "$SEARCH_QUERIES" -cortex "$bin/cortex" -label "cortex search (no daemon: refresh)"
	local daemon
	start_daemon "$v" "$work/daemon.log"
	"$bin/searchbench" -vault "$v" -queries "$SEARCH_QUERIES" -cortex "$bin/cortex" -label "cortex search (live daemon)"
	kill "$daemon"
	wait "$daemon" || true
	"$bin/searchbench" -vault "$v" -queries "$SEARCH_QUERIES" -grep -label "grep -ril (same words)"
}

# context: `cortex context` (the push block a session or sub-agent start
# gets) as a whole process over a vault of CONTEXT_DOCS documents
# (bench/cmd/genvault), with a live `cortex daemon` keeping the index fresh
# (so no refresh walk), CONTEXT_RUNS runs each asking for another session:
# as a session start (a session id alone) and as a sub-agent start (an
# agent, its type and a task of eight words of a document). p50 and p95.
# Goal: p50 <= 30 ms.
section_context() {
	local v=${CONTEXT_VAULT:-}
	if [ -z "$v" ]; then
		v=$work/context
		local t0=$SECONDS
		"$bin/genvault" -dir "$v" -n "$CONTEXT_DOCS"
		echo "generated $CONTEXT_DOCS documents in $((SECONDS - t0)) s"
	fi
	"$bin/cortex" init "$v" >/dev/null
	local t0
	t0=$(date +%s%N)
	"$bin/cortex" context --vault "$v" >/dev/null 2>&1
	echo "first context (builds a new index; else refreshes it): $(( ($(date +%s%N) - t0) / 1000000 )) ms"
	local daemon
	start_daemon "$v" "$work/daemon.log"
	"$bin/contextbench" -vault "$v" -runs "$CONTEXT_RUNS" -cortex "$bin/cortex" -mode session-start -label "cortex context (session start)"
	"$bin/contextbench" -vault "$v" -runs "$CONTEXT_RUNS" -cortex "$bin/cortex" -mode subagent -label "cortex context (sub-agent, task)"
	kill "$daemon"
	wait "$daemon" || true
}

# claude-hook: `cortex claude hook session-start` as Claude Code runs it at
# every session start — a whole process, a real SessionStart payload on
# stdin — over a vault of HOOK_DOCS documents (bench/cmd/genvault) with a
# live `cortex daemon` keeping the index fresh; then a SubagentStart with an
# agent type. HOOK_RUNS runs each; every run must answer. Goal: p50 <= 30 ms.
section_claude_hook() {
	local v=${HOOK_VAULT:-}
	if [ -z "$v" ]; then
		v=$work/claude-hook
		local t0=$SECONDS
		"$bin/genvault" -dir "$v" -n "$HOOK_DOCS"
		echo "generated $HOOK_DOCS documents in $((SECONDS - t0)) s"
	fi
	"$bin/cortex" init "$v" >/dev/null
	"$bin/cortex" rebuild-index --vault "$v" >/dev/null 2>&1
	local daemon
	start_daemon "$v" "$work/daemon.log"
	printf '{"session_id":"022a598a-7ca8-4ccf-80bb-f1919386421e","transcript_path":"%s/t.jsonl","cwd":"%s","permission_mode":"default","hook_event_name":"SessionStart","source":"startup","model":"claude-sonnet-4-5-20250929"}\n' "$work" "$v" >"$work/start.json"
	printf '{"session_id":"022a598a-7ca8-4ccf-80bb-f1919386421e","transcript_path":"%s/t.jsonl","cwd":"%s","permission_mode":"default","hook_event_name":"SubagentStart","agent_id":"agent-a1b2c3d4","agent_type":"code-reviewer"}\n' "$work" "$v" >"$work/sub.json"
	"$bin/claudehookbench" -n "$HOOK_RUNS" -payload "$work/start.json" -label "claude hook session-start (daemon)" -- "$bin/cortex" claude hook session-start
	"$bin/claudehookbench" -n "$HOOK_RUNS" -payload "$work/sub.json" -label "claude hook subagent-start (daemon)" -- "$bin/cortex" claude hook subagent-start
	kill "$daemon"
	wait "$daemon" || true
	"$bin/claudehookbench" -n 10 -warmup 1 -payload "$work/start.json" -label "claude hook session-start (no daemon)" -- "$bin/cortex" claude hook session-start
}

# hooks: a vault of DOCS valid documents in one commit, the pre-commit hook
# installed by init. `git commit` of 10 edited documents with the hook against
# `git commit --no-verify` of the same kind of change, for valid edits (the
# hook checks) and body edits (the hook also recomputes source_hash, which
# rewrites git's index): the time the hook adds (goal <= 100 ms) and the
# ratio; and before that `cortex validate --all` (goal <= 5 s) beside `git
# status` on the same tree.
section_hooks() {
	local v=$work/hooks
	mkdir -p "$v"
	"$bin/cortex" init "$v" >/dev/null
	local t0=$EPOCHREALTIME
	"$bin/gendocs" -vault "$v" -n "$DOCS"
	awk -v a="$t0" -v b="$EPOCHREALTIME" -v n="$DOCS" 'BEGIN { printf "%-28s %d documents in %.1fs\n", "gendocs", n, b - a }' 
	git -C "$v" add -A
	git -C "$v" -c user.name=bench -c user.email=bench@example.com commit -q --no-verify -m "$DOCS documents"
	# Packed, as a repository of that size is, and no automatic gc kicking
	# in the background in the middle of the timings.
	git -C "$v" config gc.auto 0
	git -C "$v" repack -adq
	# On the clean tree first: the --no-verify commits below leave stale
	# hashes behind, as they would for a person.
	"$bin/repeat" -n "$VALIDATE_RUNS" -warmup 1 -label "cortex validate --all" -- "$bin/cortex" validate --all --vault "$v"
	"$bin/repeat" -n "$VALIDATE_RUNS" -warmup 1 -label "git status" -- git -C "$v" status --porcelain
	GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com \
		PATH="$bin:$PATH" "$bin/hookbench" -vault "$v" -runs "$COMMITS" -files 10
}

# crash: the exactly-once test of cmd/cortex/crash_test.go with more rounds
# than CI runs: the real daemon killed with kill -9 at random moments while
# writers append, restarted, and every invariant checked at the end.
section_crash() {
	local start end
	start=$(date +%s.%N)
	CORTEX_CRASH_ROUNDS=$CRASH_ROUNDS go test -count=1 -run '^TestCrashExactlyOnce$' -v ./cmd/cortex | grep -E 'rounds=|recover|^(ok|FAIL|---)' || true
	end=$(date +%s.%N)
	printf 'crash test: %s rounds of kill -9 in %.1f s\n' "$CRASH_ROUNDS" "$(awk "BEGIN {print $end - $start}")"
}

# watch: a hand edit of a memory document (a unique word appended, as an
# editor saves) with `cortex daemon` running on a generated vault of
# WATCH_DOCS documents (bench/vaultgen), timed until `cortex search WORD
# --json` finds it; WATCH_N probes, p50 and p95. Goal: well under 1 s.
section_watch() {
	local v=$work/watch
	"$bin/genvault" -dir "$v" -n "$WATCH_DOCS"
	"$bin/cortex" init "$v" >/dev/null
	"$bin/cortex" rebuild-index --vault "$v" >/dev/null
	local daemon
	start_daemon "$v" "$work/watch-daemon.log"
	"$bin/watchbench" -vault "$v" -cortex "$bin/cortex" -n "$WATCH_N" || { kill "$daemon"; exit 1; }
	kill -INT "$daemon"
	wait "$daemon" || true
}

# doctor: one `cortex doctor` (every check, recorded for the watchdog) over
# a vault of DOCTOR_DOCS documents with a live daemon; beside it `cortex
# status` of this build and, with DOCTOR_BASE, of that binary, in alternating
# rounds of DOCTOR_RUNS runs. Goal: <= 300 ms at 100,000 documents.
section_doctor() {
	local v=${DOCTOR_VAULT:-}
	if [ -z "$v" ]; then
		v=$work/doctor
		"$bin/genvault" -dir "$v" -n "$DOCTOR_DOCS"
	fi
	"$bin/cortex" init "$v" >/dev/null
	"$bin/cortex" rebuild-index --vault "$v" >/dev/null 2>&1
	local daemon round
	start_daemon "$v" "$work/doctor-daemon.log"
	for round in 1 2 3; do
		"$bin/runstat" -n "$DOCTOR_RUNS" -label "doctor (round $round)" -- "$bin/cortex" doctor --vault "$v"
		"$bin/runstat" -n "$DOCTOR_RUNS" -label "status (round $round)" -- "$bin/cortex" status --vault "$v"
		if [ -n "${DOCTOR_BASE:-}" ]; then
			"$bin/runstat" -n "$DOCTOR_RUNS" -label "base status (round $round)" -- "$DOCTOR_BASE" status --vault "$v"
		fi
	done
	kill -INT "$daemon"
	wait "$daemon" || true
}

# recall DATASET: how often `cortex search` finds the turns that answer a
# question of a long conversation (bench/cmd/recallbench): every LoCoMo
# conversation (*.json) in DATASET is memorized turn by turn through
# observe and process, each question of categories 1-4 is asked through
# `cortex search --json --limit 10`; recall@5 and @10 per category, beside
# plain BM25 on the same turns. With RECALL_BASE, that binary's figures
# first, on vaults of its own. Goal (held-out conversations): @10 >= 62%,
# @5 >= 54%. The searches run without a daemon (each refreshes the index
# first), then again with a live `cortex daemon` on the vault, as an
# agent's do: two lines of times.
section_recall() {
	local data=$1
	if [ -n "${RECALL_BASE:-}" ]; then
		echo "baseline: $RECALL_BASE"
		"$bin/recallbench" -cortex "$RECALL_BASE" -data "$data" -work "$work/recall-base" -daemon
		echo "this tree:"
	fi
	"$bin/recallbench" -cortex "$bin/cortex" -data "$data" -work "$work/recall" -daemon
}

# lockduty: git's index.lock under a stream of one observation every 40 ms
# (LOCK_N of them) with `cortex daemon` running on vaults of LOCK_DOCS
# documents: the share of the time it is held, the median and longest hold,
# the daemon's resident size (idle at start, peak, idle after a poll); then
# a person's `git add`/`git commit` loop beside it, and the calls git refused
# for the lock: a loop of LOCK_PERSON_FOR (20s; "" skips it), and one that
# runs until every line is committed (the daemon's wait for a quiet moment
# then runs out). Goals: duty <= 5%, longest hold <= 100 ms at 100,000; 0
# refusals; RSS <= 100 MB idle, <= 200 MB committing. With LOCK_BASE
# (another cortex binary, e.g. one built from main) each measure is taken
# with both, alternating.
section_lockduty() {
	local n b v d person hwm idle0 idle r cpu0 cpu l
	local bins=("$bin/cortex")
	# shellcheck disable=SC2206 # LOCK_BASE lists binaries
	[ -n "${LOCK_BASE:-}" ] && bins+=($LOCK_BASE)
	ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
	for n in $LOCK_DOCS; do
		gen_vault lockduty-tmpl-$n "$n" >/dev/null
		for r in $(seq "$LOCK_ROUNDS"); do
			for person in "" ${LOCK_PERSON_FOR:+"-person -person-for $LOCK_PERSON_FOR"} -person; do
				for b in "${bins[@]}"; do
					l=new
					[ "$b" = "$bin/cortex" ] || l=$(basename "$b")
					v=$work/lockduty-$n-run
					rm -rf "$v"
					cp -a "$work/lockduty-tmpl-$n" "$v"
					"$b" daemon --vault "$v" --log-level warn 2>"$work/lockduty.log" &
					d=$!
					for _ in $(seq 1200); do grep -q "\"pid\": $d," "$v/.cortex/daemon.json" 2>/dev/null && break; sleep 0.1; done
					idle0=$(awk '/VmRSS/{print int($2/1024)}' /proc/$d/status 2>/dev/null || echo ?)
					cpu0=$(ticks "$d")
					# shellcheck disable=SC2086 # $person holds the loop's flags
					"$bin/lockduty" -vault "$v" -n "$LOCK_N" -label "$l $n docs (round $r)${person:+ $person}:" $person || { kill "$d"; exit 1; }
					cpu=$(awk -v a="$cpu0" -v b="$(ticks "$d")" -v hz="$(getconf CLK_TCK)" 'BEGIN{printf "%.1f", (b-a)/hz}')
					echo "$l $n docs (round $r): daemon CPU ${cpu}s during the stream"
					hwm=$(awk '/VmHWM/{print int($2/1024)}' /proc/$d/status 2>/dev/null || echo ?)
					[ -z "$person" ] && [ "$LOCK_IDLE" -gt 0 ] && sleep "$LOCK_IDLE"
					idle=$(awk '/VmRSS/{print int($2/1024)}' /proc/$d/status 2>/dev/null || echo ?)
					[ -z "$person" ] && echo "$l $n docs (round $r): daemon RSS $idle0 MB idle at start, peak $hwm MB, $idle MB idle after"
					kill -INT "$d"
					wait "$d" || true
					rm -rf "$v"
				done
			done
		done
	done
}

# gitsize: .git's size after GS_N observations streamed into a running
# daemon (one every GS_INTERVAL) on a GS_DOCS vault, once the daemon's
# quiet-time maintenance has had its chance (GS_QUIET seconds after the
# stream), against the size after `git gc`. GS_BASE: other cortex binaries
# measured the same way after ours. Goal: <= 2x the size after git gc.
section_gitsize() {
	local b l v d s
	gen_vault gitsize-tmpl "$GS_DOCS" >/dev/null
	# shellcheck disable=SC2206 # GS_BASE lists binaries
	for b in "$bin/cortex" ${GS_BASE:-}; do
		l=new
		[ "$b" = "$bin/cortex" ] || l=$(basename "$b")
		v=$work/gitsize-run
		rm -rf "$v"
		cp -a "$work/gitsize-tmpl" "$v"
		git -C "$v" gc -q
		echo "$l: .git of the $GS_DOCS-document vault after git gc: $(du -sm "$v/.git" | cut -f1) MB"
		"$b" daemon --vault "$v" --log-level warn 2>"$work/gitsize.log" &
		d=$!
		for _ in $(seq 1200); do grep -q "\"pid\": $d," "$v/.cortex/daemon.json" 2>/dev/null && break; sleep 0.1; done
		# The largest .git seen during the stream, sampled every 2 s.
		(set +e; while :; do du -sk "$v/.git" 2>/dev/null | cut -f1; sleep 2; done) >"$work/gitsize.samples" &
		s=$!
		"$bin/lockduty" -vault "$v" -n "$GS_N" -interval "$GS_INTERVAL" -label "$l $GS_DOCS docs, $GS_N observations:" || { kill "$d" "$s"; exit 1; }
		kill "$s" 2>/dev/null || true
		wait "$s" 2>/dev/null || true
		echo "$l: largest .git during the stream: $(($(sort -n "$work/gitsize.samples" | tail -1) / 1024)) MB; daemon CPU $(awk '{printf "%.1f s, its git children %.1f s", ($14+$15)/100, ($16+$17)/100}' "/proc/$d/stat")"
		echo "$l: .git right after the stream: $(du -sm "$v/.git" | cut -f1) MB, $(find "$v/.git/objects" -path '*/pack' -prune -o -type f -print | wc -l) loose objects, $(find "$v/.git/objects/pack" -name '*.pack' | wc -l) packs"
		sleep "$GS_QUIET"
		echo "$l: .git ${GS_QUIET}s later: $(du -sm "$v/.git" | cut -f1) MB, $(find "$v/.git/objects" -path '*/pack' -prune -o -type f -print | wc -l) loose objects, $(find "$v/.git/objects/pack" -name '*.pack' | wc -l) packs"
		kill -INT "$d"
		wait "$d" || true
		git -C "$v" gc -q
		echo "$l: .git after git gc: $(du -sm "$v/.git" | cut -f1) MB"
		rm -rf "$v"
	done
}

# sync: `cortex sync` of a SYNC_DOCS vault over a remote by file path, with
# nothing to do and with 100 new memories on each side (the other machine
# pushed 100 before each run; this one committed 100), beside `git pull
# --rebase && git push` of the same change by the git CLI, runs alternating.
# Goals: nothing to do <= 300 ms, 100 each way <= 2 s.
section_sync() {
	local root=$work/sync a b c r
	mkdir -p "$root"
	"$bin/genvault" -dir "$root/a" -n "$SYNC_DOCS"
	"$bin/cortex" init "$root/a" >/dev/null
	git -C "$root/a" add -A >/dev/null
	git -C "$root/a" -c core.hooksPath=/dev/null commit -qm "$SYNC_DOCS documents"
	git clone -q --bare "$root/a" "$root/remote.git"
	git -C "$root/a" remote add origin "$root/remote.git"
	git -C "$root/a" fetch -q origin
	git -C "$root/a" branch -q -u origin/main
	for c in b c; do
		git clone -q "$root/remote.git" "$root/$c"
		"$bin/cortex" init "$root/$c" >/dev/null
		git -C "$root/$c" config pull.rebase true
	done
	"$bin/cortex" rebuild-index --vault "$root/a" >/dev/null
	"$bin/cortex" rebuild-index --vault "$root/c" >/dev/null
	# new_docs DIR N: N new memory documents committed in DIR.
	cat >"$root/new.sh" <<-'EOF'
		d=$1; n=$2; k=$(cat "$d/.bench-k" 2>/dev/null || echo 0)
		mkdir -p "$d/mind/concepts/2026-03"
		for i in $(seq 1 "$n"); do
			k=$((k + 1)); h=$(printf '%s-%s' "$d" "$k" | sha256sum | cut -c1-64)
			printf -- '---\nid: "019503a7-c18f-7b1d-a3b2-%012d"\ntype: fact\ncategory: concept\ncreated: 2026-03-01T10:00:00.000Z\nsource_hash: %s\n\n# ---\n\ntitle: "bench %s"\n---\n\nbench %s\n' \
				"$k" "$h" "$k" "$k" >"$d/mind/concepts/2026-03/2026-03-01-$h.md"
		done
		echo "$k" >"$d/.bench-k"
		git -C "$d" add mind >/dev/null && git -C "$d" -c core.hooksPath=/dev/null commit -qm "$n new" >/dev/null
	EOF
	# Each run: the other machine (b) pushes 100, this one commits 100.
	local before_a="git -C $root/b pull -q && sh $root/new.sh $root/b 100 && git -C $root/b push -q && sh $root/new.sh $root/a 100"
	local before_c="git -C $root/b pull -q && sh $root/new.sh $root/b 100 && git -C $root/b push -q && sh $root/new.sh $root/c 100"
	"$bin/cortex" sync --vault "$root/a" >/dev/null
	git -C "$root/b" pull -q
	git -C "$root/c" pull -q
	for r in $(seq 1 "$SYNC_RUNS"); do
		"$bin/runstat" -n 1 -warmup 0 -before "$bin/cortex sync --vault $root/a" -label "cortex sync, nothing to do ($SYNC_DOCS docs)" -- "$bin/cortex" sync --vault "$root/a"
		"$bin/runstat" -n 1 -warmup 0 -before "git -C $root/c pull -q --rebase" -label "git pull --rebase && git push, nothing to do" -- sh -c "cd $root/c && git pull -q --rebase && git push -q"
		"$bin/runstat" -n 1 -warmup 0 -before "$before_a" -label "cortex sync, 100 new each way ($SYNC_DOCS docs)" -- "$bin/cortex" sync --vault "$root/a"
		"$bin/runstat" -n 1 -warmup 0 -before "$before_c" -label "git pull --rebase && git push, 100 new each way" -- sh -c "cd $root/c && git pull -q --rebase && git push -q"
	done | sort >"$root/runs.txt"
	# The median of each label's runs.
	local label
	sed 's/ runs=1 .*//' "$root/runs.txt" | uniq | while read -r label; do
		grep -F "$label runs=1 " "$root/runs.txt" | sed 's/.*wall median=\([0-9.]*\)ms.*cpu median=\([0-9.]*\)ms.*/\1 \2/' >"$root/vals"
		printf '%s: runs=%d wall median=%sms cpu median=%sms\n' "$label" "$(wc -l <"$root/vals")" \
			"$(cut -d' ' -f1 "$root/vals" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')" \
			"$(cut -d' ' -f2 "$root/vals" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')"
	done
}

# converge: the convergence test at CONVERGE_ROUNDS rounds (three clones
# of one bare remote, seeded random observe/process/archive/edit/sync).
section_converge() {
	CORTEX_CONVERGENCE_ROUNDS=$CONVERGE_ROUNDS CORTEX_CONVERGENCE_CHECK=1 \
		go test -count=1 -run TestConvergence -v ./vaultsync | grep -E 'seed|^(ok|FAIL|---)'
}

main() {
	local want=() recall_data=""
	while [ $# -gt 0 ]; do
		if [ "$1" = recall ]; then
			recall_data=${2:-}
			# A relative dataset path: from where the script was run,
			# else from the project's root.
			case $recall_data in
			/* | "") ;;
			*) [ -d "$caller_dir/$recall_data" ] && recall_data=$caller_dir/$recall_data ;;
			esac
			want+=(recall)
			shift $(( $# > 1 ? 2 : 1 ))
			continue
		fi
		want+=("$1")
		shift
	done
	if [ ${#want[@]} -eq 0 ] || [ "${want[0]}" = all ]; then
		want=("${SECTIONS[@]}")
	fi
	for s in "${want[@]}"; do
		case " ${SECTIONS[*]} recall " in
		*" $s "*) ;;
		*) echo "bench: unknown section $s (have: ${SECTIONS[*]} all)" >&2; exit 2 ;;
		esac
	done
	case " ${want[*]} " in
	*" recall "*)
		if [ -z "$recall_data" ] || [ ! -d "$recall_data" ]; then
			echo "bench: recall needs a dataset folder (bench/run.sh recall ../shared/bench/locomo-dev)" >&2
			exit 2
		fi ;;
	esac
	build
	echo "== cortex benchmarks  $(go version | cut -d' ' -f3-)  $(nproc 2>/dev/null || echo ?) CPUs  vaults on $(df -PT "$work" 2>/dev/null | awk 'NR==2 {print $2}')"
	for s in "${want[@]}"; do
		echo "-- $s"
		if [ "$s" = recall ]; then
			section_recall "$recall_data"
			continue
		fi
		"section_${s//-/_}"
	done
}

# sleep: `cortex maintain --at 2026-06-01T03:00:00Z` (the sleep cycle) on
# bench/cmd/sleepvault vaults of SLEEP_SIZES documents (about 5%
# near-duplicates, 1% repeats, 10% with files: and a project history),
# indexed beforehand: the first run on a vault that never slept (at 100,000
# documents a run changes at most 5,000, so this is the first of several
# capped runs), each on a fresh copy, and the second (where the first left
# off: the next capped run at 100,000); then, on the vault the runs brought to
# "nothing to do", a run planned in full (as after a run that committed:
# the idle state removed) and a run that finds its idle state (as after a
# run with nothing to do). SLEEP_RUNS rounds, the binaries alternating
# (SLEEP_BASE beside ours, with its own index of the same tree); CPU is user
# + system of the process and its children (git). Then the bytes the first
# run's commit added to .git. Goals: first run at 10,000 <= 1.5 s, at
# 100,000 <= 10 s and <= 300 MB; nothing to do at 100,000 <= 1 s.
section_sleep() {
	local n b l v i out at=2026-06-01T03:00:00Z
	local bins=("$bin/cortex")
	[ -n "${SLEEP_BASE:-}" ] && bins+=("$SLEEP_BASE")
	for n in $SLEEP_SIZES; do
		v=$work/sleep-$n
		"$bin/sleepvault" -dir "$v" -n "$n"
		for b in "${bins[@]}"; do
			l=$(index_label "$b")
			cp -a "$v" "$v-$l"
			"$b" rebuild-index --vault "$v-$l" >/dev/null
		done
		# A used copy is moved aside, not deleted, until the timed runs
		# are over: ext4 without a journal (these VMs' disks) passes over
		# inodes freed in the last minute (five while their table is
		# unwritten) when it makes a file, one by one, so a maintain run
		# just after a vault of 10,000 files was deleted spends seconds
		# in the kernel creating its files. A vault does not lose
		# thousands of files a minute before its nightly run.
		# A copy's files have new inodes and ctimes, so git's index no
		# longer matches their stat data and every git status would hash
		# all 10,000 files (a fifth of a second of CPU here): a vault a person
		# uses has an index git keeps fresh, and so has the copy once
		# refreshed, untimed.
		local fresh="{ [ ! -e $v-run-@ ] || mv $v-run-@ \$(mktemp -u -p $work/aside); } && cp -a $v-@ $v-run-@ && { git -C $v-run-@ update-index -q --refresh >/dev/null || true; }"
		mkdir -p "$work/aside"
		sleep_runs "$n docs first run" "$fresh" "$v-run-@"
		for b in "${bins[@]}"; do
			l=$(index_label "$b")
			echo "$l $n docs first run: the commit adds $(( ($(du -sk "$v-run-$l/.git" | cut -f1) - $(du -sk "$v-$l/.git" | cut -f1)) )) KB to .git ($(git -C "$v-run-$l" log -1 --format=%s%n%b | grep -c '^- ') actions)"
			mv "$v-$l" "$(mktemp -u -p "$work/aside")"
			mv "$v-run-$l" "$v-$l"
		done
		# The second run: where the first left off (at 100,000 documents
		# the next capped run, its near-duplicate keys cached).
		sleep_runs "$n docs second run" "$fresh" "$v-run-@"
		rm -rf "$work/aside"
		# The runs until nothing is left to do (ours), then the same tree
		# indexed by each binary.
		rm -rf "$v"-*
		for ((i = 0; i < 30; i++)); do
			out=$("$bin/cortex" maintain --vault "$v" --at "$at" 2>/dev/null | tail -1)
			case "$out" in *"nothing to do"*) break ;; esac
		done
		echo "$n docs: $i runs to nothing to do"
		for b in "${bins[@]}"; do
			l=$(index_label "$b")
			rm -rf "$v-$l"
			cp -a "$v" "$v-$l"
			rm -rf "$v-$l/.cortex"
			"$b" rebuild-index --vault "$v-$l" >/dev/null
			"$b" maintain --vault "$v-$l" --at "$at" >/dev/null 2>&1
		done
		sleep_runs "$n docs nothing to do, planned" "rm -f $v-@/.cortex/sleep-idle.json" "$v-@"
		sleep_runs "$n docs nothing to do, idle state" "" "$v-@"
		rm -rf "$v" "$v"-*
	done
}

# sleep_runs LABEL BEFORE VAULT: SLEEP_RUNS rounds of one maintain of each
# binary in VAULT, after BEFORE and a sync (so that no run pays for writing
# back what the copy before it left), @ in either the binary's label.
sleep_runs() {
	RUNS_WARMUP=0 index_runs "$SLEEP_RUNS" "$1" "${2:-true} && sync" maintain --vault "$3" --at "$at"
}

# stream: the daemon under a stream (bench/cmd/stream) — STREAM_RATE
# observations a second for STREAM_FOR, each through its own `cortex
# observe`, into a vault of STREAM_DOCS documents (bench/vaultgen, committed
# and indexed): every observation committed, the commits (they should
# coalesce), observe → committed p50 and p95, the daemon's CPU share and its
# RSS (peak, and after 20 s idle). With STREAM_BASE, that build's daemon
# (and observe) takes the same stream on a copy of the same vault after
# ours. Goals: peak RSS <= 150 MB, CPU <= 10% of a core, p50 <= 250 ms.
section_stream() {
	local v=$work/stream b
	"$bin/genvault" -dir "$v" -n "$STREAM_DOCS"
	"$bin/cortex" init "$v" >/dev/null
	git -C "$v" add -A
	git -C "$v" -c user.name=bench -c user.email=bench@example.com commit -q --no-verify -m "$STREAM_DOCS documents"
	git -C "$v" config gc.auto 0
	git -C "$v" repack -adq
	"$bin/cortex" rebuild-index --vault "$v" >/dev/null
	for b in "$bin/cortex" ${STREAM_BASE:-}; do
		rm -rf "$v-run"
		cp -a "$v" "$v-run"
		"$b" rebuild-index --vault "$v-run" >/dev/null
		echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
		"$bin/stream" -vault "$v-run" -cortex "$b" -rate "$STREAM_RATE" -for "$STREAM_FOR" -label "$(index_label "$b")"
	done
	rm -rf "$v-run"
}

# floors: the table of issue 28 — every command beside its floor, the
# cheapest process doing the same kind of work, their runs alternating
# (bench/cmd/floors), FLOORS_RUNS rounds a row, medians and ratios; with
# FLOORS_BASE (a cortex built from main) measured in the same rounds. The
# vaults (FLOORS_SIZES documents of bench/vaultgen, committed, indexed) have
# a live `cortex daemon` of this build for the rows that say so. The base
# works on copies of its own, indexed by itself, with a daemon of its own:
# two builds of other index schemas on one vault would each rebuild the
# other's index (before the file was named by its schema) and time that.
# FLOORS_SIZES= (empty) times only the rows without a vault of documents:
# start-up, the libraries alone, observe.
# The goals are ratios, so read them from one run, with the load it ran
# under.
section_floors() {
	local n v daemon base_daemon runs=$FLOORS_RUNS
	local base=${FLOORS_BASE:-}
	echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
	# base_of ARGS: the -base flag for the same command of FLOORS_BASE,
	# ARGS naming the base's own copies (suffix -base) of the vaults.
	base_of() { [ -z "$base" ] || printf -- '-base\n%s %s\n' "$base" "$*"; }
	local obs
	obs=$(new_vault floors-observe)
	[ -z "$base" ] || cp -a "$obs" "$obs-base"
	printf '{"timestamp":"2026-02-16T15:00:00.000Z","bucket":"explicit","type":"fact","body":"One line through observe, as an agent sends it.","attribution":"bench","session_id":"0195f1a2-6c4e-7b3a-9d21-4e8f0a7c5b13"}\n' >"$work/line.json"
	for n in $FLOORS_SIZES; do
		v=$work/floors-$n
		"$bin/genvault" -dir "$v" -n "$n"
		"$bin/cortex" init "$v" >/dev/null
		git -C "$v" add -A
		git -C "$v" -c user.name=bench -c user.email=bench@example.com commit -q --no-verify -m "$n documents"
		git -C "$v" config gc.auto 0
		git -C "$v" repack -adq
		if [ -n "$base" ]; then
			cp -a "$v" "$v-base"
			"$base" rebuild-index --vault "$v-base" >/dev/null
		fi
		"$bin/cortex" rebuild-index --vault "$v" >/dev/null
	done
	"$bin/floors" -header
	mapfile -t b < <(base_of --version)
	"$bin/floors" -n "$runs" -label '`cortex --version`' -goal 3 -cmd "$bin/cortex --version" -floor "git --version" "${b[@]}"
	# What no command can beat: the libraries' package inits alone
	# (bench/cmd/libfloor, an empty main linking them); and the build the
	# README recommends, without cgo (the net package's cgo resolver links
	# the C runtime and its loader into every start).
	mapfile -t b < <([ -z "${FLOORS_BASE_LIBFLOOR:-}" ] || printf -- '-base\n%s\n' "$FLOORS_BASE_LIBFLOOR")
	"$bin/floors" -n "$runs" -label 'the libraries alone (empty main)' -goal 3 -cmd "$bin/libfloor" -floor "git --version" "${b[@]}"
	"$bin/floors" -n "$runs" -label '`cortex --version`, CGO_ENABLED=0' -goal 3 -cmd "$bin/cortex-nocgo --version" -floor "git --version"
	mapfile -t b < <(base_of "observe --vault $obs-base <$work/line.json")
	"$bin/floors" -n "$runs" -label '`cortex observe`, one line' -goal 3 -cmd "$bin/cortex observe --vault $obs <$work/line.json" \
		-floor "cat <$work/line.json >>$work/floor.jsonl" -floor-label 'cat >> file' "${b[@]}"
	"$bin/floors" -n "$runs" -label '`cortex observe`, one line, CGO_ENABLED=0' -goal 3 -cmd "$bin/cortex-nocgo observe --vault $obs <$work/line.json" \
		-floor "cat <$work/line.json >>$work/floor.jsonl" -floor-label 'cat >> file'
	local words="cache migration parser deploy token index schema retry"
	for n in $FLOORS_SIZES; do
		v=$work/floors-$n
		start_daemon "$v" "$work/floors-daemon-$n.log"
		if [ -n "$base" ]; then
			local ours=$daemon
			start_daemon "$v-base" "$work/floors-daemon-$n-base.log" "$base"
			base_daemon=$daemon daemon=$ours
		fi
		if [ "$n" = "$(echo "$FLOORS_SIZES" | cut -d' ' -f1)" ]; then
			mapfile -t b < <(base_of "context --vault $v-base")
			"$bin/floors" -n "$runs" -label "\`cortex context\`, $n docs, live daemon" -goal 8 -cmd "$bin/cortex context --vault $v" -floor "git --version" "${b[@]}"
			mapfile -t b < <(base_of "search --vault $v-base {q}")
			"$bin/floors" -n "$runs" -label "\`cortex search\`, $n docs, live daemon" -goal 12 -queries "$words" -cmd "$bin/cortex search --vault $v {q}" -floor "git --version" "${b[@]}"
		fi
		mapfile -t b < <(base_of "status --vault $v-base")
		"$bin/floors" -n "$runs" -label "\`cortex status\`, $n docs, live daemon" -goal 0.4 -cmd "$bin/cortex status --vault $v" -floor "git -C $v status" -floor-label "git status" "${b[@]}"
		kill -INT "$daemon"
		wait "$daemon" || true
		if [ -n "$base" ]; then
			kill -INT "$base_daemon"
			wait "$base_daemon" || true
		fi
	done
	if [ -n "$FLOORS_SIZES" ]; then
		n=$(echo "$FLOORS_SIZES" | awk '{print $NF}')
		mapfile -t b < <(base_of "rebuild-index --vault $work/floors-$n-base")
		"$bin/floors" -n 3 -warmup 0 -label "\`cortex rebuild-index\`, $n docs" -goal-ms 6000 -goal-mb 300 -cmd "$bin/cortex rebuild-index --vault $work/floors-$n" "${b[@]}"
	fi
	echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
}

main "$@"
