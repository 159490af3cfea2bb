// Package schema is gtm's public JSON: the snapshot that `gtm --json`
// prints, `gtm record` writes and every view renders (docs/json.md; the
// JSON Schema derived from these types is docs/json.schema.json).
//
// It is plain data and imports nothing of gtm's, so what renders, stores
// or compares snapshots (ui, report, diff, metrics, capture) depends on it
// alone. backend fills the measured parts (devices, sources, system),
// inspect the evidence (runtimes, models, the LLM block), and the
// collector the rows that join them.
//
// A nil pointer means unknown (not supported, no permission, not read);
// it is never replaced by zero (docs/design.md, evidence rule 1).
package schema
