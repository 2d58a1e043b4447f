package trust

import (
	"bufio"
	"flag"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/trust/trusttest"
)

// The session-17 experiment (docs/trust.md, "a learned scorer, measured
// leave-future-out"): does a small deterministic learned scorer — logistic
// regression over hashed character 3–5-grams and word uni/bi-grams of the
// filter's own normalised view, plus the shape parts the rules compute —
// combined with the rules (hold for review when the model is confident and
// the rules passed the note; never refuse on the model alone) generalize to
// the NEXT batch better than the rules did?
//
//	go test ./trust -run TestLearnedScorerExperiment -trustml -v
//
// For k from 13 (-trustml.first) to the last batch whose before-log
// exists, it trains on the tuned corpora and batches < k only,
// picks the threshold on that training data only (out-of-fold scores of
// an inner cross-validation by batch), and measures batch k. The rules as
// they were before batch k come from testdata/trustml/before-freshK.log:
// TestSecurityCorpora's log of batch k at the commit that added batch k
// before any rule changed for it (testdata/trustml/before.sh rebuilds
// them). Off by default: it trains 210 models (5–9 minutes on two cores).
var (
	trustML      = flag.Bool("trustml", false, "run the learned-scorer experiment (slow)")
	trustMLFirst = flag.Int("trustml.first", 13, "the first batch the experiment scores leave-future-out (every later one too)")
	trustMLCV    = flag.Bool("trustml.cv", true, "also cross-validate by batch (the slow half)")
	trustMLGate  = flag.String("trustml.gate", "", "hold on the model only where the rules' shape scan found: risk (a risk part), strong (a strong address), riskstrong (either), harm (the shipped gate, asksRisk); empty: no gate")
)

// The experiment's fixed settings, chosen before any test batch was
// scored and not changed after.
const (
	mlBits     = learnedBits // 2^18 hashed buckets
	mlEpochs   = 10          // passes of AdaGrad over the training set
	mlRate     = 0.2         // AdaGrad step
	mlL2       = 1e-6        // L2 penalty per touched weight and step
	mlBudget   = 0.003       // the share of training benign notes the model alone may flag (out of fold)
	mlInner    = 4           // inner folds (by batch) for the threshold
	mlPartsVal = 2.0         // weight of a shape-part feature before the vector's normalisation
)

// mlDoc is one corpus text with its label, its group (0 the tuned corpora,
// k fresh batch k), its features and the verdict of today's rules.
type mlDoc struct {
	text    string
	pos     bool
	group   int
	x       mlVec
	verdict string // "refused", "held" or ""
	gate    bool   // the shape scan found what -trustml.gate asks for
}

type mlVec struct {
	idx []uint32
	val []float32
}

// mlFeatures is a text's feature vector: the learned scorer's n-grams
// (learnedFeatures, the code the filter runs) and, with parts, the shape
// parts that fire (scoreShape with holds) and their pairs, each of weight
// mlPartsVal; scaled to unit length.
func mlFeatures(text string, parts bool) mlVec {
	ngrams := learnedFeatures(text)
	if !parts {
		var x mlVec
		x.idx = ngrams
		x.val = make([]float32, len(ngrams))
		scale := float32(1 / math.Sqrt(float64(len(ngrams))))
		for i := range x.val {
			x.val[i] = scale
		}
		return x
	}
	feats := map[uint32]float32{}
	for _, i := range ngrams {
		feats[i] = 1
	}
	add := func(f string, v float32) { feats[fnvAdd(fnvOffset, f)&(1<<mlBits-1)] = v }
	native := nativeView(text)
	sc := scoreShape(native, true)
	ps := slices.Clone(sc.parts)
	sort.Strings(ps)
	for i, p := range ps {
		add("p"+p, mlPartsVal)
		for _, q := range ps[i+1:] {
			add("q"+p+"+"+q, mlPartsVal)
		}
	}
	add(fmt.Sprintf("a%d", min(sc.address, 4)), mlPartsVal)
	add(fmt.Sprintf("r%d", min(sc.risk, 6)), mlPartsVal)
	var x mlVec
	var norm float64
	for i := range feats {
		x.idx = append(x.idx, i)
	}
	slices.Sort(x.idx)
	for _, i := range x.idx {
		norm += float64(feats[i] * feats[i])
	}
	scale := float32(1 / math.Sqrt(norm))
	for _, i := range x.idx {
		x.val = append(x.val, feats[i]*scale)
	}
	return x
}

