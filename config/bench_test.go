package config

import (
	"path/filepath"
	"testing"

	"github.com/spf13/viper"
)

// BenchmarkLoad reads the shipped config.yaml, as every command does first.
func BenchmarkLoad(b *testing.B) {
	file := filepath.Join("..", "config.yaml")
	for b.Loop() {
		if _, err := Load(viper.New(), file); err != nil {
			b.Fatal(err)
		}
	}
}
