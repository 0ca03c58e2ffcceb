package web

// Views of the server's state that only the tests read.

// computing returns the number of computations holding a slot.
func (s *Server) computing() int {
	general, fast, _ := s.sched.stats()
	return general + fast
}

// waiting returns the bytes waiting to be sent to client and to everyone.
func (o *outbox) waiting(client string) (int64, int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.pending[client], o.all
}

// stats returns the general and fast-lane slots in use and the number of
// requests waiting.
func (s *scheduler) stats() (general, fast, waiting int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.slots - s.general, s.fastSlots - s.fast, len(s.queue)
}
