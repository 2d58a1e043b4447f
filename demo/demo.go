// Package demo builds the vault `cortex demo` shows: a small coding
// project's week of memories (sample.jsonl), observed through the buffer,
// memorized by the real pipeline, committed and indexed, exactly as an
// agent's observations would be.
package demo

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/cortex-vault/cortex/mind"
	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

// Sample is the demo's observations, one JSON line each (SPEC §4): the
// decisions, warnings, lessons and preferences of "Tidepool", a small Go
// service, over a week and three agent sessions — with a repeated warning
// (a reinforcement), a leaked token (redacted), an instruction injection
// and an unimportant remark (both quarantined). Their timestamps are
// shifted so the last one is a few minutes ago.
//
//go:embed sample.jsonl
var Sample []byte

// Options tune Build.
type Options struct {
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Logger receives the memorizer's warnings (default: discarded; the
	// demo reports them from the quarantine file and the results).
	Logger *slog.Logger
}

// Report is what Build did.
type Report struct {
	Layout vault.Layout
	Init   *vault.InitReport
	// Observed is the number of sample lines appended to the buffer.
	Observed int
	// Memorize is the result of the first run of the memorizer, over the
	// sample; Resolve the second, over the one line that resolves the
	// task (the person saying it is done).
	Memorize, Resolve observer.Result
	// Task is the id of the task the second run resolves, TaskShort its
	// short form (see mind.Hit).
	Task, TaskShort string
	// Quarantine is every line the memorizer refused, with its reason.
	Quarantine []observer.QuarantineRecord
}

// lastAgo is how long before now the sample's last observation is placed.
const lastAgo = 5 * time.Minute

// Build makes dir a vault (cortex init), appends the sample to its buffer,
// runs the memorizer over it, then marks the sample's task resolved with
// an operation and runs the memorizer again. dir must be empty or absent:
// the demo never writes into someone's vault.
func Build(ctx context.Context, dir string, opts Options) (*Report, error) {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if err := checkEmpty(dir); err != nil {
		return nil, err
	}
	// Init commits what it wrote, signed by the person setting up the vault.
	start := now()
	ir, err := vault.Init(dir, vault.InitOptions{Person: Owner.Name, Signature: Owner, Now: func() time.Time { return start }})
	if err != nil {
		return nil, err
	}
	l := vault.Layout{Root: ir.Dir}
	rep := &Report{Layout: l, Init: ir}

	obs, err := sample(now())
	if err != nil {
		return nil, err
	}
	if err := observer.AppendObservations(ctx, l, obs...); err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	rep.Observed = len(obs)
	if rep.Memorize, err = memorize(ctx, l, log, now); err != nil {
		return nil, err
	}

	// The person says the task is done: an operation on the document, by
	// its id, which only the memorizer knew.
	r, err := mind.Open(ctx, l, mind.Options{Now: now, Logger: log})
	if err != nil {
		return nil, err
	}
	q, _, err := mind.ParseQuery("type:task retry backoff", now())
	if err == nil {
		var res *mind.Result
		if res, err = r.Search(ctx, q); err == nil && len(res.Hits) > 0 {
			rep.Task, rep.TaskShort = res.Hits[0].ID, res.Hits[0].Short
		}
	}
	r.Close()
	if err != nil {
		return nil, err
	}
	if rep.Task == "" {
		return nil, fmt.Errorf("demo: the sample's task was not memorized")
	}
	done := observer.Observation{
		Timestamp: now().Add(-time.Minute).UTC(), Bucket: "explicit", Type: "task",
		Body: "Retry with backoff is in: fetch/retry.go, 5 tries, capped at 30 s.", Attribution: "maya",
		SessionID: "cli", Op: "resolve", ID: rep.Task,
	}
	if err := observer.AppendObservations(ctx, l, done); err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	if rep.Resolve, err = memorize(ctx, l, log, now); err != nil {
		return nil, err
	}
	if rep.Quarantine, err = observer.ReadQuarantine(l); err != nil {
		return nil, err
	}
	return rep, nil
}

// Owner signs the demo's first commit: the person who set up the vault.
var Owner = gitstore.Signature{Name: "maya", Email: "maya@tidepool.example"}

// sample parses the embedded lines and moves them in time so the last is
// lastAgo before now, keeping their spacing: the demo's memories are a
// week old whenever it runs, so recency and since: filters read true.
func sample(now time.Time) ([]observer.Observation, error) {
	obs, _, err := observer.ParseLines(bytes.NewReader(Sample), doc.DefaultTaxonomy())
	if err != nil {
		return nil, fmt.Errorf("demo sample: %w", err)
	}
	var last time.Time
	for _, o := range obs {
		if o.Timestamp.After(last) {
			last = o.Timestamp
		}
	}
	shift := now.Add(-lastAgo).Sub(last).Truncate(time.Minute)
	for i := range obs {
		obs[i].Timestamp = obs[i].Timestamp.Add(shift).UTC()
	}
	return obs, nil
}

func memorize(ctx context.Context, l vault.Layout, log *slog.Logger, now func() time.Time) (observer.Result, error) {
	m, err := observer.Open(ctx, l, observer.Options{Logger: log, Now: now})
	if err != nil {
		return observer.Result{}, err
	}
	res, err := m.Process(ctx)
	if cerr := m.Close(); err == nil {
		err = cerr
	}
	return res, err
}

// checkEmpty refuses a folder that holds anything.
func checkEmpty(dir string) error {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	if len(entries) > 0 {
		abs, _ := filepath.Abs(dir)
		return fmt.Errorf("demo: %s is not empty: give a new or empty folder (or none, for a temporary one)", abs)
	}
	return nil
}

// Commit is one commit of the vault's history, for the demo's git log.
type Commit struct {
	Hash    string
	Author  string
	When    time.Time
	Subject string
	// Lines are the message's lines of one document each ("- observe
	// path: title (attribution)").
	Lines []string
}

// Log returns the vault repository's commits, newest first.
func Log(l vault.Layout) ([]Commit, error) {
	repo, err := git.PlainOpenWithOptions(l.Root, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if err != nil {
		return nil, fmt.Errorf("demo: git log: %w", err)
	}
	it, err := repo.Log(&git.LogOptions{})
	if err != nil {
		return nil, fmt.Errorf("demo: git log: %w", err)
	}
	defer it.Close()
	var out []Commit
	err = it.ForEach(func(c *object.Commit) error {
		msg := strings.Split(strings.TrimRight(c.Message, "\n"), "\n")
		cm := Commit{Hash: c.Hash.String(), Author: c.Author.Name, When: c.Author.When, Subject: msg[0]}
		for _, ln := range msg[1:] {
			if strings.HasPrefix(ln, "- ") {
				cm.Lines = append(cm.Lines, ln)
			}
		}
		out = append(out, cm)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("demo: git log: %w", err)
	}
	return out, nil
}
