package mind

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault/doc"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files of testdata/")

// mark describes a memory of the push tests; zero fields take defaults.
type mark struct {
	dir         string // default: the type's folder
	name        string // file name without .md (default: from the sequence)
	typ         string // default: fact
	body        string
	title       string
	attribution string
	bucket      string
	session     string
	status      string
	scope       string
	agent       string
	supBy       string
	promoted    string
	importance  *float64
	created     time.Time // default: testNow - 1 day
	reinforced  *time.Time
	noID        bool
}

// mark writes m and returns its id. Ids share their first 11 characters,
// as ids of one batch do, so the short ids are longer than 8.
func (v *vaultT) mark(m mark) string {
	v.t.Helper()
	v.seq++
	if m.typ == "" {
		m.typ = "fact"
	}
	if m.created.IsZero() {
		m.created = ago(day)
	}
	td, ok := doc.DefaultTaxonomy().Type(m.typ)
	if !ok {
		v.t.Fatalf("type %q", m.typ)
	}
	if m.dir == "" {
		m.dir = td.Dir
	}
	if m.name == "" {
		m.name = fmt.Sprintf("m%03d", v.seq)
	}
	id := fmt.Sprintf("019503a7-c1%02x-7000-8000-%012x", v.seq, v.seq)
	if m.noID {
		id = ""
	}
	d := &doc.Document{
		ID: id, Type: m.typ, Category: td.Category, Created: m.created,
		SourceHash: doc.Hash(m.body), Title: m.title, Attribution: m.attribution,
		Importance: m.importance, SessionID: m.session, Status: m.status,
		LastReinforced: m.reinforced, Supersedes: "", SupersededBy: m.supBy, PromotedTo: m.promoted,
		Scope: m.scope, Agent: m.agent, Body: m.body, Bucket: m.bucket,
	}
	if m.reinforced != nil {
		d.Reinforced = 1
	}
	v.write(m.dir+"/"+m.name+".md", string(doc.Render(d)))
	return id
}

const (
	pushSess = "0195aaaa-0000-7000-8000-000000000001" // the agent's session
	pushPast = "0195bbbb-0000-7000-8000-000000000002" // an earlier one
)

