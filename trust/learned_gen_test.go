package trust

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"math"
	"os"
	"testing"
)

// go generate ./trust runs TestWriteLearnedModel with -trustml.write: it
// trains the learned scorer (the session-17 experiment's n-grams-only
// variant and constants) on the tuned corpora and every fresh batch, picks
// its threshold by the experiment's inner cross-validation at the 0.3%
// budget, quantises the weights to int8 and writes learned.model. The same
// corpora and code give the same bytes.
var trustMLWrite = flag.Bool("trustml.write", false, "train the learned scorer on every corpus and write learned.model (go generate ./trust)")

// learnedSeed is the training's shuffle seed: the experiment seeds a model
// trained on the batches before k with k, and this one sees batches 1–17.
const learnedSeed = 18

const learnedModelPath = "learned.model"

// corporaFingerprint is the sha256 of the training notes: their label,
// batch and text, in mlTexts' order.
func corporaFingerprint(t testing.TB) string {
	h := sha256.New()
	for _, d := range mlTexts(t) {
		fmt.Fprintf(h, "%t %d %q\n", d.pos, d.group, d.text)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// featuresFingerprint is the sha256 of the features of learnedSamples
// and of every training note, as today's code computes them.
func featuresFingerprint(docs []*mlDoc) string {
	h := sha256.New()
	write := func(fs []uint32) {
		fmt.Fprintf(h, "%d:", len(fs))
		for _, f := range fs {
			fmt.Fprintf(h, "%d,", f)
		}
		h.Write([]byte{'\n'})
	}
	for _, s := range learnedSamples {
		write(learnedFeatures(s))
	}
	for _, d := range docs {
		write(learnedFeatures(d.text))
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// quantise maps float weights to int8 (as bytes) with one scale, rounding to the
// nearest step; the largest weight in magnitude is ±127.
func quantise(w mlModel) (q []byte, scale float64) {
	var big float64
	for _, v := range w[:len(w)-1] {
		big = max(big, math.Abs(float64(v)))
	}
	scale = big / 127
	q = make([]byte, len(w)-1)
	for i, v := range w[:len(w)-1] {
		q[i] = byte(int8(math.Round(float64(v) / scale)))
	}
	return q, scale
}

func TestWriteLearnedModel(t *testing.T) {
	if !*trustMLWrite {
		t.Skip("go generate ./trust writes the learned model (-trustml.write)")
	}
	docs := mlCorpora(t, false)
	m, thr := mlFit(docs, learnedSeed)
	q, scale := quantise(m)
	lm := &learnedModel{weights: q, scale: scale, bias: float64(m[len(m)-1]), threshold: thr[0],
		corpora: corporaFingerprint(t), features: featuresFingerprint(docs)}

	// Quantisation must not move the decisions: the float model and the
	// int8 one, each at the threshold, on every training note. Rounding
	// moves a score by about a thousandth, so a note that close to the
	// threshold may flip; at most one in 2,000 may, and never a benign
	// note into a hold the float model did not make.
	var flips, benignFlipsHeld, nonzero int
	var inj, ben, injHeld, benHeld int
	for _, w := range q {
		if w != 0 {
			nonzero++
		}
	}
	for _, d := range docs {
		hf := m.score(d.x) >= lm.threshold
		hq := lm.score(d.x.idx) >= lm.threshold
		if hf != hq {
			flips++
			if !d.pos && hq {
				benignFlipsHeld++
			}
			t.Logf("quantisation flips (float %.4f, int8 %.4f, threshold %.4f, injection %t): %.100q", m.score(d.x), lm.score(d.x.idx), lm.threshold, d.pos, d.text)
		}
		if d.verdict != "" {
			continue
		}
		if d.pos {
			inj++
			if hq {
				injHeld++
			}
		} else {
			ben++
			if hq {
				benHeld++
			}
		}
	}
	t.Logf("%d notes; threshold %.4f (0.3%% out-of-fold budget); %d of %d weights non-zero, scale %.6g; decisions changed by quantisation: %d",
		len(docs), lm.threshold, nonzero, len(q), scale, flips)
	t.Logf("in-sample, of the notes the rules keep: injections held %s, benign held %s", pct(injHeld, inj), pct(benHeld, ben))
	if flips*2000 > len(docs) || benignFlipsHeld > 0 {
		t.Errorf("quantisation changed %d decisions (at most one in 2,000 wanted), %d of them a benign note now held (none wanted)", flips, benignFlipsHeld)
	}
	data, err := lm.encode()
	if err != nil {
		t.Fatal(err)
	}
	if old, err := os.ReadFile(learnedModelPath); err == nil && bytes.Equal(old, data) {
		t.Logf("%s unchanged (%d bytes)", learnedModelPath, len(data))
		return
	}
	if err := os.WriteFile(learnedModelPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", learnedModelPath, len(data))
}
