// Command ico writes a Windows icon file holding one PNG image (the form
// Windows Vista and later read), for the release build's resources:
//
//	go run ./packaging/ico assets/icons/io.github.gputaskman.gtm-256.png gtm.ico
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image/png"
	"os"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: ico IMAGE.png OUT.ico")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "ico:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	data, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	ico, err := encode(data)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	return os.WriteFile(out, ico, 0o644)
}

// encode wraps a PNG of at most 256×256 in an ICO container.
func encode(pngData []byte) ([]byte, error) {
	cfg, err := png.DecodeConfig(bytes.NewReader(pngData))
	if err != nil {
		return nil, err
	}
	if cfg.Width > 256 || cfg.Height > 256 || cfg.Width < 1 || cfg.Height < 1 {
		return nil, fmt.Errorf("%d×%d: an icon image is 1 to 256 pixels a side", cfg.Width, cfg.Height)
	}
	var b bytes.Buffer
	le := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	le(uint16(0))                                       // reserved
	le(uint16(1))                                       // type: icon
	le(uint16(1))                                       // one image
	side := func(n int) uint8 { return uint8(n % 256) } // 256 is written as 0
	le(side(cfg.Width))
	le(side(cfg.Height))
	le(uint8(0))  // no palette
	le(uint8(0))  // reserved
	le(uint16(1)) // colour planes
	le(uint16(32))
	le(uint32(len(pngData)))
	le(uint32(6 + 16)) // the image follows the header and its one entry
	b.Write(pngData)
	return b.Bytes(), nil
}
