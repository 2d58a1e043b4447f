package mind

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

// The ranking (README, Design: Recall). A result's score is
//
//	score = 0.6·R + 0.25·E + 0.15·T
//
// R, relevance, is the document's BM25 divided by the best BM25 among the
// query's results: 1 for the best match, less for weaker ones (1 for every
// document when the query has no words). E is the effective importance
// after decay (SPEC §3), T recency: 0.5^(age/30 days), where age runs from
// last_reinforced, else created. The weights sum to 1, so a score is in
// [0, 1]. Relevance leads; among documents that match about as well, the
// important and the fresh come first, and a reinforcement makes a memory
// fresh again. FTS5's bm25 counts a word in the title or an alias 4
// times, in the tags or entities twice, in the body once (a title is
// usually the body's first words, so a word there counts 5 times in all);
// BM25 saturates with counts, so among documents that have every word R
// stays close to 1 and importance and recency decide.
var DefaultRank = index.Rank{
	Relevance:  0.6,
	Importance: 0.25,
	Recency:    0.15,
	HalfLife:   30 * 24 * time.Hour,
	Columns:    [6]float64{4, 4, 1, 2, 2, 1}, // title, aliases, body, tags, entities, parts
}

// Match says which documents a search's words matched.
const (
	MatchAll     = "all"  // every word
	MatchAny     = "any"  // no document had every word: any of them
	MatchNoTerms = "none" // the query has no words: the filters alone
)

// Hit is one search result, about 50 tokens on a line.
type Hit struct {
	ID string `json:"id"`
	// Short is the shortest prefix of 8+ characters that names this
	// document alone: what to give timeline, get or an op.
	Short   string    `json:"short_id"`
	Type    string    `json:"type"`
	Created time.Time `json:"created,omitzero"`
	Title   string    `json:"title"`
	Score   float64   `json:"score"`
	Path    string    `json:"path"`
	Status  string    `json:"status"`
	// Provenance is who recorded it, how, and whether that source is
	// trusted.
	Provenance Provenance `json:"provenance"`
	// The parts of Score (see DefaultRank).
	Relevance float64 `json:"relevance"`
	Effective float64 `json:"effective_importance"`
	Recency   float64 `json:"recency"`
	// Matched is the query's words (and phrases) this memory has, as the
	// search looked for them: stop words and filters are not listed. Empty
	// for a memory that has none of them: Via says why it is shown.
	Matched []string `json:"matched"`
	// Via is set on a memory that matched no word of the query and came
	// with one that did.
	Via *Via `json:"via,omitempty"`
}

// Via says how a result that matched no word of the query was found.
type Via struct {
	// Kind is ViaSession: it was said just before or after ID in the same
	// session, and the answer to a question is often said next to the words
	// that repeat it.
	Kind string `json:"kind"`
	// ID is the id of the result that matched and brought this one, Short
	// its shortest unique prefix.
	ID    string `json:"id"`
	Short string `json:"short_id"`
}

// Via kinds.
const ViaSession = "session"

// MarshalJSON writes the scores rounded to what they mean (three
// decimals), not 0.49999997444620126.
func (h Hit) MarshalJSON() ([]byte, error) {
	type plain Hit
	p := plain(h)
	p.Score, p.Relevance, p.Effective, p.Recency = Round3(p.Score), Round3(p.Relevance), Round3(p.Effective), Round3(p.Recency)
	return json.Marshal(p)
}

// Round3 rounds a score or an importance to three decimals, for JSON.
func Round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// Result is a search's answer.
type Result struct {
	Query Query  `json:"query"`
	Match string `json:"match"`
	Hits  []Hit  `json:"results"`
	// Notes are things the person should know: words dropped, a fallback
	// from all words to any.
	Notes []string `json:"notes,omitempty"`
}