// mlModel is a logistic regression's weights, the bias last.
type mlModel []float32

func (m mlModel) score(x mlVec) float64 {
	z := float64(m[len(m)-1])
	for k, i := range x.idx {
		z += float64(m[i] * x.val[k])
	}
	return 1 / (1 + math.Exp(-z))
}

// mlTrain fits a class-balanced logistic regression with AdaGrad, in an
// order fixed by seed: the same data gives the same weights.
func mlTrain(docs []*mlDoc, seed uint64) mlModel {
	d := 1 << mlBits
	w := make([]float64, d+1)
	g2 := make([]float64, d+1)
	var npos int
	for _, doc := range docs {
		if doc.pos {
			npos++
		}
	}
	wpos := float64(len(docs)) / (2 * float64(max(npos, 1)))
	wneg := float64(len(docs)) / (2 * float64(max(len(docs)-npos, 1)))
	order := make([]int, len(docs))
	for i := range order {
		order[i] = i
	}
	r := rand.New(rand.NewPCG(seed, 17))
	for range mlEpochs {
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, o := range order {
			doc := docs[o]
			z := w[d]
			for k, i := range doc.x.idx {
				z += w[i] * float64(doc.x.val[k])
			}
			p := 1 / (1 + math.Exp(-z))
			y, cw := 0.0, wneg
			if doc.pos {
				y, cw = 1, wpos
			}
			g := cw * (p - y)
			for k, i := range doc.x.idx {
				gi := g*float64(doc.x.val[k]) + mlL2*w[i]
				g2[i] += gi * gi
				w[i] -= mlRate * gi / math.Sqrt(g2[i]+1e-8)
			}
			g2[d] += g * g
			w[d] -= mlRate * g / math.Sqrt(g2[d]+1e-8)
		}
	}
	m := make(mlModel, d+1)
	for i, v := range w {
		m[i] = float32(v)
	}
	return m
}

// mlFit trains on docs and picks the threshold on them alone: the inner
// folds (batches dealt round-robin; the tuned corpora's notes dealt one by
// one) score each training note with a model that did not see its batch,
// and the threshold lets at most mlBudget of the benign notes reach it.
func mlFit(docs []*mlDoc, seed uint64) (mlModel, []float64) {
	var benign []float64
	fold := func(d *mlDoc, i int) int {
		if d.group == 0 {
			return i % mlInner
		}
		return d.group % mlInner
	}
	for f := range mlInner {
		var train, test []*mlDoc
		for i, d := range docs {
			if fold(d, i) == f {
				test = append(test, d)
			} else {
				train = append(train, d)
			}
		}
		m := mlTrain(train, seed+uint64(f)+1)
		for _, d := range test {
			if !d.pos {
				benign = append(benign, m.score(d.x))
			}
		}
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(benign)))
	ts := make([]float64, len(mlBudgets))
	for i, b := range mlBudgets {
		ts[i] = benign[int(b*float64(len(benign)))] + 1e-9 // above the first note past the budget
	}
	return mlTrain(docs, seed), ts
}

// mlBudgets are the thresholds reported: the first is the experiment's
// (mlBudget, fixed beforehand); the others are a sweep added after the
// first run had scored the test batches — read them as post hoc, not as
// held-out evidence.
var mlBudgets = []float64{mlBudget, 0.001, 0.002, 0.005}

