package vaultsync

// KilledInAdvance is o for a sync that stops between the two steps of
// its branch's advance, as a kill -9 there would.
func KilledInAdvance(o Options) Options {
	o.killedInAdvance = true
	return o
}
