package mind

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"unicode"

	"github.com/cortex-vault/cortex/vault/index"
)

// matchTerms turns a query's terms into the index's: bare words that are
// stop words ("what", "did", "the") are left out when the query has other
// words to look for, and a possessive 's is dropped ("Caroline's" is
// looked for as Caroline, not as the phrase "caroline s"). Phrases,
// prefixes and exclusions are kept as written.
func matchTerms(terms []Term) []index.Term {
	out := make([]index.Term, 0, len(terms))
	informative := 0
	for _, t := range terms {
		if !t.Exclude && !stopTerm(t) {
			informative++
		}
	}
	seen := map[string]bool{}
	for _, t := range terms {
		text := t.Text
		if !t.Phrase && !t.Prefix {
			text = trimPossessive(text)
		}
		if informative > 0 && !t.Exclude && stopTerm(t) {
			continue
		}
		key := strings.ToLower(text)
		if t.Exclude {
			key = "-" + key
		}
		if t.Prefix {
			key += "*"
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, index.Term{Text: text, Prefix: t.Prefix, Exclude: t.Exclude})
	}
	return out
}

// stopTerm reports whether t is a bare stop word, or a bare word of one
// letter or digit (the "s" of "it's").
func stopTerm(t Term) bool {
	if t.Phrase || t.Prefix {
		return false
	}
	w := strings.ToLower(strings.TrimFunc(trimPossessive(t.Text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r)
	}))
	return stopWords()[w] || len([]rune(w)) < 2
}

// trimPossessive drops a trailing 's or ’s.
func trimPossessive(s string) string {
	for _, suf := range []string{"'s", "’s", "'S", "’S"} {
		if t, ok := strings.CutSuffix(s, suf); ok && t != "" {
			return t
		}
	}
	return s
}

func positiveTerms(terms []index.Term) int {
	n := 0
	for _, t := range terms {
		if !t.Exclude {
			n++
		}
	}
	return n
}

// anyBudget bounds the documents the any-word pass (Recall.rank) scores,
// as the sum of its words' document counts. Scoring costs in proportion to
// the documents scored — BM25 reads each one's column sizes, the ranking
// its row — and in a large vault two common words are found in a third of
// it: 35,000 of 100,000 generated documents, 0.3 s. Those that have only
// the common words are most of them and the least likely to rank: BM25's
// idf gives a word found in a third of the vault a sixth of what it gives
// one found in a few documents, and coordination counts the share of the
// question's words a document has. So the pass scores the documents of the
// rarest words (boundAny), and every word still counts in their scores.
// A vault where the words are found in at most anyBudget documents in all
// — every LoCoMo conversation's, each question — is searched as before.
const anyBudget = 2000

// anyWithin is SearchParams.Within for the any-word pass over terms that
// is to find need documents: nil (every document that has a word) unless
// the words' documents are more than anyBudget; see boundAny.
func (r *Recall) anyWithin(ctx context.Context, terms []index.Term, need int) ([]index.Term, error) {
	pos := make([]index.Term, 0, len(terms))
	for _, t := range terms {
		if !t.Exclude {
			pos = append(pos, t)
		}
	}
	// A count past the budget is as good as any larger one, and reading
	// no further keeps the counting cheap however common the word.
	counts, err := r.ix.TermDocs(ctx, pos, anyBudget+1)
	if err != nil {
		return nil, err
	}
	return boundAny(pos, counts, need, anyBudget), nil
}

// boundAny picks the words whose documents an any-word pass scores, given
// each word's document count (counts[i] for terms[i]): nil, every word's,
// when they sum to at most budget; else the rarest words, rarest first,
// while their counts sum to at most budget — and past it while they sum to
// fewer than need, so that the pass still finds need documents when the
// rarer words are in too few (the commoner words then bring documents,
// the commonest still do not). Words found nowhere count for nothing. The
// rest still count in the scores of the documents scored. This is the
// essential/non-essential split of MaxScore (Turtle and Flood, 1995) with
// a budget of documents for its threshold: the ranking mixes BM25 with
// importance and recency, so no score bound can prove a document out, and
// the split is measured instead (LoCoMo's questions are scored whole).
func boundAny(terms []index.Term, counts []int, need, budget int) []index.Term {
	order := make([]int, 0, len(terms))
	total := 0
	for i, n := range counts {
		if n > 0 {
			order = append(order, i)
			total += n
		}
	}
	if total <= budget {
		return nil
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(counts[a], counts[b]) })
	var within []index.Term
	took := 0
	for _, i := range order {
		if took >= need && took+counts[i] > budget {
			break
		}
		within = append(within, terms[i])
		took += counts[i]
	}
	if len(within) == len(order) {
		return nil
	}
	return within
}

