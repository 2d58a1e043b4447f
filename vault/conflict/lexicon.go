package conflict

import (
	"strings"
	"sync"
)

// antonym folds a word into the word it negates: "disable" reads as "not
// enable", so "enable the cache" and "disable the cache" meet as opposite
// polarities of one statement.
type antonym struct {
	word string
	neg  bool
}

// lexicons are the small word lists of the detector: general English, no
// vocabulary of one field.
type lexicons struct {
	negations, directions, determiners, stop, cues, copulas map[string]bool
	roles, choices, numbered, numbers, weekdays, months     map[string]bool
	daytimes, units, shortUnits                             map[string]bool
	antonyms                                                map[string]antonym
}

// lexicon builds the lists on first use (a command that never looks for
// conflicts never pays for them).
var lexicon = sync.OnceValue(func() *lexicons {
	set := func(words string) map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(words) {
			m[w] = true
		}
		return m
	}
	lx := &lexicons{
		negations: set(`not no never cannot without nor neither none nothing nobody nowhere`),
		// The words after which the order of two names is the meaning.
		directions:  set(`over instead than rather versus vs`),
		determiners: set(`the a an our my your their its his her this that these those some any`),
		stop: set(`is are was were be been being am do does did done to of in on at by for with from and or but
			it so such as if then also just very really always must should shall need needs needed can could will
			would may might please each every per we you they i he she them us me there here which who whom what
			when where while has have had get gets got about into onto upon within until after below above under
			via both all only still yet`),
		// Words after which a number (or a date, a time) is the value of
		// what comes before: "port 8443", "is 30 seconds", "at 02:00".
		cues: set(`is are was were be to at by after within until below above under port version timeout ttl
			limit size max maximum min minimum threshold equals every`),
		copulas: set(`is are was were be`),
		roles: set(`own owns owned owner owners lead leads leader manage manages manager maintain maintains
			maintainer approve approves approver responsible assignee assigned head dri contact`),
		choices: set(`use uses prefer prefers choose chooses pick picks adopt adopts switch standardize favor
			favour default`),
		// Words that name things by number: "issue 123" is a name.
		numbered: set(`issue issues pr ticket bug build step chapter lecture lesson room route line floor
			apartment flight page section figure table task sprint episode season level phase gate terminal
			platform bus unit lot block case item commit job run incident order invoice account patch rfc
			adr part volume exercise question slide row column test no number id`),
		numbers: set(`zero one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty
			forty fifty sixty hundred thousand once twice half double triple`),
		weekdays: set(`monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays
			thursdays fridays saturdays sundays weekday weekdays weekend weekends`),
		months: set(`january february march april may june july august september october november december
			jan feb mar apr jun jul aug sep sept oct nov dec spring summer autumn fall winter`),
		daytimes: set(`morning mornings afternoon afternoons evening evenings night nights noon midnight
			midday dawn dusk sunrise sunset daily hourly nightly weekly monthly yearly annually quarterly`),
		// What a number counts or measures.
		units: set(`second seconds sec secs minute minutes min mins hour hours day days week weeks month months
			year years ms millisecond milliseconds us microseconds ns nanoseconds byte bytes kb mb gb tb kib
			mib gib tib percent % degrees degree °c °f c f mg g kg lb lbs ml l liter liters litre litres km m
			mi miles meters metres cm mm times time utc gmt cet est pst requests request threads thread workers
			worker replicas replica connections connection retries retry attempts attempt cores core nodes node
			instances instance users user items item per x rps qps`),
		// Units written against the number: 30s, 10mb, 200mg, 50%.
		shortUnits: set(`s ms us ns m h d w y k kb mb gb tb kib mib gib mg g kg ml l px % x km cm mm rps qps`),
		antonyms:   map[string]antonym{},
	}
	for _, p := range [][2]string{
		{"enable", "disable"}, {"enabled", "disabled"}, {"enables", "disables"},
		{"allow", "deny"}, {"allowed", "forbidden"}, {"allows", "denies"}, {"allowed", "denied"},
		{"public", "private"}, {"encrypted", "unencrypted"}, {"safe", "unsafe"}, {"true", "false"},
		{"required", "optional"}, {"mandatory", "optional"}, {"sync", "async"}, {"synchronous", "asynchronous"},
		{"include", "exclude"}, {"included", "excluded"}, {"visible", "hidden"},
		{"supported", "unsupported"}, {"stable", "unstable"}, {"valid", "invalid"}, {"available", "unavailable"},
		{"secure", "insecure"}, {"mutable", "immutable"}, {"blocking", "nonblocking"},
		{"accept", "reject"}, {"accepted", "rejected"}, {"start", "stop"}, {"started", "stopped"},
		{"open", "closed"}, {"increase", "decrease"}, {"raise", "lower"}, {"fast", "slow"}, {"faster", "slower"},
	} {
		lx.antonyms[p[1]] = antonym{word: p[0], neg: true}
		if _, ok := lx.antonyms[p[0]]; !ok {
			lx.antonyms[p[0]] = antonym{word: p[0]}
		}
	}
	return lx
})