// Search runs q over the index, filtered, ranked by DefaultRank, best
// first (README, Design: Recall):
//
//  1. the query's words less stop words (matchTerms): a question's
//     "what did … the …" says nothing about which memory answers it;
//  2. the documents that have every one of those words; when fewer than
//     the limit do, the documents that have any of them, ranked by BM25
//     and by the share of the words each has, where having every word
//     halves the distance to the best relevance (coordinate);
//  3. a memory whose attribution the query names (who said or noticed it:
//     "what did Ada decide") gains speakerWeight of relevance (bySpeaker);
//     for a question that asks when, a memory that says when ("last
//     week", "in May") gains timeWeight (byTimeWords);
//  4. when the query names a date (dateIn: "on 16 November, 2023", "in
//     May 2023", "2023"), the memories created then that have any of its
//     other words are ranked among themselves, and lead (inSpan);
//  5. for two words or more, each of the best candidates lends a share of
//     its relevance — without the bonus for having every word, which is
//     its own — to the memories just before and after it in its session
//     (withNeighbours): the answer to a question is often said next to
//     the words that repeat it, and right after a memory that asks about
//     them it gets the whole relevance. A neighbour that has none of the
//     query's words gets less, and says via which memory it came.
//
// A type the taxonomy does not know is a *QueryError naming the known
// types.
func (r *Recall) Search(ctx context.Context, q Query) (*Result, error) {
	if err := r.checkTypes(q.Types); err != nil {
		return nil, err
	}
	limit := q.Limit
	switch {
	case limit <= 0:
		limit = DefaultLimit
	case limit > MaxLimit:
		limit = MaxLimit
	}
	p := index.SearchParams{
		Terms:    matchTerms(q.Terms),
		Types:    q.Types,
		Tags:     q.Tags,
		Statuses: q.StatusSet(),
		Since:    q.Since,
		Now:      r.now(),
		Limit:    limit,
		Rank:     DefaultRank,
	}
	res := &Result{Query: q, Match: MatchAll}
	if !q.Words() {
		res.Match = MatchNoTerms
	}
	pl := &pull{askWhen: asksWhen(q.Terms)}
	if s, idx, ok := dateIn(q.Terms); ok {
		rest := slices.Clone(q.Terms)
		for k := len(idx) - 1; k >= 0; k-- {
			rest = slices.Delete(rest, idx[k], idx[k]+1)
		}
		if mt := matchTerms(rest); positiveTerms(mt) > 0 {
			pl.when, p.Terms = s, mt
		}
	}
	hits, any, lenders, known, err := r.rank(ctx, pl, p)
	if err != nil {
		return nil, err
	}
	if any {
		res.Match = MatchAny
		res.Notes = append(res.Notes, "no document has every word: these have some of them")
	}
	ids := make([]string, len(hits), len(hits)+len(lenders))
	for i, h := range hits {
		ids[i] = h.ID
	}
	for _, id := range lenders {
		ids = append(ids, id)
	}
	short, err := r.ix.ShortIDs(ctx, ids, MinPrefix)
	if err != nil {
		return nil, err
	}
	// The words each result has: known for those that have every word or
	// were counted for coordination, asked of the index for the others.
	var paths []string
	for _, h := range hits {
		if _, ok := known[h.Path]; !ok {
			paths = append(paths, h.Path)
		}
	}
	matches, err := r.ix.Matches(ctx, p.Terms, paths)
	if err != nil {
		return nil, err
	}
	for path, m := range known {
		matches[path] = m
	}
	res.Hits = make([]Hit, len(hits))
	cal := calibration(r.l)
	for i, h := range hits {
		hit := Hit{
			ID: h.ID, Short: short[h.ID], Type: h.Type, Created: created(h.Doc), Title: h.Title, Score: h.Score,
			Path: h.Path, Status: h.Status, Provenance: ProvenanceOf(h.Bucket, h.Attribution, cal),
			Relevance: h.Relevance, Effective: h.Effective, Recency: h.Recency,
			Matched: []string{},
		}
		for _, t := range matches[h.Path] {
			text := p.Terms[t].Text
			if p.Terms[t].Prefix {
				text += "*"
			}
			hit.Matched = append(hit.Matched, text)
		}
		if id := lenders[h.Path]; len(hit.Matched) == 0 && id != "" {
			hit.Via = &Via{Kind: ViaSession, ID: id, Short: short[id]}
		}
		res.Hits[i] = hit
	}
	return res, nil
}

// pull is what a person's or an agent's search adds to the index's
// ranking (Search, steps 3 to 5); the push block ranks without it (nil):
// it has room for few marks, each found by its own words.
type pull struct {
	// when is the date the question names (step 4), zero when none.
	when span
	// askWhen: the question asks when (step 3).
	askWhen bool
}

