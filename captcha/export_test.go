package captcha

import "math/rand/v2"

// NewDeterministic is New with a seeded random source, so that every process of a fuzz
// run issues the same challenges and recognises the seeds built from them.
func NewDeterministic(key []byte, opts Options, seed [32]byte) (*Service, error) {
	s, err := New(key, opts)
	if err != nil {
		return nil, err
	}
	s.random = rand.NewChaCha8(seed)
	return s, nil
}
