package inspector

// FeedWatchers runs one watch update now (benchmarks time it alone).
func (s *Server) FeedWatchers() { s.feedWatchers() }

// Sample records one frame for the graphs now (benchmarks time it alone).
func (s *Server) Sample() { s.sample() }