// coordinationWeight is g of coordinate: how much the share of the
// query's words a document has counts beside its BM25. BM25 sums its
// words' weights, and one word said often in a short memory can outweigh
// two said once in a longer one; the coordination level (the share of
// the query's words matched: Lucene's classic coord factor, the oldest
// ranking of term-matching retrieval) says that a memory which shares
// more of what the question asks about is the likelier answer. Measured
// on LoCoMo's development conversations, split by conversation (3 + 2)
// to guard against fitting them (Benchmarks, Recall quality): at 0.5
// recall@5 +0.7 / +0.2 on the two parts, multi-hop @10 +1.3 / +0.1,
// open-domain @10 +5.3 / +1.0; 1 costs single-hop more than it gives.
const coordinationWeight = 0.5

// coordinate ranks the documents that have any of the query's words
// (anyHits, their Relevance b = BM25 over the best) by BM25 and by their
// coordination level c, the share of the query's words each has (has:
// the indexes of the words each path has, of words in all):
//
//	R = (b + g·c) / (1 + g)
//
// When some documents have every word (all), they come first: R = (1 +
// b)/2 for them, and the coordinated R halved for the others. The bonus
// of having every word is the document's own: its session neighbours
// have not every word, and borrow (withNeighbours) from the coordinated
// R/2 it would have without the bonus. Lent the bonus, the neighbours of
// the one memory that has every word (0.7 of 1) outranked every memory
// that has the question's rarest word but not the others: "What events
// for veterans has John participated in?" listed the chat around the one
// turn with all four words before the other turns about veterans. lends
// maps each document with the bonus to what it lends.
func coordinate(all, anyHits []index.Hit, words int, has map[string][]int) (out []index.Hit, lends map[string]float64) {
	every := make(map[string]bool, len(all))
	for _, h := range all {
		every[h.Path] = true
	}
	out = slices.Clone(anyHits)
	if len(all) > 0 {
		lends = make(map[string]float64, len(all))
	}
	for i := range out {
		h := &out[i]
		c := 1.0
		if !every[h.Path] && words > 0 {
			c = min(float64(len(has[h.Path]))/float64(words), 1)
		}
		b := h.Relevance
		h.Relevance = (b + coordinationWeight*c) / (1 + coordinationWeight)
		switch {
		case len(all) == 0:
		case every[h.Path]:
			lends[h.Path] = h.Relevance / 2
			h.Relevance = (1 + b) / 2
		default:
			h.Relevance /= 2
		}
	}
	return out, lends
}

// Neighbour expansion (Search, step 5), measured on LoCoMo's development
// conversations (bench/run.sh recall; README, Benchmarks).
const (
	// neighbourPool is how many candidates past the limit the first
	// passes fetch, so a neighbour's lift can bring one of them in.
	neighbourPool = 20
	// neighbourFrom is how many of the best candidates lend relevance.
	neighbourFrom = 10
	// neighbourSpan is how many memories on each side of a lender, in its
	// session, borrow.
	neighbourSpan = 2
	// neighbourShare is the share of a lender's relevance they get.
	neighbourShare = 0.7
	// strangerShare is the part of neighbourShare a neighbour that has
	// none of the query's words gets: re-scored against the question, the
	// chat around a hit that shares no word with it is rarely the answer
	// (on LoCoMo, 3 of the 623 such results in the first ten were; of
	// those that have a word, if only the speaker's name, 685 of 6,963
	// were), so it comes after those that have a word, but still comes.
	strangerShare = 0.5
	// neighbourWords is the fewest words a query needs for neighbours: a
	// one-word search is a look-up, and gets what has the word.
	neighbourWords = 2
)

