package captcha

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestMemorySpent(t *testing.T) {
	now := time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC)
	m := &MemorySpent{Now: func() time.Time { return now }}
	ctx := context.Background()
	spend := func(id string, until time.Time) bool {
		t.Helper()
		fresh, err := m.Spend(ctx, id, until)
		if err != nil {
			t.Fatal(err)
		}
		return fresh
	}
	if !spend("a", now.Add(time.Hour)) {
		t.Fatal("first spend of a not fresh")
	}
	if spend("a", now.Add(time.Hour)) {
		t.Fatal("second spend of a fresh")
	}
	if !spend("b", now.Add(time.Minute)) {
		t.Fatal("first spend of b not fresh")
	}

	now = now.Add(2 * time.Minute) // b has lapsed, a has not
	if !spend("c", now.Add(time.Minute)) {
		t.Fatal("first spend of c not fresh")
	}
	if _, ok := m.until["b"]; ok {
		t.Error("lapsed entry b was not swept")
	}
	if spend("a", now.Add(time.Hour)) {
		t.Fatal("a fresh again before its time")
	}

	now = now.Add(2 * time.Hour)
	if !spend("a", now.Add(time.Hour)) {
		t.Fatal("a not fresh after its time")
	}
	if len(m.until) != 1 {
		t.Errorf("%d entries remembered, want 1", len(m.until))
	}
}

func TestMemorySpentZeroValue(t *testing.T) {
	var m MemorySpent
	fresh, err := m.Spend(context.Background(), "x", time.Now().Add(time.Minute))
	if err != nil || !fresh {
		t.Fatalf("Spend = %v, %v", fresh, err)
	}
}

func TestMemorySpentCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var m MemorySpent
	if _, err := m.Spend(ctx, "x", time.Now().Add(time.Minute)); !errors.Is(err, context.Canceled) {
		t.Fatalf("Spend = %v, want context.Canceled", err)
	}
}
