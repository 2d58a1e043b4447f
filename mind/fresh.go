package mind

import "context"

// Freshen brings the index up to date with the working tree — a walk
// comparing sizes and modification times, re-reading only what changed —
// unless a live daemon keeps it fresh (see DaemonKeepsIndex) or the mode
// says otherwise. It records what it did in Refreshed and Stats. A
// long-lived reader (the MCP server) calls it before answering, as Open
// does once for a command.
func (r *Recall) Freshen(ctx context.Context, mode RefreshMode) error {
	r.Refreshed = false
	if mode == RefreshNever || mode == RefreshAuto && DaemonKeepsIndex(r.l, r.now()) {
		return nil
	}
	st, err := r.ix.Refresh(ctx)
	if err != nil {
		return err
	}
	r.Stats, r.Refreshed = st, true
	return nil
}
