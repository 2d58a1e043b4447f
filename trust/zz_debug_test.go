package trust

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/trust/trusttest"
)

func partsOf(text string) (addr, risk []string) {
	s := shapeView(nativeView(text))
	rules := shapeSet()
	hits := rules.index.hits(s)
	open := rules.gates.opened(s)
	memo := map[*regexp.Regexp]bool{}
	for i, p := range rules.parts {
		if open&(1<<i) == 0 || !p.fires(s, rules.index, hits, memo) {
			continue
		}
		if p.address {
			addr = append(addr, p.name)
		} else {
			risk = append(risk, p.name)
		}
	}
	return
}

func TestZZDebugParts(t *testing.T) {
	b := os.Getenv("ZZBATCH")
	if b == "" {
		t.Skip()
	}
	for _, e := range trusttest.Read(t, b+"-injections.txt") {
		v := Check([]Field{{Name: "body", Text: e.Text}}, Source{})
		if v.Injection != nil || v.Review != nil {
			continue
		}
		a, r := partsOf(e.Text)
		t.Logf("MISS %-18s A=[%s] R=[%s] %q", e.Family, strings.Join(a, ","), strings.Join(r, ","), e.Text[:min(len(e.Text), 110)])
	}
}
