package api

import "testing"

func TestRoutesExist(t *testing.T) {
	if Routes(nil) == nil {
		t.Fatal("no routes")
	}
}
