//go:build !race

package observer

const raceEnabled = false
