package observer

import "github.com/cortex-vault/cortex/vault/doc"

// secureLine is the memorizer's steps 2 and 3 for one line, for
// BenchmarkPipelineLine: it reports whether the line is refused.
func secureLine(line []byte, tx *doc.Taxonomy) bool {
	o, _, _, err := parseLine(line, tx)
	if err != nil {
		return true
	}
	_, refused := injectionIn(&o)
	return refused
}