// rank is steps 2 to 5 of Search for the index terms of p (steps 3 to 5
// when pl is set): the best p.Limit documents, whether none of them has
// every word (any), the hit that brought each neighbour (lenders), and
// the words (indexes into p.Terms, as Index.Matches reports them) of the
// candidates whose words the ranking learnt (known): every word for those
// of the every-word pass, the words coordinate counted for the others.
func (r *Recall) rank(ctx context.Context, pl *pull, p index.SearchParams) (hits []index.Hit, any bool, lenders map[string]string, known map[string][]int, err error) {
	limit := p.Limit
	lend := pl != nil && positiveTerms(p.Terms) >= neighbourWords
	if lend {
		p.Limit = limit + neighbourPool
	}
	if hits, err = r.ix.Search(ctx, p); err != nil {
		return nil, false, nil, nil, err
	}
	known = make(map[string][]int, len(hits))
	if every, ok := everyTerm(p.Terms); ok && !p.Any && !r.exhaustive {
		for _, h := range hits {
			known[h.Path] = every
		}
	}
	// lends is what a hit lends its neighbours when that is not its own
	// relevance (coordinate).
	var lends map[string]float64
	if words := positiveTerms(p.Terms); !p.Any && len(hits) < limit && words > 1 {
		p.Any = true
		pa := p
		if pa.Within, err = r.anyWithin(ctx, p.Terms, p.Limit); err != nil {
			return nil, false, nil, nil, err
		}
		more, err := r.ix.Search(ctx, pa)
		if err != nil {
			return nil, false, nil, nil, err
		}
		if len(hits) == 0 && len(more) > 0 {
			any = true
		}
		var paths []string
		for _, h := range more {
			if _, ok := known[h.Path]; !ok {
				paths = append(paths, h.Path)
			}
		}
		has, err := r.ix.Matches(ctx, p.Terms, paths)
		if err != nil {
			return nil, false, nil, nil, err
		}
		for _, path := range paths {
			known[path] = has[path]
		}
		hits, lends = coordinate(hits, more, words, known)
	}
	var named map[string]bool
	if pl != nil {
		// Pull search only: the push block asks by the agent's name for
		// what others marked too.
		named = bySpeaker(hits, p.Terms, lends)
		if pl.askWhen {
			if err := r.byTimeWords(ctx, hits, lends); err != nil {
				return nil, false, nil, nil, err
			}
		}
		if !pl.when.from.IsZero() {
			if hits, err = r.inSpan(ctx, p, pl.when, hits); err != nil {
				return nil, false, nil, nil, err
			}
		}
	}
	if hits, lenders, err = r.withNeighbours(ctx, p, limit, hits, lend, lends, named); err != nil {
		return nil, false, nil, nil, err
	}
	return hits[:min(limit, len(hits))], any, lenders, known, nil
}

// everyTerm is what Index.Matches reports for a document of the every-word
// pass over terms: the indexes of the terms it looks for (not excluded,
// not blank), and whether that is sure. It is when each of them has a
// letter or digit of ASCII, so that the tokenizer surely makes a word of
// it and the every-word query requires it: FTS5 drops a phrase without
// words from an AND, where Matches finds no document for it.
func everyTerm(terms []index.Term) ([]int, bool) {
	every := []int{}
	for i, t := range terms {
		if t.Exclude || strings.TrimSpace(t.Text) == "" {
			continue
		}
		if !strings.ContainsFunc(t.Text, func(r rune) bool {
			return r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
		}) {
			return nil, false
		}
		every = append(every, i)
	}
	return every, true
}

// checkTypes refuses a type filter naming no type of the taxonomy (a typo
// would otherwise answer "nothing found"). When taxonomy.yml cannot be
// read the filter is taken as given: reading needs no valid taxonomy.
func (r *Recall) checkTypes(types []string) error {
	if len(types) == 0 {
		return nil
	}
	tx, err := doc.LoadTaxonomy(r.l.Root)
	if err != nil {
		r.log.Warn("search: type filter not checked", "err", err)
		return nil
	}
	for _, t := range types {
		if _, ok := tx.Type(t); !ok {
			hint := ""
			if d := doc.DidYouMean(t, tx.TypeNames()); d != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", d)
			}
			return &QueryError{Msg: fmt.Sprintf("type filter %s: not a type of the taxonomy%s; the types are %s", doc.Excerpt(t), hint, strings.Join(tx.TypeNames(), ", "))}
		}
	}
	return nil
}

// created is the document's creation time (zero when it has none).
func created(d index.Doc) time.Time {
	if d.CreatedMS == 0 && d.Created == "" {
		return time.Time{}
	}
	return time.UnixMilli(d.CreatedMS).UTC()
}
