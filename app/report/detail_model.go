package report

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/internal/schema"
)

// modelSections gives each model its own section, strongest evidence
// first as the inspector found them.
func modelSections(p *schema.Process) []Section {
	switch {
	case p.Models == nil:
		return []Section{{Title: "Models", Rows: []Row{{Value: "n/a (not inspected)"}}}}
	case len(p.Models) == 0:
		return []Section{{Title: "Models", Rows: []Row{{Value: "none found"}}}}
	}
	out := make([]Section, 0, len(p.Models))
	for _, m := range p.Models {
		out = append(out, modelSection(m))
	}
	return out
}

// ModelStatus is a model's evidence and standing, with what weakens it:
// "mapped + cmdline · confirmed", "mapped · not confirmed (one source)",
// "installed · candidate: not proven loaded", "… · file deleted since it
// was opened".
func ModelStatus(m schema.Model) string {
	ev := strings.Join(m.Evidence, " + ")
	if ev == "" {
		ev = "no evidence"
	}
	switch {
	case m.Confirmed:
		ev += " · confirmed"
	case m.Candidate:
		ev += " · candidate: not proven loaded"
	case m.OpenedAt != nil:
		ev += " · not proven resident"
	default:
		ev += " · not confirmed (one source)"
	}
	if m.OpenedAt != nil {
		ev += " · opened at " + m.OpenedAt.Local().Format("15:04:05")
	}
	if m.Deleted {
		ev += " · file deleted since it was opened"
	}
	return ev
}

// modelSection is one model: its evidence, its file and what names it,
// then what its header says. Header facts are the file's own; the weights
// say whether they were estimated from the header or reported.
func modelSection(m schema.Model) Section {
	name := filepath.Base(m.Path)
	if m.Name != nil {
		name = *m.Name
	}
	s := Section{Title: "Model · " + name, Folder: filepath.Dir(m.Path)}
	s.Rows = append(s.Rows, Row{Label: "Evidence", Value: ModelStatus(m)}, Row{Label: "File", Value: m.Path})
	if m.Role != "" && m.Role != "model" {
		s.Rows = append(s.Rows, Row{Label: "Role", Value: m.Role})
	}
	if m.Store != nil {
		s.Rows = append(s.Rows, Row{Label: "Named by", Value: *m.Store + " (a store supplies the name, not load evidence)"})
	}
	s.Rows = append(s.Rows,
		Row{Label: "Kind", Value: kindText(m)},
		Row{Label: "Format", Value: FormatString(m.Format)},
		Row{Label: "Architecture", Value: FormatString(m.Architecture)},
		Row{Label: "Quantization", Value: FormatString(m.Quantization)},
		Row{Label: "Layers", Value: uintText(m.Layers)},
		Row{Label: "Parameters", Value: countText(m.Parameters)},
		Row{Label: "Trained context", Value: u64Text(m.TrainedContext)},
	)
	w := Row{Label: "Weights", Value: NA}
	if m.Weights != nil {
		w = Row{Label: "Weights", Value: formatMiB(m.Weights.Bytes), Prov: fmt.Sprintf("%s (%s)", m.Weights.Source, m.Weights.From)}
	}
	s.Rows = append(s.Rows, w)
	if m.FormatDetail != nil {
		s.Rows = append(s.Rows, Row{Label: "In the file", Value: *m.FormatDetail})
	}
	if m.HeaderError != nil {
		s.Rows = append(s.Rows, Row{Label: "Header", Value: "unreadable: " + *m.HeaderError})
	}
	return s
}

// kindText is what the model is: the header's kind, what its server's API
// says it outputs, and a name's hint (which never changes the kind).
func kindText(m schema.Model) string {
	kind := FormatString(m.Kind)
	if len(m.OutputModalities) > 0 {
		kind += " (outputs " + strings.Join(m.OutputModalities, ", ") + ", per its API)"
	}
	if m.KindLabel != nil {
		if m.Kind == nil && len(m.OutputModalities) == 0 {
			kind = *m.KindLabel
		} else {
			kind += " · " + *m.KindLabel
		}
	}
	if m.KindHint != nil {
		kind += " · hint: " + *m.KindHint + " (from the name, not the header)"
	}
	return kind
}

func uintText(v *uint32) string {
	if v == nil {
		return NA
	}
	return strconv.FormatUint(uint64(*v), 10)
}

func u64Text(v *uint64) string {
	if v == nil {
		return NA
	}
	return strconv.FormatUint(*v, 10)
}

// countText is a parameter count shown briefly, or n/a.
func countText(v *uint64) string {
	if v == nil {
		return NA
	}
	return FormatCount(*v)
}
