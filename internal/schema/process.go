package schema

// Process categories, as the table and JSON show them.
const (
	CategoryAI         = "AI"
	CategoryGraphics   = "3D/game"
	CategoryBrowser    = "browser"
	CategoryCompositor = "compositor"
	CategoryVideo      = "video"
	CategoryDecision   = "decision?"
	CategoryOther      = "other"
)
