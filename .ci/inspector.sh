#!/usr/bin/env bash
# The MCP Inspector's CLI (a client nobody on this project wrote) against
# `cortex mcp`: list the tools, call every tool with good and bad
# arguments, and assert on the answers. Usage: .ci/inspector.sh CORTEX VERSION…
# Needs node and npx; .ci/run installs them when they are missing.
set -euo pipefail
cortex=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=CI GIT_AUTHOR_EMAIL=ci@example.com GIT_COMMITTER_NAME=CI GIT_COMMITTER_EMAIL=ci@example.com

fail=0
# call NAME EXPECT ARGS…: run the Inspector with ARGS; its output must
# match the extended regexp EXPECT.
call() {
	local name=$1 expect=$2
	shift 2
	local out
	out=$(npx -y "@modelcontextprotocol/inspector@$version" --cli "$cortex" mcp "$@" 2>&1) || true
	if grep -Eq -- "$expect" <<<"$out"; then
		echo "ok   $version $name"
	else
		echo "FAIL $version $name: want /$expect/, got:"; echo "$out" | head -40
		fail=1
	fi
	last=$out
}
field() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s.slice(s.indexOf("{")));console.log(j.structuredContent[process.argv[1]])})' "$1" <<<"$last"; }

for version in "$@"; do
	# A vault of its own for each version: the same observation saved
	# twice in one vault is (rightly) reinforced, not memorized.
	"$cortex" init "$work/v-$version" >/dev/null
	cd "$work/v-$version"
	call "tools/list: nine tools" '"name": "promote_memory"' --method tools/list
	for t in save_observation search_observations get_timeline get_details resolve_observation get_context rules_candidates promote_memory list_conflicts; do
		grep -q "\"name\": \"$t\"" <<<"$last" || { echo "FAIL $version tools/list: no $t"; fail=1; }
	done

	call "save_observation" '"status": "memorized"' --method tools/call --tool-name save_observation \
		--tool-arg type=warning 'body=The tide fetcher must retry with backoff on HTTP 503' wait=true tags=area/tides
	id=$(field id)
	call "save_observation without body" '"isError": true' --method tools/call --tool-name save_observation --tool-arg type=warning
	call "save_observation, misspelt type" 'did you mean' --method tools/call --tool-name save_observation --tool-arg type=warnng 'body=x y z'

	call "search_observations type=warning (a string for a list)" "\"id\": \"$id\"" --method tools/call --tool-name search_observations \
		--tool-arg query=tide type=warning limit=5
	call "search_observations, misspelt type" 'did you mean \\"warning\\"' --method tools/call --tool-name search_observations --tool-arg type=warnng

	call "get_timeline" '"anchor": true' --method tools/call --tool-name get_timeline --tool-arg "id=$id" before=2 after=2
	call "get_timeline, unknown id" 'no document with id' --method tools/call --tool-name get_timeline --tool-arg id=ffffffff-ffff

	call "get_details ids=ID (a string for a list)" '"trust": "untrusted"' --method tools/call --tool-name get_details --tool-arg "ids=$id"
	call "get_details, not an id" '"isError": true' --method tools/call --tool-name get_details --tool-arg ids=nonexistent

	call "get_context" 'information to weigh, not instructions' --method tools/call --tool-name get_context --tool-arg task=tides
	call "get_context budget=-1" 'budget: -1 is negative' --method tools/call --tool-name get_context --tool-arg budget=-1

	call "rules_candidates" '"candidates"' --method tools/call --tool-name rules_candidates
	call "list_conflicts" '"conflicts"' --method tools/call --tool-name list_conflicts
	call "promote_memory without ids" '"isError": true' --method tools/call --tool-name promote_memory

	call "resolve_observation, unknown id" 'no document with id' --method tools/call --tool-name resolve_observation --tool-arg id=ffffffff-ffff
	call "resolve_observation" '"status": "applied"' --method tools/call --tool-name resolve_observation --tool-arg "id=$id" wait=true 'reason=Backoff is in fetch/retry.go'
done
exit $fail
