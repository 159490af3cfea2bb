package probe

import (
	"errors"
	"io"
	"testing"
)

func TestJSON(t *testing.T) {
	var v struct{ A int }
	if err := JSON(Result{Status: 200, Body: []byte(`{"A":3}`)}, &v); err != nil || v.A != 3 {
		t.Errorf("%v, %+v", err, v)
	}
	for _, tc := range []struct {
		r    Result
		want error
	}{
		{Result{Status: 200, Body: []byte(`{"A":`)}, ErrInvalidJSON},
		{Result{Status: 200, Body: []byte(`{"A":1}x`)}, ErrInvalidJSON},
		{Result{Status: 200}, ErrInvalidJSON},
		{Result{Status: 200, Body: []byte(`{}`), Truncated: true}, ErrTooLarge},
		{Result{Status: 200, Body: []byte(`{}`), Truncated: true, Err: tooLarge(1 << 20)}, ErrTooLarge},
		{Result{Status: 404, Body: []byte(`{}`)}, ErrStatus},
		{Result{Status: 302, Body: []byte(`{}`)}, ErrStatus},
		{Result{Status: 200, Body: []byte(`{}`), Err: io.ErrUnexpectedEOF}, io.ErrUnexpectedEOF},
	} {
		if err := JSON(tc.r, &v); !errors.Is(err, tc.want) {
			t.Errorf("%+v: %v, want %v", tc.r, err, tc.want)
		} else {
			t.Log(err)
		}
	}
}
