package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/png"
	"testing"
)

func pngOf(t *testing.T, w, h int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestEncodeHeader(t *testing.T) {
	p := pngOf(t, 256, 256)
	ico, err := encode(p)
	if err != nil {
		t.Fatal(err)
	}
	if binary.LittleEndian.Uint16(ico[2:]) != 1 || binary.LittleEndian.Uint16(ico[4:]) != 1 || ico[6] != 0 || ico[7] != 0 ||
		binary.LittleEndian.Uint32(ico[14:]) != uint32(len(p)) || binary.LittleEndian.Uint32(ico[18:]) != 22 || !bytes.Equal(ico[22:], p) {
		t.Fatalf("header % x", ico[:22])
	}
	if _, err := encode(pngOf(t, 300, 10)); err == nil {
		t.Fatal("an oversized image was accepted")
	}
	if _, err := encode([]byte("not a png")); err == nil {
		t.Fatal("not a PNG: no error")
	}
}
