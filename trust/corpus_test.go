package trust

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/trust/trusttest"
)

// The security corpora (trusttest/corpora): injection attempts by family,
// credentials by provider, and benign notes — hand-written ones plus the
// generated BenignNotes — and the fresh batches, each written in families
// unlike the ones the rules were tuned on and measured before any rule was
// changed for it (docs/trust.md keeps those before-figures).
// TestSecurityCorpora reports the rates per family and fails below the
// goals: attacks quarantined (or, from a source not trusted, held for
// review) ≥ 90% of each batch and ≥ 95% of the first corpus, no
// 8-character piece of a credential left, benign notes refused, held or
// redacted ≤ 0.5%.

type rate struct{ hit, n int }

func (r rate) String() string {
	return fmt.Sprintf("%d/%d (%.1f%%)", r.hit, r.n, 100*float64(r.hit)/float64(max(r.n, 1)))
}

// corpus is one set of the three kinds and the share of attacks it must
// see caught, in per cent.
type corpus struct {
	name                      string
	injections, creds, benign []trusttest.Entry
	goal                      int
}

func corpora(t *testing.T) []corpus {
	cs := []corpus{{
		name:       "tuned",
		injections: trusttest.Read(t, "injections.txt"),
		creds:      trusttest.Read(t, "credentials.tsv"),
		benign:     append(trusttest.Read(t, "benign.txt"), trusttest.BenignNotes(3200)...),
		goal:       95,
	}}
	if n := len(cs[0].injections) + len(cs[0].creds); n < 200 || len(cs[0].benign) < 3000 {
		t.Fatalf("corpora too small: %d injections and credentials, %d benign", n, len(cs[0].benign))
	}
	for _, b := range trusttest.Batches() {
		cs = append(cs, corpus{
			name:       b,
			injections: trusttest.Read(t, b+"-injections.txt"),
			creds:      trusttest.Read(t, b+"-credentials.tsv"),
			benign:     trusttest.Read(t, b+"-benign.txt"),
			goal:       90,
		})
	}
	return cs
}

// untrusted is the source a held-out attack is assumed to come from: an
// ambient line, attributed to nobody the calibration trusts — judged by
// the rules alone. The corpora's figures are the rules'; the learned
// scorer, trained on these very corpora, is reported on its own line
// (rules + model, in-sample).
var untrusted = Source{RulesOnly: true}

// measuredOnly lists the batches whose figures are reported but whose
// goals are not asserted: written and measured but not yet tuned for, or
// tuned and still short of the goals: batch 7, written after the three
// readings, and batches 8 and 9, written by the lead and never shown to
// whoever tuned the rules, are kept untuned as the current held-out
// estimates. Batch 13 meets every goal since session 16 (its
// before-figure, 76.7%, is in docs/trust.md) and is asserted. Batch 14
// (before 68.3%) is caught 60/60 after its tuning but still flags 3 of
// its 60 benign notes, so it stays measured only. Batch 17 (before
// 68.3%) is caught 60/60 after session 18's classes but still refuses 1
// of its 60 benign notes: measured only. Batch 18 (before
// 75.0%), written after session 18's learned-scorer gate, is caught
// 58/60 after session 19's classes with none of its benign notes
// flagged; session 20's credential classes redact its last 2
// credentials, so it meets every goal and is asserted since session 20.
// Batch 19 (before 60.0%) is caught 59/60 after session 20's classes,
// its 40 credentials redacted, but 2 of its 60 benign notes are still
// flagged: measured only. Batch 20 (before 73.3%, 28/40 credentials),
// written blind, is caught 60/60 after session 20's classes with its 40
// credentials redacted and none of its benign notes flagged: asserted
// (its before-figure stays the held-out estimate). Batches 12 (59/60)
// and 21 (55/60, before 48.3%) meet every goal since session 21's
// benign classes kept their last flagged benign notes (batch 12: a
// key's fingerprint published, a person's greeting that sets limits;
// batch 21: a rubric that forbids merging "on its own"): asserted. Batch
// 10 (57/60, its 25 credentials redacted, no benign note flagged) has
// met every goal since before session 21: asserted. Batch 22, written
// blind like batch 21 (before 38.3%, 27/40 credentials), is caught
// 58/60 after session 21's classes and language rows, its 40
// credentials redacted and none of its benign notes flagged: asserted
// (its before-figure stays the held-out estimate). Batch 23, written
// blind after session 21's sweeps (before 48.3%, 32/40 credentials, 3
// of 60 benign notes held), is caught 60/60 after the session on the
// reader named by what it does, its 40 credentials redacted and none of
// its benign notes flagged: asserted (its before-figure, 48.3%, stays
// the held-out estimate). Batch 24, written blind (before 33.3%, 35/40
// credentials), is caught 60/60 after session 22's classes, its 40
// credentials redacted by the session's general credential layers and
// none of its benign notes flagged: asserted (its before-figure stays
// the held-out estimate). Batch 25, written blind after session 22's
// general layers and batch 24's classes (before 43.3%, 32/40
// credentials, 1 refused, 2 held and 3 redacted of its 60 benign notes),
// is caught 60/60 after the session's classes, its 40 credentials
// redacted and none of its benign notes flagged or redacted: asserted.
// Batch 26, written blind after batch 25's classes (before 35.0%, 33/40
// credentials, 1 refused and 1 redacted of its 60 benign notes), is
// caught 60/60 after session 22's classes and language rows, its 40
// credentials redacted and none of its benign notes flagged or redacted:
// asserted.
var measuredOnly = map[string]bool{"fresh7": true, "fresh8": true, "fresh9": true, "fresh11": true, "fresh14": true, "fresh15": true, "fresh16": true, "fresh17": true, "fresh19": true, "fresh27": true, "fresh28": true, "fresh29": true}