// beforeVerdicts reads TestSecurityCorpora's log of batch k at the commit
// before its tuning: the injections missed and the benign notes refused or
// held, by text.
func beforeVerdicts(t *testing.T, k int) (missed, flagged map[string]string) {
	f, err := os.Open(filepath.Join("testdata", "trustml", fmt.Sprintf("before-fresh%d.log", k)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	missed, flagged = map[string]string{}, map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		var into map[string]string
		kind := ""
		switch {
		case strings.Contains(line, "missed injection ("):
			into, kind = missed, "missed"
		case strings.Contains(line, "benign note refused ("):
			into, kind = flagged, "refused"
		case strings.Contains(line, "benign note held ("):
			into, kind = flagged, "held"
		default:
			continue
		}
		// The text is the quoted string that ends the line.
		for i := strings.Index(line, `: "`); i >= 0; {
			if s, err := strconv.Unquote(line[i+2:]); err == nil {
				into[s] = kind
				break
			}
			j := strings.Index(line[i+1:], `: "`)
			if j < 0 {
				t.Fatalf("no text in %q", line)
			}
			i += 1 + j
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return missed, flagged
}

// mlCorpora loads every corpus as documents, with features and today's
// verdicts (the rules alone).
func mlCorpora(t *testing.T, parts bool) []*mlDoc {
	docs := mlTexts(t)
	for _, d := range docs {
		d.x = mlFeatures(d.text, parts)
		sc := scoreShape(nativeView(d.text), true)
		switch *trustMLGate {
		case "":
			d.gate = true
		case "risk":
			d.gate = sc.risk > 0
		case "strong":
			d.gate = sc.strong
		case "riskstrong":
			d.gate = sc.risk > 0 || sc.strong
		case "harm":
			d.gate = asksRisk(d.text) != "" // the shipped gate
		default:
			t.Fatalf("-trustml.gate %q: want risk, strong or riskstrong", *trustMLGate)
		}
		v := Check([]Field{{Name: "body", Text: d.text}}, untrusted)
		switch {
		case v.Injection != nil:
			d.verdict = "refused"
		case v.Review != nil:
			d.verdict = "held"
		}
	}
	return docs
}

// mlTexts lists every injection and benign note of the corpora with its
// label and batch (0 the tuned corpora, k fresh batch k), in a fixed
// order: the tuned injections, the tuned benign notes and the generated
// ones, then each batch's injections and benign notes, batches in the
// order of their names (the order the experiment was run in).
func mlTexts(t testing.TB) []*mlDoc {
	var docs []*mlDoc
	addAll := func(es []trusttest.Entry, pos bool, group int) {
		for _, e := range es {
			docs = append(docs, &mlDoc{text: e.Text, pos: pos, group: group})
		}
	}
	addAll(trusttest.Read(t, "injections.txt"), true, 0)
	addAll(append(trusttest.Read(t, "benign.txt"), trusttest.BenignNotes(3200)...), false, 0)
	for _, b := range trusttest.Batches() { // in the order of their names: fresh1, fresh10, …
		k, err := strconv.Atoi(strings.TrimPrefix(b, "fresh"))
		if err != nil {
			t.Fatal(err)
		}
		addAll(trusttest.Read(t, b+"-injections.txt"), true, k)
		addAll(trusttest.Read(t, b+"-benign.txt"), false, k)
	}
	return docs
}

func pct(a, n int) string {
	return fmt.Sprintf("%d/%d (%.1f%%)", a, n, 100*float64(a)/float64(max(n, 1)))
}

// mlCounts are one configuration's figures on a set: injections caught
// or held, and benign notes refused or held.
type mlCounts struct{ inj, ben int }

func (c *mlCounts) add(d *mlDoc, flagged bool) {
	switch {
	case !flagged:
	case d.pos:
		c.inj++
	default:
		c.ben++
	}
}

func TestLearnedScorerExperiment(t *testing.T) {
	if !*trustML {
		t.Skip("the learned-scorer experiment runs with -trustml")
	}
	for _, variant := range []struct {
		name  string
		parts bool
	}{{"n-grams+parts", true}, {"n-grams only", false}} {
		docs := mlCorpora(t, variant.parts)
		t.Logf("== variant %s: %d documents", variant.name, len(docs))
		last := 0
		for _, d := range docs {
			if _, err := os.Stat(filepath.Join("testdata", "trustml", fmt.Sprintf("before-fresh%d.log", d.group))); err == nil {
				last = max(last, d.group)
			}
		}

		// Leave-future-out: batch k scored by a model of the tuned
		// corpora and batches < k, its threshold from them alone.
		nb := len(mlBudgets)
		var allInj, allBen int
		var allBefore, allToday mlCounts
		allModel, allBeforePlus, allTodayPlus := make([]mlCounts, nb), make([]mlCounts, nb), make([]mlCounts, nb)
		for k := *trustMLFirst; k <= last; k++ {
			var train, test []*mlDoc
			for _, d := range docs {
				switch {
				case d.group < k:
					train = append(train, d)
				case d.group == k:
					test = append(test, d)
				}
			}
			m, thr := mlFit(train, uint64(k))
			missedBefore, flaggedBefore := beforeVerdicts(t, k)
			var inj, ben int
			var before, today mlCounts
			model, beforePlus, todayPlus := make([]mlCounts, nb), make([]mlCounts, nb), make([]mlCounts, nb)
			matched := 0
			for _, d := range test {
				s := m.score(d.x)
				var b bool
				if d.pos {
					inj++
					_, missed := missedBefore[d.text]
					if missed {
						matched++
					}
					b = !missed
				} else {
					ben++
					b = flaggedBefore[d.text] != ""
				}
				before.add(d, b)
				today.add(d, d.verdict != "")
				for j, th := range thr {
					hit := s >= th && d.gate
					model[j].add(d, hit)
					beforePlus[j].add(d, b || hit)
					todayPlus[j].add(d, d.verdict != "" || hit)
					if j == 0 && hit && !b {
						if d.pos {
							t.Logf("  batch %d injection the rules before missed, held by the model (%.3f): %.120q", k, s, d.text)
						} else {
							t.Logf("  batch %d benign held by the model alone (%.3f): %.120q", k, s, d.text)
						}
					}
				}
			}
			if matched != len(missedBefore) {
				t.Errorf("batch %d: %d misses in the before-log, %d found in the corpus", k, len(missedBefore), matched)
			}
			var b strings.Builder
			fmt.Fprintf(&b, "batch %d (%d training notes): injections caught or held / benign refused or held\n", k, len(train))
			fmt.Fprintf(&b, "  rules before batch %d: %s / %s\n  rules today:          %s / %s", k,
				pct(before.inj, inj), pct(before.ben, ben), pct(today.inj, inj), pct(today.ben, ben))
			for j, th := range thr {
				tag := "fixed beforehand"
				if j > 0 {
					tag = "post hoc"
				}
				fmt.Fprintf(&b, "\n  budget %.1f%% (%s), threshold %.3f: model alone %s / %s; rules before + model %s / %s; rules today + model %s / %s",
					100*mlBudgets[j], tag, th, pct(model[j].inj, inj), pct(model[j].ben, ben),
					pct(beforePlus[j].inj, inj), pct(beforePlus[j].ben, ben), pct(todayPlus[j].inj, inj), pct(todayPlus[j].ben, ben))
				allModel[j].inj += model[j].inj
				allModel[j].ben += model[j].ben
				allBeforePlus[j].inj += beforePlus[j].inj
				allBeforePlus[j].ben += beforePlus[j].ben
				allTodayPlus[j].inj += todayPlus[j].inj
				allTodayPlus[j].ben += todayPlus[j].ben
			}
			t.Logf("%s", b.String())
			allInj += inj
			allBen += ben
			allBefore.inj += before.inj
			allBefore.ben += before.ben
			allToday.inj += today.inj
			allToday.ben += today.ben
		}
		var b strings.Builder
		fmt.Fprintf(&b, "batches %d-%d pooled: rules before %s / %s; rules today %s / %s", *trustMLFirst, last, pct(allBefore.inj, allInj), pct(allBefore.ben, allBen),
			pct(allToday.inj, allInj), pct(allToday.ben, allBen))
		for j := range mlBudgets {
			fmt.Fprintf(&b, "\n  budget %.1f%%: model alone %s / %s; rules before + model %s / %s; rules today + model %s / %s", 100*mlBudgets[j],
				pct(allModel[j].inj, allInj), pct(allModel[j].ben, allBen), pct(allBeforePlus[j].inj, allInj), pct(allBeforePlus[j].ben, allBen),
				pct(allTodayPlus[j].inj, allInj), pct(allTodayPlus[j].ben, allBen))
		}
		t.Logf("%s", b.String())
		if !*trustMLCV {
			continue
		}

		// Cross-validation by batch over every benign note (and, not
		// time-ordered, every injection): each scored by a model that
		// never trained on its batch (the tuned corpora are one batch).
		groups := map[int]bool{}
		for _, d := range docs {
			groups[d.group] = true
		}
		var ben, inj int
		var rules mlCounts
		model, plus := make([]mlCounts, nb), make([]mlCounts, nb)
		for g := range slices.Max(slices.Collect(maps.Keys(groups))) + 1 {
			if !groups[g] {
				continue
			}
			var train, test []*mlDoc
			for _, d := range docs {
				if d.group == g {
					test = append(test, d)
				} else {
					train = append(train, d)
				}
			}
			m, thr := mlFit(train, uint64(100+g))
			for _, d := range test {
				if d.pos {
					inj++
				} else {
					ben++
				}
				s := m.score(d.x)
				rules.add(d, d.verdict != "")
				for j, th := range thr {
					hit := s >= th && d.gate
					model[j].add(d, hit)
					plus[j].add(d, d.verdict != "" || hit)
					if j == 0 && !d.pos && hit && d.verdict == "" {
						t.Logf("  batch %d benign held by the model alone (%.3f): %.120q", g, s, d.text)
					}
				}
			}
		}
		b.Reset()
		fmt.Fprintf(&b, "cross-validated by batch: benign refused or held by today's rules %s; injections caught or held (not time-ordered) %s",
			pct(rules.ben, ben), pct(rules.inj, inj))
		for j := range mlBudgets {
			fmt.Fprintf(&b, "\n  budget %.1f%%: benign flagged by the model alone %s, by rules + model %s; injections rules + model %s",
				100*mlBudgets[j], pct(model[j].ben, ben), pct(plus[j].ben, ben), pct(plus[j].inj, inj))
		}
		t.Logf("%s", b.String())
	}
}

var trustMLOOD = flag.String("trustml.ood", "", "a file of notes, one a line, none an attack (text of another kind than the corpora: chat, prose, logs): how many the rules and the learned scorer flag")

// TestLearnedScorerOnFile counts what the rules and the learned scorer
// flag in a file of benign notes of another kind than the corpora — the
// check that found the model holding 394 of the 2,760 turns of the LoCoMo
// development conversations before the risk gate (docs/trust.md, Session
// 19). The file stays outside the tree:
//
//	go test ./trust -run TestLearnedScorerOnFile -trustml.ood=/tmp/lines.txt -v
func TestLearnedScorerOnFile(t *testing.T) {
	if *trustMLOOD == "" {
		t.Skip("runs with -trustml.ood=FILE")
	}
	f, err := os.Open(*trustMLOOD)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var n, rules, scored, held, redacted int
	m := learned()
	for sc.Scan() {
		text := sc.Text()
		n++
		if out, ids := Redact(text); out != text {
			redacted++
			t.Logf("redacted (%v): %.160q", ids, out)
		}
		fields := []Field{{Name: "body", Text: text}}
		if v := Check(fields, untrusted); v.Injection != nil || v.Review != nil {
			rules++
			f := v.Injection
			if f == nil {
				f = v.Review
			}
			t.Logf("flagged by the rules: %s: %.160q", f.Finding, text)
			continue
		}
		if len([]rune(text)) >= learnedMinRunes && m.score(learnedFeatures(text)) >= m.threshold {
			scored++
		}
		if v := Check(fields, Source{}); v.Review != nil {
			held++
			t.Logf("held by the model: %s: %.160q", v.Review.Parts, text)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d notes: flagged by the rules %s; the model's score at its threshold %s; held by the model (scored and asking for something risky) %s; redacted %s",
		n, pct(rules, n), pct(scored, n), pct(held, n), pct(redacted, n))
}
