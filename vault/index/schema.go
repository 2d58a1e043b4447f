package index

import (
	"fmt"
	"time"
)

// SchemaVersion is stored in PRAGMA user_version and names the file
// (vault.IndexFile: raise both together). A database of an older version
// is rebuilt (with a notice): the index is a cache, so a migration is a
// rebuild and there is no upgrade code to get wrong. One of a newer
// version is refused (ErrNewerSchema), never rebuilt over.
//
// 1: documents only (lookups for the memorizer).
// 2: every recalled field, full text (FTS5), the graph, decay inputs.
// 3: the push block's indexes (documents_push, documents_activity).
// 4: files (the paths a memory is about), for the sleep cycle's outdated check.
// 5: texts.title is empty when the title only repeats the body's opening;
// texts.parts, the parts of camelCase words.
// 6: meta "generation", replaced by every write (see Generation): a
// writer that does not keep it must not write the file.
// 7: sessions, seen_sessions, seen_agents (where a memory was seen, for the
// curator); decay_base_ms never before created.
// 8: documents_importance, so that a search knows the greatest importance
// without reading every row (the bound of Search's early stop).
const SchemaVersion = 8

// The schema. Times are kept twice where recall needs both: as RFC 3339 UTC
// text with milliseconds ("2026-02-16T15:23:14.527Z", which sorts as text
// and is what people read and filter with since:) and, for arithmetic, as
// Unix milliseconds.
//
// # documents
//
// One row per markdown file under mind/, vault/ and rules/ (Walk's set),
// parsed or not. rowid is the document's key inside the index (texts,
// edges); path is its key outside. A file that could not be parsed keeps a
// row with parse_error set (and nothing else but path, size, mtime_ns), so
// that a refresh does not read it again until it changes; queries for
// memories add `parse_error = ”`.
//
// Every file is a link target, parsed or not: name_key is its file name
// lower-cased without ".md" ("vault/x/My Note.md" → "my note"), title_key
// its title lower-cased and trimmed, and the aliases table holds each
// alias's key (doc is the documents rowid). Keys are lower-cased in Go
// (Unicode), not with SQLite's ASCII-only lower(): query them with keys
// made by strings.ToLower.
//
// title is the frontmatter title, else the body's (doc.Title). Text
// columns hold "" when the field is absent. status and scope hold the
// value in effect: "active" and "global" when the field is absent (SPEC §2).
// aliases is the aliases list joined with "\n", files likewise.
// sessions, seen_sessions and seen_agents are where the memory was seen
// (doc.Seen: its own session and agent when the fields are absent), the
// lists joined with "\n". importance and confidence
// are NULL when absent.
//
// Decay (SPEC §3) is computed at query time, not stored: it changes every
// day while no file changes, so a stored value would always be stale.
// decay_rate is the importance lost per month for this document — the
// type's rate from taxonomy.yml when the path is under mind/, else 0 — kept
// in step with taxonomy.yml (a refresh after taxonomy.yml changes rewrites
// it); decay_base_ms is last_reinforced, else created, in Unix ms. See
// EffectiveImportanceSQL and EffectiveImportance.
//
// # texts and fts
//
// fts is an FTS5 table over texts (external content): title (empty when
// it only repeats the body's opening: see ownTitle), aliases (one
// per line), body (the markdown after the frontmatter), tags (tags, space
// separated, as written), entities (entity names and the attribution,
// one per line) and parts (the parts of the title's and body's
// camelCase and PascalCase words, one word's parts a line: "parseQuery
// and HTTPServer" gives "parse Query\nHTTP Server"; see IdentifierParts). texts shares its rowid with documents. External content,
// rather than contentless, keeps snippet() and highlight() working for
// recall and lets FTS5's integrity-check prove the index matches its text;
// texts is a table of its own, not columns of documents, so scans of
// documents (refresh, filters) stay narrow. Triggers on texts keep fts in
// step; the index writes only texts.
//
// The tokenizer is "porter unicode61 remove_diacritics 2": words split at
// anything not a letter or digit, case and diacritics folded ("Café" finds
// "cafe"), English suffixes stemmed ("decisions" finds "decision").
//
//	SELECT d.id, d.title, bm25(fts, 10, 5, 1, 3, 3) AS rank,
//	       snippet(fts, 2, '', '', '…', 12)
//	FROM fts JOIN documents d ON d.rowid = fts.rowid
//	WHERE fts MATCH ? ORDER BY rank
//
// # edges (the graph, SPEC §7)
//
// Every edge starts at a document (src, a documents rowid), because every
// edge is read from one document's file: when that file changes, its edges
// are deleted and written again, and no other file's edges are touched
// except links that now resolve differently (see below). The nodes are
// implied: documents are documents rows; an entity is the lower-cased name
// in key of an attributed_to or mentions edge; a tag is the lower-cased tag
// in key of a tagged edge.
//
//	kind           from → to                   written as
//	attributed_to  document → entity           attribution: owner
//	mentions       document → entity           entities: [{name, type}]
//	tagged         document → tag              tags: [...] and inline #tags
//	links_to       document → document         [[Note]], ![[Note]], [t](n.md)
//	relates_to     document → document         relates_to: [id or [[Note]]]
//	supersedes     document → document         supersedes: id
//	superseded_by  document → document         superseded_by: id
//
// dst is the target document's rowid, or NULL: always for entity and tag
// edges, and for a document edge whose target no document answers — a
// dangling edge, kept with its target as written (target) so that it
// resolves as soon as a document answers to it.
//
// key is the edge's lookup key: for entity and tag edges the node's key
// (lower-cased name or tag; "project/cortex"); for links and wikilinks in
// relates_to the link target lower-cased with surrounding spaces trimmed;
// for ids the id lower-cased. name_key is, for links, the lower-cased file
// name the target names (last path segment, ".md" dropped): "b/Note.md" →
// "note". A document answers to a link when its file name equals name_key
// or its title or an alias equals key, so when a document appears,
// disappears or is renamed or retitled, only the edges matching its old
// and new names are resolved again.
//
// form says how the edge was written: wikilink, embed, markdown (body
// links), inline (a body #tag), field (a frontmatter field: tags, entities,
// attribution), id or wikilink (relates_to, supersedes, superseded_by
// values). subpath is a link's "#Heading" or "#^block" part, as written
// after the target. type is an entity's type (mentions). line is the file
// line (1-based) of the link or of the frontmatter field, 0 when unknown.
//
// One document holds at most one tagged edge per tag key and one
// attributed_to or mentions edge per entity key (the first written); links
// are kept one per occurrence.
//
// # meta
//
// Small facts about the build: "decay_rates" names the decay rates of the
// taxonomy.yml the documents' decay_rate were read from (a refresh after
// it changes rewrites them); "ignore" is "sha256:" and the SHA-256 of the
// .cortexignore every indexed path was matched with ("none" without one,
// "stale" after an update under other patterns): while it is the vault's,
// a refresh need not match the paths it already holds again;
// "generation" is a random token every write replaces (see Generation).
//
// # How it is built
//
// schemaTables are the tables, schemaIndexes their indexes, schemaTriggers
// the triggers that keep fts in step. A rebuild creates the tables, fills
// them, and only then creates the indexes (sorting once is cheaper than
// keeping b-trees in order row by row); it builds the full text
// (schemaText) in a side file at the same time, and copies it in at the
// end.
const schemaTables = schemaText + `
CREATE TABLE documents (
	rowid           INTEGER PRIMARY KEY,
	path            TEXT NOT NULL UNIQUE,
	name_key        TEXT NOT NULL,
	id              TEXT NOT NULL DEFAULT '',
	type            TEXT NOT NULL DEFAULT '',
	category        TEXT NOT NULL DEFAULT '',
	created         TEXT NOT NULL DEFAULT '',
	created_ms      INTEGER NOT NULL DEFAULT 0,
	source_hash     TEXT NOT NULL DEFAULT '',
	title           TEXT NOT NULL DEFAULT '',
	title_key       TEXT NOT NULL DEFAULT '',
	bucket          TEXT NOT NULL DEFAULT '',
	attribution     TEXT NOT NULL DEFAULT '',
	confidence      REAL,
	importance      REAL,
	session_id      TEXT NOT NULL DEFAULT '',
	agent           TEXT NOT NULL DEFAULT '',
	scope           TEXT NOT NULL DEFAULT '',
	status          TEXT NOT NULL DEFAULT '',
	aliases         TEXT NOT NULL DEFAULT '',
	reinforced      INTEGER NOT NULL DEFAULT 0,
	last_reinforced TEXT NOT NULL DEFAULT '',
	supersedes      TEXT NOT NULL DEFAULT '',
	superseded_by   TEXT NOT NULL DEFAULT '',
	promoted_to     TEXT NOT NULL DEFAULT '',
	files           TEXT NOT NULL DEFAULT '',
	sessions        INTEGER NOT NULL DEFAULT 0,
	seen_sessions   TEXT NOT NULL DEFAULT '',
	seen_agents     TEXT NOT NULL DEFAULT '',
	decay_rate      REAL NOT NULL DEFAULT 0,
	decay_base_ms   INTEGER NOT NULL DEFAULT 0,
	size            INTEGER NOT NULL,
	mtime_ns        INTEGER NOT NULL,
	parse_error     TEXT NOT NULL DEFAULT ''
);

CREATE TABLE aliases (
	doc INTEGER NOT NULL,
	key TEXT NOT NULL
);

CREATE TABLE edges (
	src      INTEGER NOT NULL,
	kind     TEXT NOT NULL,
	dst      INTEGER,
	target   TEXT NOT NULL,
	key      TEXT NOT NULL DEFAULT '',
	name_key TEXT NOT NULL DEFAULT '',
	form     TEXT NOT NULL DEFAULT '',
	subpath  TEXT NOT NULL DEFAULT '',
	type     TEXT NOT NULL DEFAULT '',
	line     INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
) WITHOUT ROWID;
`

