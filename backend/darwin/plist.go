package darwin

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Limits of the plist reader: ioreg's output for the accelerator and its
// clients is a few hundred KiB; anything far larger or deeper is refused
// rather than held in memory.
const (
	maxPlistBytes = 32 << 20
	maxPlistDepth = 64
	maxPlistNodes = 1 << 20
)

// ParsePlist reads an XML property list (what `ioreg -a` prints) into Go
// values: map[string]any for <dict>, []any for <array>, string, int64 (or
// uint64 when it does not fit), float64, bool and []byte.
func ParsePlist(data []byte) (any, error) {
	if len(data) > maxPlistBytes {
		return nil, fmt.Errorf("plist: %d bytes is more than the %d this reader accepts", len(data), maxPlistBytes)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	p := &plistReader{d: d}
	for {
		tok, err := d.Token()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil, errors.New("plist: no <plist> element")
			}
			return nil, fmt.Errorf("plist: %w", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Local != "plist" {
				return nil, fmt.Errorf("plist: root element is <%s>, not <plist>", se.Name.Local)
			}
			v, end, err := p.value(0)
			if err != nil {
				return nil, err
			}
			if end {
				return nil, errors.New("plist: empty <plist>")
			}
			return v, nil
		}
	}
}

type plistReader struct {
	d     *xml.Decoder
	nodes int
}

// value reads the next value element. end is true when the enclosing
// element closed instead.
func (p *plistReader) value(depth int) (v any, end bool, err error) {
	if depth > maxPlistDepth {
		return nil, false, fmt.Errorf("plist: nested deeper than %d", maxPlistDepth)
	}
	for {
		tok, err := p.d.Token()
		if err != nil {
			return nil, false, fmt.Errorf("plist: %w", err)
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return nil, true, nil
		case xml.StartElement:
			if p.nodes++; p.nodes > maxPlistNodes {
				return nil, false, fmt.Errorf("plist: more than %d values", maxPlistNodes)
			}
			return p.element(t.Name.Local, depth)
		}
	}
}

// element reads the value whose start tag, name, was just read.
func (p *plistReader) element(name string, depth int) (any, bool, error) {
	var v any
	var err error
	switch name {
	case "dict":
		v, err = p.dict(depth)
	case "array":
		v, err = p.array(depth)
	case "true", "false":
		if err := p.d.Skip(); err != nil {
			return nil, false, fmt.Errorf("plist: %w", err)
		}
		v = name == "true"
	case "string", "date":
		v, err = p.text()
	case "integer":
		v, err = p.integer()
	case "real":
		v, err = p.float()
	case "data":
		v, err = p.data()
	default:
		return nil, false, fmt.Errorf("plist: unknown element <%s>", name)
	}
	if err != nil {
		return nil, false, err
	}
	return v, false, nil
}

// dict reads <key> and value pairs up to </dict>.
func (p *plistReader) dict(depth int) (map[string]any, error) {
	m := map[string]any{}
	for {
		tok, err := p.d.Token()
		if err != nil {
			return nil, fmt.Errorf("plist: %w", err)
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return m, nil
		case xml.StartElement:
			if t.Name.Local != "key" {
				return nil, fmt.Errorf("plist: <%s> where a <key> belongs", t.Name.Local)
			}
			k, err := p.text()
			if err != nil {
				return nil, err
			}
			v, end, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if end {
				return nil, fmt.Errorf("plist: key %q has no value", k)
			}
			m[k] = v
		}
	}
}

// array reads values up to </array>.
func (p *plistReader) array(depth int) ([]any, error) {
	var a []any
	for {
		v, end, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		if end {
			return a, nil
		}
		a = append(a, v)
	}
}

// integer reads an <integer>: int64 when it fits, else uint64.
func (p *plistReader) integer() (any, error) {
	s, err := p.text()
	if err != nil {
		return nil, err
	}
	s = strings.TrimSpace(s)
	if i, err := strconv.ParseInt(s, 0, 64); err == nil {
		return i, nil
	}
	u, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return nil, fmt.Errorf("plist: bad <integer> %q", s)
	}
	return u, nil
}

// float reads a <real>.
func (p *plistReader) float() (float64, error) {
	s, err := p.text()
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return 0, fmt.Errorf("plist: bad <real> %q", s)
	}
	return f, nil
}

// data reads base64 <data>, whitespace and all.
func (p *plistReader) data() ([]byte, error) {
	s, err := p.text()
	if err != nil {
		return nil, err
	}
	b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		return nil, fmt.Errorf("plist: bad <data>: %w", err)
	}
	return b, nil
}

// text reads character data up to the element's end.
func (p *plistReader) text() (string, error) {
	var sb strings.Builder
	for {
		tok, err := p.d.Token()
		if err != nil {
			return "", fmt.Errorf("plist: %w", err)
		}
		switch t := tok.(type) {
		case xml.CharData:
			if sb.Len()+len(t) > maxPlistBytes {
				return "", errors.New("plist: text too long")
			}
			sb.Write(t)
		case xml.StartElement:
			return "", fmt.Errorf("plist: <%s> inside a text value", t.Name.Local)
		case xml.EndElement:
			return sb.String(), nil
		}
	}
}

// plistUint reads a non-negative integer value.
func plistUint(v any) (uint64, bool) {
	switch n := v.(type) {
	case int64:
		if n >= 0 {
			return uint64(n), true
		}
	case uint64:
		return n, true
	case float64:
		if n >= 0 && n < 1<<63 {
			return uint64(n), true
		}
	}
	return 0, false
}

// plistFloat reads a number value.
func plistFloat(v any) (float64, bool) {
	switch n := v.(type) {
	case int64:
		return float64(n), true
	case uint64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}
