#!/bin/sh
# Rebuilds before-freshK.log: TestSecurityCorpora's log of batch K at the
# commit that added batch K, before any rule was changed for it (the
# before-figures of docs/trust.md). Run from the repository's root.
set -e
out=$(pwd)/trust/testdata/trustml
for pair in c7fd80e:13 130471c:14 49ab1a5:15 a4f250f:16 6417b71:17 5750289:18 fdadde5:19 4836040:20 613af44:21 41e7414:22 daed977:23 c158772:24 5d1ab86:25 c741a11:26 1e3ac02:27 4df4690:28 1896493:29; do
	c=${pair%%:*} k=${pair##*:}
	dir=$(mktemp -d)
	git worktree add --detach "$dir" "$c" >/dev/null
	(cd "$dir" && go test ./trust -run "TestSecurityCorpora/fresh$k\$" -v -count=1 || true) |
		grep -E 'missed injection \(|benign note (refused|held) \(|quarantined or held: |benign notes refused: ' >"$out/before-fresh$k.log"
	git worktree remove --force "$dir"
done