// schemaText is the full text: its content and the FTS5 index.
const schemaText = `
CREATE TABLE texts (
	rowid    INTEGER PRIMARY KEY,
	title    TEXT NOT NULL DEFAULT '',
	aliases  TEXT NOT NULL DEFAULT '',
	body     TEXT NOT NULL DEFAULT '',
	tags     TEXT NOT NULL DEFAULT '',
	entities TEXT NOT NULL DEFAULT '',
	parts    TEXT NOT NULL DEFAULT ''
);
CREATE VIRTUAL TABLE fts USING fts5(
	title, aliases, body, tags, entities, parts,
	content = 'texts', content_rowid = 'rowid',
	tokenize = 'porter unicode61 remove_diacritics 2'
);
`

// schemaIndexes are the indexes of the tables. None is partial on a
// value (WHERE id is not empty): SQLite cannot use such an index for
// "id = ?", not knowing the parameter's value when it plans the query.
const schemaIndexes = `
CREATE INDEX documents_source_hash ON documents(source_hash);
CREATE INDEX documents_id ON documents(id);
CREATE INDEX documents_created ON documents(created_ms);
CREATE INDEX documents_session ON documents(session_id, created_ms);
CREATE INDEX documents_name_key ON documents(name_key);
CREATE INDEX documents_stamp ON documents(path, size, mtime_ns);
CREATE INDEX documents_title_key ON documents(title_key);
CREATE INDEX documents_push ON documents(type, status, agent, created_ms, path);
CREATE INDEX documents_activity ON documents(decay_base_ms, path, importance, decay_rate);
CREATE INDEX documents_importance ON documents(importance);
CREATE INDEX aliases_doc ON aliases(doc);
CREATE INDEX aliases_key ON aliases(key);
CREATE INDEX edges_src ON edges(src);
CREATE INDEX edges_dst ON edges(dst) WHERE dst IS NOT NULL;
CREATE INDEX edges_key ON edges(key, kind);
CREATE INDEX edges_name_key ON edges(name_key);
`