// pushVault is a vault with a memory for every stage and every exclusion.
func pushVault(t testing.TB) *vaultT {
	v := newVault(t)
	// Rules: all of them, most important first, then by path.
	v.mark(mark{dir: "rules", name: "go", typ: "lesson", body: "Run go vet before pushing: CI rejects it anyway.", attribution: "owner", importance: imp(0.9)})
	v.mark(mark{dir: "rules", name: "commits", typ: "constraint", body: "Commit messages say why, not what.", attribution: "owner", importance: imp(0.6)})
	v.mark(mark{dir: "rules", name: "old", typ: "constraint", body: "Use tabs in YAML.", status: "archived", importance: imp(1)})
	v.mark(mark{dir: "rules", name: "mine", typ: "constraint", body: "db-migrator: never drop a column in the same release.", scope: "local", agent: "db-migrator"})
	v.mark(mark{dir: "rules", name: "theirs", typ: "constraint", body: "reviewer: block on missing tests.", scope: "local", agent: "reviewer"})
	// Tasks and commitments for the agent (no agent, its name, its type).
	v.mark(mark{typ: "task", body: "Migrate the billing schema to v2 before the June release.", attribution: "owner", importance: imp(0.9), created: ago(3 * day)})
	v.mark(mark{typ: "task", body: "Add an index on invoices(customer_id).", attribution: "alice", agent: "db-migrator", importance: imp(0.6), created: ago(2 * day)})
	v.mark(mark{typ: "commitment", body: "Keep every migration reversible.", attribution: "owner", agent: "migrator", importance: imp(0.8), created: ago(10 * day)})
	v.mark(mark{typ: "task", body: "Review the billing pull request.", attribution: "bob", agent: "reviewer", importance: imp(1), created: ago(day)})
	v.mark(mark{typ: "task", body: "Rotate the staging database password.", status: "resolved", importance: imp(1)})
	// This session's marks, newest first.
	v.mark(mark{typ: "warning", body: "The invoices table has 40M rows: add indexes concurrently.", attribution: "db-migrator", session: pushSess, importance: imp(0.7), created: ago(time.Hour)})
	v.mark(mark{typ: "discovery", body: "customer_id is nullable in legacy rows.", attribution: "db-migrator", session: pushSess, importance: imp(0.6), created: ago(30 * time.Minute)})
	v.mark(mark{typ: "fact", body: "This session's superseded note.", session: pushSess, status: "superseded", created: ago(20 * time.Minute)})
	// Past marks: other sessions; the task's words find them.
	v.mark(mark{typ: "decision", body: "Billing schema changes go through expand and contract migrations.", attribution: "owner", session: pushPast, importance: imp(0.8), created: ago(40 * day)})
	v.mark(mark{typ: "lesson", body: "A migration that locks invoices stalls checkout for minutes.", attribution: "db-migrator", session: pushPast, importance: imp(0.6), created: ago(20 * day)})
	v.mark(mark{typ: "lesson", body: "Billing exports run at 02:00 UTC; do not migrate then.", attribution: "ci-bot", session: pushPast, status: "outdated", created: ago(5 * day)})
	v.mark(mark{typ: "fact", body: "The billing service was rewritten in Go.", session: pushPast, supBy: "019503a7-c1ff-7000-8000-0000000000ff", created: ago(6 * day)})
	v.mark(mark{typ: "fact", body: "Billing rounding rules live in the finance wiki.", session: pushPast, promoted: "rules/go.md", created: ago(7 * day)})
	v.mark(mark{typ: "fact", body: "The reviewer's billing checklist is in docs/review.md.", session: pushPast, scope: "local", agent: "reviewer", created: ago(8 * day)})
	v.mark(mark{typ: "fact", body: "Unrelated: the office plants need water on Fridays.", session: pushPast, importance: imp(0.5), created: ago(2 * day)})
	// Recent and important (after decay), not about billing.
	v.mark(mark{typ: "preference", body: "The owner prefers small pull requests over big ones.", attribution: "owner", importance: imp(0.95), created: ago(60 * day)})
	v.mark(mark{typ: "opinion", body: "Monorepos slow the CI down for everyone.", attribution: "bob", importance: imp(0.9), created: ago(200 * day)}) // decayed below 0.7
	v.write("mind/concepts/broken.md", "---\ntype: [\n---\nA note that does not parse.\n")
	return v
}

// golden compares got with testdata/context/name.golden (rewritten with
// -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	p := filepath.Join("testdata", "context", name+".golden")
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s:\n--- got\n%s--- want\n%s", name, p, got, want)
	}
}

// render is a block as the golden files hold it: the text, then a line per
// stage with its entries and omissions.
func render(b *ContextBlock) string {
	var s strings.Builder
	s.WriteString(b.Text)
	fmt.Fprintf(&s, "==== budget %d, used %d\n", b.Budget, b.Used)
	for _, st := range b.Stages {
		fmt.Fprintf(&s, "%s: %d shown, %d omitted", st.Name, len(st.Entries), st.Omitted)
		if st.Fallback {
			s.WriteString(", fallback")
		}
		s.WriteString("\n")
	}
	return s.String()
}