// withNeighbours adds to hits the session neighbours of the best
// neighbourFrom of them: a neighbour's relevance is the larger of its own
// and neighbourShare times the relevance of the hit next to it (lends[its
// path] when set, see coordinate) — the whole of it for the memory
// right after a hit that asks (its body ends with a question mark: in a
// conversation the answer follows its question, and has the words the
// question asks about less often than the question does; on LoCoMo,
// recall@5 +1.1, @10 +1.2) — and strangerShare of that for one that has
// none of the query's words. The scores are computed again and the
// hits sorted, best first. lenders maps the path of each neighbour added
// to the id of the hit that brought it (the one that lent the most, then
// the best).
//
// named is the names bySpeaker lifted the hits by (nil: none). A hit lends
// what it matched, not who said it: the lift is taken off what a lender
// lends, and each neighbour gets it by its own attribution — in a
// conversation the turns around a match are the other speaker's as often
// as the named one's, and the question asks about what the named one said
// (on LoCoMo's development half, recall@5 66.2% → 67.3%, multi-hop @10
// 43.5% → 46.8%, each part of a split by conversation up at @5; see
// docs/benchmarks.md).
func (r *Recall) withNeighbours(ctx context.Context, p index.SearchParams, keep int, hits []index.Hit, lend bool, lends map[string]float64, named map[string]bool) (_ []index.Hit, lenders map[string]string, _ error) {
	byPath := make(map[string]int, len(hits))
	for i, h := range hits {
		byPath[h.Path] = i
	}
	// The candidates in their order by score: lenders first.
	order := rescore(hits, p.Rank)
	var added []index.Hit
	from := order[:min(neighbourFrom, len(order))]
	if !lend || positiveTerms(p.Terms) < neighbourWords {
		from = nil
	}
	// Lenders lend their own relevance, not one lent to them, and not
	// their speaker's lift.
	said := func(d index.Doc) bool { return speaks(d.Attribution, named) }
	own := make([]float64, len(hits))
	for i, h := range hits {
		own[i] = h.Relevance
		if l, ok := lends[h.Path]; ok {
			own[i] = min(own[i], l)
		}
		if named != nil {
			own[i] = unlifted(own[i], speakerWeight, said(h.Doc))
		}
	}
	lenders = map[string]string{}
	lentBy := map[string]float64{}
	fromPaths := make([]string, len(from))
	for k, i := range from {
		fromPaths[k] = hits[i].Path
	}
	asking, err := r.ix.Asking(ctx, fromPaths)
	if err != nil {
		return nil, nil, err
	}
	anchors := make([]index.Doc, len(from))
	for k, i := range from {
		anchors[k] = hits[i].Doc
	}
	before, after, err := r.ix.SessionNeighbors(ctx, anchors, neighbourSpan)
	if err != nil {
		return nil, nil, err
	}
	for f, i := range from {
		h := hits[i]
		for side, ns := range [][]index.Doc{before[f], after[f]} {
			for k, n := range ns {
				lent := neighbourShare * own[i]
				if side == 1 && k == 0 && asking[h.Path] {
					// The reply to a question answers what its words ask.
					lent = own[i]
				}
				if named != nil {
					lent = lifted(lent, speakerWeight, said(n))
				}
				if j, ok := byPath[n.Path]; ok {
					if j < len(hits) {
						hits[j].Relevance = max(hits[j].Relevance, lent)
					} else if lent > lentBy[n.Path] {
						lenders[n.Path], lentBy[n.Path] = h.ID, lent
					}
					continue
				}
				if !allowed(n, p) {
					continue
				}
				byPath[n.Path] = len(hits) + len(added)
				lenders[n.Path], lentBy[n.Path] = h.ID, lent
				added = append(added, index.Hit{
					Doc:       n,
					Effective: index.EffectiveImportance(n, p.Now),
					Recency:   index.Recency(n, p.Now, p.Rank.HalfLife),
				})
			}
		}
	}
	// A candidate of the search has a word of the query; a neighbour
	// brought from outside them may have one too, or none. The index is
	// asked only about those that could be among the first keep
	// (unsure).
	for k := range added {
		added[k].Relevance = lentBy[added[k].Path]
	}
	if r.exhaustive {
		keep = 0
	}
	unsure := reachable(hits, added, keep, p.Rank)
	paths := make([]string, 0, len(unsure))
	for _, k := range unsure {
		paths = append(paths, added[k].Path)
	}
	has, err := r.ix.HaveAny(ctx, p.Terms, paths)
	if err != nil {
		return nil, nil, err
	}
	for k := range added {
		a := &added[k]
		if !has[a.Path] {
			a.Relevance *= strangerShare
		}
	}
	hits = append(hits, added...)
	order = rescore(hits, p.Rank)
	out := make([]index.Hit, len(order))
	for k, i := range order {
		out[k] = hits[i]
	}
	return out, lenders, nil
}

// reachable returns the indexes of the neighbours in added (their
// Relevance what they are lent, as if they had a word of the query) that
// could be among the first keep of hits and added together once each
// neighbour without a word is given strangerShare of it. Whether the
// others have a word changes nothing the search returns: keep candidates
// score more than they could, the hits as scored and the neighbours at
// the least, strangers all. So the index is asked about these alone: a
// neighbour's words cost the posting lists of every word of the query,
// and at 100,000 generated documents most of the forty neighbours of a
// two-word search were out of reach. keep <= 0 keeps every neighbour.
func reachable(hits, added []index.Hit, keep int, rk index.Rank) []int {
	all := make([]int, len(added))
	for k := range added {
		all[k] = k
	}
	if keep <= 0 || len(hits)+len(added) <= keep {
		return all
	}
	// The scores as rescore computes them.
	score := func(rel float64, h index.Hit) float64 {
		return rk.Relevance*rel + rk.Importance*h.Effective + rk.Recency*h.Recency
	}
	least := make([]float64, 0, len(hits)+len(added))
	for _, h := range hits {
		least = append(least, score(h.Relevance, h))
	}
	for _, a := range added {
		least = append(least, score(a.Relevance*strangerShare, a))
	}
	slices.SortFunc(least, func(x, y float64) int { return cmp.Compare(y, x) })
	// The margin covers a compiler that fuses a multiply and an add in
	// one expression and not in the other.
	bar := least[keep-1] - 1e-12
	var out []int
	for k, a := range added {
		if score(a.Relevance, a) >= bar {
			out = append(out, k)
		}
	}
	return out
}

