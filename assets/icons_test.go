package assets

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"
)

var update = flag.Bool("update", false, "render the PNG icons again from the SVG")

// IconSizes are the PNG sizes installed beside the SVG (hicolor theme).
var IconSizes = []int{16, 24, 32, 48, 64, 128, 256}

const svgPath = "icons/io.github.gputaskman.gtm.svg"

// render draws the SVG icon at size×size with Fyne's own SVG renderer.
func render(t *testing.T, svg []byte, size int) image.Image {
	t.Helper()
	test.NewTempApp(t)
	img := canvas.NewImageFromResource(fyne.NewStaticResource("icon.svg", svg))
	img.FillMode = canvas.ImageFillContain
	c := software.NewTransparentCanvas()
	c.SetPadded(false)
	c.SetContent(img)
	c.SetScale(1)
	c.Resize(fyne.NewSquareSize(float32(size)))
	return c.Capture()
}

// TestPNGIconsAreTheSVG keeps one source for the icon: every PNG (and the
// embedded app icon) is the SVG rendered at its size.
func TestPNGIconsAreTheSVG(t *testing.T) {
	svg, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range IconSizes {
		img := render(t, svg, size)
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Fatalf("rendered %v at size %d", b, size)
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		paths := []string{filepath.Join("icons", fmt.Sprintf("io.github.gputaskman.gtm-%d.png", size))}
		if size == 256 {
			paths = append(paths, "icon.png")
		}
		for _, path := range paths {
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./assets -update renders it)", err)
			}
			if !bytes.Equal(got, buf.Bytes()) {
				t.Errorf("%s is not the SVG rendered at %d px (go test ./assets -update)", path, size)
			}
		}
	}
	if !bytes.Equal(Icon, mustRead(t, "icon.png")) {
		t.Errorf("embedded Icon differs from icon.png")
	}
}

func mustRead(t *testing.T, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
