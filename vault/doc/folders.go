package doc

// The vault-relative folders that hold memory. They live beside the taxonomy
// because a type's folder is checked against them (a type routes inside mind/
// or vault/, never into the archive).
const (
	MindDir  = "mind"
	VaultDir = "vault"
	RulesDir = "rules"
)

// MemoryDirs are the folders whose markdown files are memory documents.
var MemoryDirs = []string{MindDir, VaultDir, RulesDir}

// ArchiveDir receives the memories that decayed out (SPEC §9); routing a type
// into it would mix fresh memories with archived ones.
const ArchiveDir = MindDir + "/archive"