func TestSecurityCorpora(t *testing.T) {
	for _, c := range corpora(t) {
		t.Run(c.name, func(t *testing.T) {
			if measuredOnly[c.name] {
				measure(&reportOnly{T: t}, c)
				return
			}
			measure(t, c)
		})
	}
}

// reportOnly turns the goals' errors into log lines, for a batch measured
// before any rule was changed for it.
type reportOnly struct{ *testing.T }

func (r *reportOnly) Errorf(format string, args ...any) { r.Logf("goal missed: "+format, args...) }

// tb is what measure needs of a test.
type tb interface {
	Helper()
	Logf(format string, args ...any)
	Errorf(format string, args ...any)
}

func measure(t tb, c corpus) {
	byFamily := map[string]*rate{}
	var caught, quarantined rate
	// Rules + the learned scorer's hold, in-sample: the shipped model was
	// trained on every one of these notes.
	var plusCaught, plusFlagged, benignN rate
	learnedHolds := func(text string) bool {
		_, ok := learnedHold([]Field{{Name: "body", Text: text}})
		return ok
	}
	for _, e := range c.injections {
		r := byFamily[e.Family]
		if r == nil {
			r = &rate{}
			byFamily[e.Family] = r
		}
		r.n++
		caught.n++
		quarantined.n++
		v := Check([]Field{{Name: "body", Text: e.Text}}, untrusted)
		plusCaught.n++
		switch {
		case v.Injection != nil:
			quarantined.hit++
			fallthrough
		case v.Review != nil:
			r.hit++
			caught.hit++
			plusCaught.hit++
		default:
			t.Logf("missed injection (%s) [%s]: %q", e.Family, explainShape(e.Text), e.Text)
			if learnedHolds(e.Text) {
				plusCaught.hit++
			}
		}
	}
	logRates(t, fmt.Sprintf("%s: injections quarantined %v; quarantined or held", c.name, quarantined), caught, byFamily)

	byProvider := map[string]*rate{}
	var redacted rate
	for _, e := range c.creds {
		r := byProvider[e.Family]
		if r == nil {
			r = &rate{}
			byProvider[e.Family] = r
		}
		r.n++
		redacted.n++
		out, _ := Redact(e.Text)
		if p := trusttest.LeftPieceOf(e.Text, out, e.Secret); p != "" {
			t.Errorf("credential (%s) left %q in %q", e.Family, p, out)
			continue
		}
		r.hit++
		redacted.hit++
	}
	logRates(t, c.name+": credentials redacted", redacted, byProvider)

	var refused, held, changed rate
	refusedBy, heldBy, changedBy := map[string]int{}, map[string]int{}, map[string]int{}
	for _, e := range c.benign {
		refused.n++
		held.n++
		changed.n++
		v := Check([]Field{{Name: "body", Text: e.Text}}, untrusted)
		benignN.n++
		switch {
		case v.Injection != nil:
			refused.hit++
			refusedBy[v.Injection.Rule]++
			plusFlagged.hit++
			t.Logf("benign note refused (%s): %q", v.Injection, e.Text)
		case v.Review != nil:
			held.hit++
			heldBy[v.Review.Rule]++
			plusFlagged.hit++
			t.Logf("benign note held (%s): %q", v.Review, e.Text)
		case learnedHolds(e.Text):
			plusFlagged.hit++
			t.Logf("benign note the rules keep, held by the learned scorer (in-sample): %q", e.Text)
		}
		if out, rules := Redact(e.Text); out != e.Text {
			changed.hit++
			changedBy[strings.Join(rules, ",")]++
			t.Logf("benign note redacted (%v): %q -> %q", rules, e.Text, out)
		}
	}
	t.Logf("%s: benign notes refused: %v %v; held: %v %v; redacted: %v %v", c.name, refused, refusedBy, held, heldBy, changed, changedBy)
	plusFlagged.n = benignN.n
	t.Logf("%s: RULES + LEARNED SCORER (in-sample: the model trained on this corpus; not a held-out figure): injections caught or held %v; benign refused or held %v",
		c.name, plusCaught, plusFlagged)

	if caught.hit*100 < caught.n*c.goal {
		t.Errorf("%s: injections quarantined or held %v, goal ≥ %d%%", c.name, caught, c.goal)
	}
	if redacted.hit != redacted.n {
		t.Errorf("%s: credentials redacted %v, goal 100%%", c.name, redacted)
	}
	if (refused.hit+held.hit)*1000 > refused.n*5 {
		t.Errorf("%s: benign notes refused %v and held %v, goal ≤ 0.5%%", c.name, refused, held)
	}
	if changed.hit*1000 > changed.n*5 {
		t.Errorf("%s: benign notes redacted %v, goal ≤ 0.5%%", c.name, changed)
	}
}

func logRates(t tb, what string, all rate, by map[string]*rate) {
	keys := make([]string, 0, len(by))
	for k := range by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %v", what, all)
	for _, k := range keys {
		fmt.Fprintf(&b, "\n  %-28s %v", k, *by[k])
	}
	t.Logf("%s", b.String())
}