func buildContext(t *testing.T, r *Recall, req ContextRequest) *ContextBlock {
	t.Helper()
	b, err := r.Context(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if n := utf8.RuneCountInString(b.Text); n != b.Used || n > b.Budget {
		t.Fatalf("text of %d characters, used %d, budget %d", n, b.Used, b.Budget)
	}
	return b
}

var agentReq = ContextRequest{SessionID: pushSess, Agent: "db-migrator", AgentType: "migrator", Task: "Migrate the billing schema"}

func TestContextGolden(t *testing.T) {
	v := pushVault(t)
	r := v.open()
	for name, req := range map[string]ContextRequest{
		// A sub-agent with a task in its session: every stage.
		"agent": agentReq,
		// Another agent: its own local memories and tasks, not the
		// db-migrator's.
		"reviewer": {SessionID: pushSess, Agent: "a81f", AgentType: "reviewer", Task: "review the billing pull request"},
		// A session starting: no agent, no task; the past stage falls back
		// to recency.
		"session-start": {SessionID: pushPast},
		// Words that match nothing: recency again.
		"no-match": {SessionID: pushSess, Agent: "helm-operator", Task: "kubernetes helm chart"},
		// Nothing at all.
		"empty-request": {},
		// A budget that ends the block in the tasks stage.
		"small-budget": {SessionID: pushSess, Agent: "db-migrator", AgentType: "migrator", Task: "Migrate the billing schema", Budget: 500},
	} {
		t.Run(name, func(t *testing.T) {
			golden(t, name, render(buildContext(t, r, req)))
		})
	}
}

// TestContextBudget: a budget that fits exactly n entries shows n, one
// character less shows n-1, at every n; the rest count as omitted.
func TestContextBudget(t *testing.T) {
	r := pushVault(t).open()
	full := buildContext(t, r, agentReq)
	var lines []string
	total := 0
	for _, st := range full.Stages {
		for _, e := range st.Entries {
			lines = append(lines, e.Line)
		}
		total += len(st.Entries) + st.Omitted
	}
	if len(lines) < 10 || total != len(lines) {
		t.Fatalf("%d entries of %d candidates: the vault should fill every stage within the default budget", len(lines), total)
	}
	shown := func(b *ContextBlock) (n, omitted int) {
		for _, st := range b.Stages {
			n += len(st.Entries)
			omitted += st.Omitted
		}
		return n, omitted
	}
	for n := 0; n <= len(lines); n++ {
		// The exact size of the block with the first n entries.
		exact := buildContext(t, r, ContextRequest{SessionID: agentReq.SessionID, Agent: agentReq.Agent, AgentType: agentReq.AgentType, Task: agentReq.Task, Budget: sizeWith(full, n)})
		if got, om := shown(exact); got != n || om != total-n || exact.Used != exact.Budget {
			t.Errorf("budget %d: %d entries shown, %d omitted, %d used; want %d, %d, all of it", exact.Budget, got, om, exact.Used, n, total-n)
		}
		if n == 0 {
			continue
		}
		less := buildContext(t, r, ContextRequest{SessionID: agentReq.SessionID, Agent: agentReq.Agent, AgentType: agentReq.AgentType, Task: agentReq.Task, Budget: sizeWith(full, n) - 1})
		if got, _ := shown(less); got != n-1 {
			t.Errorf("budget %d: %d entries shown, want %d", less.Budget, got, n-1)
		}
		// Every line of the text is whole: an entry of the full block.
		for _, line := range strings.Split(less.Text, "\n") {
			if strings.HasPrefix(line, "- ") && !slices.Contains(lines, line) {
				t.Errorf("budget %d: a line that is no entry: %q", less.Budget, line)
			}
		}
	}
}

// sizeWith is the size of the block holding the first n entries of full:
// the header and closing line, each stage's heading line and blank line,
// and each entry's line.
func sizeWith(full *ContextBlock, n int) int {
	size := utf8.RuneCountInString(contextHeader) + utf8.RuneCountInString(contextClose)
	for _, st := range full.Stages {
		if n == 0 {
			break
		}
		size += utf8.RuneCountInString(st.Heading) + 2
		for _, e := range st.Entries {
			if n == 0 {
				break
			}
			size += utf8.RuneCountInString(e.Line) + 1
			n--
		}
	}
	return size
}

// TestContextTinyBudget: a budget too small for the header and closing
// line gives an empty block, every candidate omitted; a negative one is
// refused.
func TestContextTinyBudget(t *testing.T) {
	r := pushVault(t).open()
	fixed := utf8.RuneCountInString(contextHeader) + utf8.RuneCountInString(contextClose)
	for _, budget := range []int{1, fixed - 1} {
		b := buildContext(t, r, ContextRequest{SessionID: pushSess, Budget: budget})
		if b.Text != "" || b.Used != 0 {
			t.Errorf("budget %d: text %q", budget, b.Text)
		}
		omitted := 0
		for _, st := range b.Stages {
			omitted += st.Omitted
			if len(st.Entries) != 0 {
				t.Errorf("budget %d: stage %s has entries", budget, st.Name)
			}
		}
		if omitted == 0 {
			t.Errorf("budget %d: nothing counted as omitted", budget)
		}
	}
	b := buildContext(t, r, ContextRequest{SessionID: pushSess, Budget: fixed})
	if b.Text != contextHeader+contextClose {
		t.Errorf("budget %d: %q, want the header and closing line alone", fixed, b.Text)
	}
	_, err := r.Context(context.Background(), ContextRequest{Budget: -1})
	var qe *QueryError
	if !errors.As(err, &qe) {
		t.Errorf("budget -1: %v, want a QueryError", err)
	}
	if b := buildContext(t, r, ContextRequest{}); b.Budget != DefaultBudget {
		t.Errorf("budget 0 gave %d, want the default %d", b.Budget, DefaultBudget)
	}
}

// TestContextDeterministic: the same vault and clock give the same block,
// run twice and after the index is built again from scratch (other rowids).
func TestContextDeterministic(t *testing.T) {
	v := pushVault(t)
	r := v.open()
	first := render(buildContext(t, r, agentReq))
	if again := render(buildContext(t, r, agentReq)); again != first {
		t.Errorf("second run differs:\n%s\nfirst:\n%s", again, first)
	}
	r.Close()
	if err := os.RemoveAll(v.l.Path(".cortex")); err != nil {
		t.Fatal(err)
	}
	if rebuilt := render(buildContext(t, v.open(), agentReq)); rebuilt != first {
		t.Errorf("after a rebuild:\n%s\nfirst:\n%s", rebuilt, first)
	}
}

// TestContextEntries: an entry is one line; a long title is cut at a word
// with "…", never the entry; an attribution is optional; a document
// without an id shows its path. (Rules files whose body holds no rule, only
// a heading, are one entry each, by their title, as any document.)
func TestContextEntries(t *testing.T) {
	v := newVault(t)
	long := strings.Repeat("word ", 60) + "end"
	v.mark(mark{dir: "rules", name: "long", title: long, body: "# Long", attribution: "owner"})
	v.mark(mark{dir: "rules", name: "lines", title: "first line\nsecond\tline", body: "# Lines"})
	v.mark(mark{dir: "rules", name: "noid", body: "A rule written by hand.", noID: true})
	v.mark(mark{dir: "rules", name: "who", body: "# Who", attribution: strings.Repeat("x", 60)})
	b := buildContext(t, v.open(), ContextRequest{})
	lines := map[string]string{}
	for _, e := range b.Stages[0].Entries {
		lines[e.Path] = e.Line
		if strings.ContainsAny(e.Line, "\n\t") {
			t.Errorf("%s: not one line: %q", e.Path, e.Line)
		}
	}
	if l := lines["rules/long.md"]; !strings.HasPrefix(l, "- [fact] “word word") || !strings.Contains(l, "word…” (by owner, hand-written, trusted) ‹019503a7-c101›") ||
		utf8.RuneCountInString(l) > maxTitle+70 {
		t.Errorf("long title: %q", l)
	}
	if l := lines["rules/lines.md"]; !strings.HasPrefix(l, "- [fact] “first line second line” (hand-written, trusted) ‹019503a7-c102›") {
		t.Errorf("multi-line title: %q", l)
	}
	if l := lines["rules/noid.md"]; l != "- [fact] “A rule written by hand.” (hand-written, trusted) ‹rules/noid.md›" {
		t.Errorf("no id: %q", l)
	}
	if l := lines["rules/who.md"]; !strings.Contains(l, "(by "+strings.Repeat("x", maxAttribution-1)+"…, hand-written, trusted)") {
		t.Errorf("long attribution: %q", l)
	}
}

// TestPushTerms: the agent's names as phrases, the task's words without
// the common ones, each once.
func TestPushTerms(t *testing.T) {
	terms := pushTerms(ContextRequest{Agent: "db-migrator", AgentType: "DB-Migrator", Task: `Migrate the "billing" schema; migrate it NOW (a) type:x`})
	var got []string
	for _, t := range terms {
		got = append(got, t.Text)
	}
	if want := []string{"db-migrator", "Migrate", "billing", "schema", "type"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("terms %q, want %q", got, want)
	}
	if n := len(pushTerms(ContextRequest{Task: strings.Repeat("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma ", 3)})); n != maxPushTerms {
		t.Errorf("%d terms, want at most %d", n, maxPushTerms)
	}
}

// TestContextCommonWords: a word found in more than maxPushMatches
// memories is left out of the past stage's search (it would rank most of
// the vault); the rare words steer it; only common words fall back to
// recency.
func TestContextCommonWords(t *testing.T) {
	v := newVault(t)
	for i := range maxPushMatches + 20 {
		v.mark(mark{body: fmt.Sprintf("Deploy note %d: the deploy went fine.", i), session: pushPast, created: ago(time.Duration(i+2) * time.Hour)})
	}
	v.mark(mark{typ: "warning", body: "The kraken deploy script deletes old releases.", session: pushPast, created: ago(30 * day)})
	r := v.open()
	terms, err := r.specificTerms(context.Background(), pushTerms(ContextRequest{Task: "deploy the kraken"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(terms) != 1 || terms[0].Text != "kraken" {
		t.Errorf("terms %+v, want kraken alone", terms)
	}
	b := buildContext(t, r, ContextRequest{SessionID: pushSess, Task: "deploy the kraken"})
	past := b.Stages[len(b.Stages)-1]
	if past.Name != StagePast || past.Fallback || len(past.Entries) != 1 || !strings.Contains(past.Entries[0].Line, "kraken") {
		t.Errorf("past stage %+v, want the kraken warning alone", past)
	}
	b = buildContext(t, r, ContextRequest{SessionID: pushSess, Task: "deploy"})
	past = b.Stages[len(b.Stages)-1]
	if past.Name != StagePast || !past.Fallback || !strings.Contains(past.Entries[0].Line, "Deploy note 0:") {
		t.Errorf("past stage %+v, want the most recent marks", past)
	}
}

// FuzzContextRequest: any agent name, type and task give a block within
// the budget, never an error from SQLite; every line of it is a heading,
// a whole entry, a blank line, or the header or closing line.
func FuzzContextRequest(f *testing.F) {
	for _, s := range []string{
		"", " ", `"`, `""`, `*`, `-x`, `a AND b`, `NEAR(a b)`, `title:x`, `type:decision`, "nul\x00byte",
		"\xff\xfe", "é*", `;DROP TABLE documents;--`, strings.Repeat("word ", 500), strings.Repeat("(", 1000),
		"Migrate the billing schema", "db-migrator",
	} {
		f.Add(s, s, 0)
	}
	r := pushVault(f).open()
	f.Fuzz(func(t *testing.T, agent, task string, budget int) {
		if budget < 0 {
			budget = -budget
		}
		budget %= 8000
		b, err := r.Context(context.Background(), ContextRequest{SessionID: pushSess, Agent: agent, AgentType: agent, Task: task, Budget: budget})
		if err != nil {
			t.Fatalf("agent %q, task %q: %v", agent, task, err)
		}
		if n := utf8.RuneCountInString(b.Text); n != b.Used || n > b.Budget {
			t.Fatalf("text of %d characters, used %d, budget %d", n, b.Used, b.Budget)
		}
		for _, line := range strings.Split(strings.TrimSuffix(b.Text, "\n"), "\n") {
			if line != "" && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "- [") && !strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "More: ") && line+"\n\n" != strings.TrimPrefix(contextHeader, "# Cortex memory\n\n") {
				t.Fatalf("a stray line %q in\n%s", line, b.Text)
			}
		}
	})
}

// TestContextConcurrent: one Recall serves blocks to many callers at once
// (the MCP server), its prepared statements shared, each block the same.
func TestContextConcurrent(t *testing.T) {
	r := pushVault(t).open()
	want := render(buildContext(t, r, agentReq))
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			for range 5 {
				b, err := r.Context(context.Background(), agentReq)
				if err == nil && render(b) != want {
					err = fmt.Errorf("a different block:\n%s", render(b))
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestContextRuleEntries: the rules stage pushes every rule of a rules file
// — the curator's entries with ‹id#^block›, which get resolves, a person's
// list items and paragraphs — first, within the budget, entry by entry; an
// archived rules file pushes none of its rules.
func TestContextRuleEntries(t *testing.T) {
	v := newVault(t)
	warnings := "# Warnings\n\n" + doc.RulesIntro + "\n\n" +
		"- Always run the migrations on staging first. (from [[2026-02-16-1a2b3c4d]], [[2026-02-17-5e6f7a8b]]) ^r-0f1e2d3c\n" +
		"- Never log an access token. (from [[2026-02-18-aaaaaaaa]]) ^r-12345678\n" +
		"- Set lock_timeout before every ALTER. (from [[2026-02-19-bbbbbbbb]]) ^r-9abcdef0\n"
	wid := v.mark(mark{dir: "rules", name: "warnings", typ: "warning", title: "Warnings (rules)", body: warnings, importance: imp(1)})
	v.mark(mark{dir: "rules", name: "team", typ: "constraint", title: "Team rules", body: "# Team rules\n\nWe agreed on these.\n\n* Reviews happen within a day.\n* Every change ships with a test.\n", importance: imp(0.9)})
	v.mark(mark{dir: "rules", name: "prose", typ: "constraint", body: "Deploys stop on Fridays at noon.\n\nA red build is fixed before anything else.\n", importance: imp(0.8)})
	v.mark(mark{dir: "rules", name: "old", typ: "constraint", body: "- Use tabs in YAML.\n", status: "archived", importance: imp(1)})
	v.mark(mark{typ: "fact", body: "Billing runs in UTC.", importance: imp(0.9)})
	r := v.open()

	b := buildContext(t, r, ContextRequest{})
	short := b.Stages[0].Entries[0].Short
	want := "## Rules\n" +
		"- [warning] “Always run the migrations on staging first.” (hand-written, trusted) ‹" + short + "#^r-0f1e2d3c›\n" +
		"- [warning] “Never log an access token.” (hand-written, trusted) ‹" + short + "#^r-12345678›\n" +
		"- [warning] “Set lock_timeout before every ALTER.” (hand-written, trusted) ‹" + short + "#^r-9abcdef0›\n" +
		"- [constraint] “Reviews happen within a day.” (hand-written, trusted) ‹"
	if b.Stages[0].Name != StageRules || !strings.Contains(b.Text, want) {
		t.Fatalf("rules stage:\n%s", b.Text)
	}
	for _, s := range []string{"Every change ships with a test.", "- [constraint] “Deploys stop on Fridays at noon.” (hand-written, trusted) ‹", "A red build is fixed before anything else."} {
		if !strings.Contains(b.Text, s) {
			t.Errorf("no %q in\n%s", s, b.Text)
		}
	}
	for _, s := range []string{"Use tabs in YAML", "Rules the curator", "We agreed", "(from [[", "Warnings (rules)", "Team rules"} {
		if strings.Contains(b.Text, s) {
			t.Errorf("%q pushed:\n%s", s, b.Text)
		}
	}
	if e := b.Stages[0].Entries[1]; e.ID != wid || e.Block != "r-12345678" || e.Path != "rules/warnings.md" || e.Body != "" {
		t.Errorf("entry %+v", e)
	}
	// ‹id#^block› names the rules file.
	docs, err := r.Get(context.Background(), short+"#^r-12345678")
	if err != nil || len(docs) != 1 || docs[0].Path != "rules/warnings.md" {
		t.Fatalf("get: %v, %v", docs, err)
	}

	// A budget with room for two rules: the first two, the rest omitted,
	// no other stage in their place.
	fixed := utf8.RuneCountInString(contextHeader + contextClose)
	e := b.Stages[0].Entries
	budget := fixed + utf8.RuneCountInString("## Rules") + 2 + utf8.RuneCountInString(e[0].Line) + 1 + utf8.RuneCountInString(e[1].Line) + 1
	small := buildContext(t, r, ContextRequest{Budget: budget})
	if len(small.Stages[0].Entries) != 2 || small.Stages[0].Omitted != len(e)-2 || strings.Contains(small.Text, "Billing") {
		t.Fatalf("budget %d:\n%s%+v", budget, small.Text, small.Stages)
	}
	if small.Used != budget {
		t.Errorf("used %d of %d", small.Used, budget)
	}
}
