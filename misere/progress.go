package misere

// noteCandidate records a candidate of size elements for the heap being
// added, and reports a new largest one (Settings.Candidate): what grows
// while a long heap is computed.
func (b *builder) noteCandidate(size int) {
	if size > b.cand {
		b.cand = size
		if b.onCand != nil {
			b.onCand(len(b.lt)-1, size) // the heap being added is in b.lt
		}
	}
}