// schemaTriggers keep fts in step with texts.
const schemaTriggers = `
CREATE TRIGGER texts_ai AFTER INSERT ON texts BEGIN
	INSERT INTO fts(rowid, title, aliases, body, tags, entities, parts)
	VALUES (new.rowid, new.title, new.aliases, new.body, new.tags, new.entities, new.parts);
END;
CREATE TRIGGER texts_ad AFTER DELETE ON texts BEGIN
	INSERT INTO fts(fts, rowid, title, aliases, body, tags, entities, parts)
	VALUES ('delete', old.rowid, old.title, old.aliases, old.body, old.tags, old.entities, old.parts);
END;
CREATE TRIGGER texts_au AFTER UPDATE ON texts BEGIN
	INSERT INTO fts(fts, rowid, title, aliases, body, tags, entities, parts)
	VALUES ('delete', old.rowid, old.title, old.aliases, old.body, old.tags, old.entities, old.parts);
	INSERT INTO fts(rowid, title, aliases, body, tags, entities, parts)
	VALUES (new.rowid, new.title, new.aliases, new.body, new.tags, new.entities, new.parts);
END;
`

// The edge kinds (edges.kind).
const (
	EdgeAttributedTo = "attributed_to"
	EdgeMentions     = "mentions"
	EdgeTagged       = "tagged"
	EdgeLinksTo      = "links_to"
	EdgeRelatesTo    = "relates_to"
	EdgeSupersedes   = "supersedes"
	EdgeSupersededBy = "superseded_by"
)

// DefaultImportance is the importance of a document that states none: the
// middle of the scale, as the memorizer's scoring starts from.
const DefaultImportance = 0.5

// MonthMS is the month of decay: the mean Gregorian month (365.2425 / 12
// days) in milliseconds, so that "rate per month" does not depend on which
// months pass.
const MonthMS = 2_629_746_000

// EffectiveImportanceSQL returns the SQL expression of a document's
// importance after decay (SPEC §3) for the documents row named table (""
// for an unqualified column): importance (DefaultImportance when absent)
// less decay_rate for every month since decay_base_ms, never below 0. The
// clock is a named parameter, now_ms, in Unix milliseconds:
//
//	q := "SELECT id, " + index.EffectiveImportanceSQL("d") + " FROM documents d"
//	db.QueryContext(ctx, q, sql.Named("now_ms", now.UnixMilli()))
//
// A base in the future counts as no time passed.
func EffectiveImportanceSQL(table string) string {
	p := ""
	if table != "" {
		p = table + "."
	}
	return fmt.Sprintf("max(0.0, coalesce(%[1]simportance, %[2]g) - %[1]sdecay_rate * max(0.0, (@now_ms - %[1]sdecay_base_ms) / %[3]d.0))",
		p, DefaultImportance, MonthMS)
}

// EffectiveImportance is EffectiveImportanceSQL in Go, for one Doc at now.
func EffectiveImportance(d Doc, now time.Time) float64 {
	imp := DefaultImportance
	if d.Importance != nil {
		imp = *d.Importance
	}
	months := float64(now.UnixMilli()-d.DecayBaseMS) / MonthMS
	return max(0, imp-d.DecayRate*max(0, months))
}
