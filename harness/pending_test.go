//go:build unix

package harness

// pending lists the actions the harness leaves out of its runs (unless
// -harness.all) because they break a promise whose fix has not landed on
// main yet: each entry names the item of issue 22 and the actions that
// reach the bug. Remove an entry when its fix lands; the CI run then
// covers it again. "kill:ACTION" leaves out only the killed variant of a
// command; "repeat-held" leaves out observations that repeat the body of a
// memory a person holds uncommitted (the memorizer would reinforce it).
//
// The shortest step lists the harness found for each, replayed with
// go test ./harness -run Harness -harness.all -harness.replay='…':
//
//	item 1 (maintain): A.observe#1 A.process#2 A.draft#7 A.maintain#3
//	item 1 (memorizer): A.observe#1 A.process#2 A.edit#5 A.observe#9 A.process#8
//	item 2: B.linkrun#13170372865546177739 B.observe#4398994055963877699 (the buffer)
//	item 2: B.linkrun#17005088368289819502 B.kill9#13593473605259558956 B.process#7023483594169832327 (.cortex/)
//	item 4 (25 steps, not shrunk; the copy is step 13):
//	  B.write#7830689147793503779 A.observe#3342573144936325527
//	  B.sync#425675799977644505 A.write#12481096915190136356
//	  B.daemon#17717339622476277613 A.sync#5443379675966532535
//	  B.maintain#9334488513665733003! B.converge#6871780967588623437
//	  B.process#16331177795437790563 B.write#1812175826179693336
//	  A.observe#8095455888386676054 A.process#2209379427532191652!
//	  A.kill9#17463838338463674487 A.copy#7535785537538498325
//	  B.daemon#13910299212311150857 A.observe#6351067213493369993
//	  A.commit#10989342892551441276 A.maintain#7631018489029566443
//	  A.observe#15952545733575877241 A.sync#17339003199804724561!
//	  A.commit#9819701551902576304 A.promote#9642439908216537840
//	  B.maintain#15690848540152686394 A.maintain#6428810930073071378
//	  A.process#1625173705735850040
//	item 6: A.taxonomy#6390058015441840388 A.observe#7468972676074306031
var pending = []struct {
	item    string
	actions []string
}{}

// tolerated lists leftovers (a path's name contains the pattern) the
// leftover check lets pass for now, because the bug that leaves them is
// known and reported but not one of issue 22's items, nor in a room the
// harness may fix. Remove an entry once the bug is fixed.
var tolerated = []struct {
	bug     string
	pattern string
}{}