// rescore sets every hit's Score from its parts and returns the hits'
// indexes best first (ties: newer first, then by path, as the index
// sorts).
func rescore(hits []index.Hit, rk index.Rank) []int {
	order := make([]int, len(hits))
	for i := range hits {
		h := &hits[i]
		h.Score = rk.Relevance*h.Relevance + rk.Importance*h.Effective + rk.Recency*h.Recency
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		x, y := hits[a], hits[b]
		return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(y.CreatedMS, x.CreatedMS), strings.Compare(x.Path, y.Path))
	})
	return order
}

// allowed reports whether a neighbour passes the search's filters.
func allowed(d index.Doc, p index.SearchParams) bool {
	if len(p.Types) > 0 && !slices.Contains(p.Types, d.Type) {
		return false
	}
	if len(p.Statuses) > 0 && !slices.Contains(p.Statuses, d.Status) {
		return false
	}
	if !p.Since.IsZero() && d.CreatedMS < p.Since.UnixMilli() {
		return false
	}
	return len(p.Tags) == 0 && !excluded(p.Terms)
}

func excluded(terms []index.Term) bool {
	for _, t := range terms {
		if t.Exclude {
			return true
		}
	}
	return false
}

// speakerWeight is the share of relevance a memory gains when the query
// names who said or noticed it (bySpeaker). Measured on LoCoMo's
// development conversations (bench/run.sh recall): 0.1–0.2 lift the
// questions about one person's doings, whose answers that person said
// (multi-hop @10 37.8% → 41.1% at 0.15); 0.5 costs single-hop questions
// more than it gives.
const speakerWeight = 0.15

// bySpeaker gives the hits whose attribution the query names (the whole
// attribution, or one of its words of three letters or more, as a bare
// term) speakerWeight of relevance (lift). lends, what hits lend their
// neighbours (coordinate), follows. It returns the names it lifted by
// (the query's bare words, lower-cased), nil when no hit was said by one
// of them and nothing changed.
func bySpeaker(hits []index.Hit, terms []index.Term, lends map[string]float64) map[string]bool {
	named := map[string]bool{}
	for _, t := range terms {
		if !t.Exclude && !t.Prefix {
			named[strings.ToLower(t.Text)] = true
		}
	}
	has := func(h index.Hit) bool { return speaks(h.Attribution, named) }
	if len(named) == 0 || !slices.ContainsFunc(hits, has) {
		return nil
	}
	lift(hits, lends, speakerWeight, has)
	return named
}

// lift gives the hits for which has is true w of relevance: R becomes
// (R + w)/(1 + w), and R/(1 + w) for the others, so R stays in [0, 1] and
// the others keep their order. A relevance in lends goes the same way.
// When no hit has it nothing changes.
func lift(hits []index.Hit, lends map[string]float64, w float64, has func(index.Hit) bool) {
	if !slices.ContainsFunc(hits, has) {
		return
	}
	for i := range hits {
		h := &hits[i]
		up := has(*h)
		h.Relevance = lifted(h.Relevance, w, up)
		if l, ok := lends[h.Path]; ok {
			lends[h.Path] = lifted(l, w, up)
		}
	}
}

// unlifted is r before lifted(·, w, up).
func unlifted(r, w float64, up bool) float64 {
	if up {
		return r*(1+w) - w
	}
	return r * (1 + w)
}

func lifted(r, w float64, up bool) float64 {
	if up {
		return (r + w) / (1 + w)
	}
	return r / (1 + w)
}

// speaks reports whether the attribution, or one of its words of three
// letters or more, is among named (lower-cased).
func speaks(attribution string, named map[string]bool) bool {
	a := strings.ToLower(strings.TrimSpace(attribution))
	if a == "" {
		return false
	}
	if named[a] {
		return true
	}
	for _, w := range strings.FieldsFunc(a, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) }) {
		if len([]rune(w)) >= 3 && named[w] {
			return true
		}
	}
	return false
}
