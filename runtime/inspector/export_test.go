package inspector

// FeedWatchers runs one watch update now (benchmarks time it alone).
func (s *Server) FeedWatchers() { s.feedWatchers() }
