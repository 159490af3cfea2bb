package hfconfig

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Kinds a config can name.
const (
	KindLLM        = "llm"
	KindEmbedding  = "embedding"
	KindClassifier = "classifier"
	KindReranker   = "reranker"
	KindSpeech     = "speech"
	KindVision     = "vision"
	KindDiffusion  = "diffusion"
	KindUnknown    = "unknown"
)

// kindOf derives what a model does from its first architecture name, the
// class transformers instantiates (its suffix is the head on top of the
// base model):
//
//   - speech: Whisper*, *ForSpeechSeq2Seq, *ForCTC, *ForAudioClassification,
//     or model_type whisper;
//   - llm: *ForCausalLM, *LMHeadModel, *ForConditionalGeneration (a text
//     decoder, multimodal ones included: Gemma 3, Qwen2.5-VL, Llava, T5);
//   - reranker: *ForSequenceClassification with one label (a cross-encoder's
//     relevance score); classifier: with more, or *ForTokenClassification;
//   - vision: *ForImageClassification, *ForObjectDetection,
//     *ForSemanticSegmentation, *ForDepthEstimation, *VisionModel;
//   - embedding: a bare *Model (BertModel, XLMRobertaModel, CLIPModel…):
//     no head, so it is served for its hidden states;
//   - unknown otherwise (*ForMaskedLM, *ForQuestionAnswering, none).
//
// A folder's sentence-transformers files also say "embedding"; that is
// hfmodel's to see.
func kindOf(archs []string, modelType string, top obj) (kind, reason string) {
	if len(archs) == 0 {
		if modelType == "whisper" {
			return KindSpeech, "model_type whisper"
		}
		return KindUnknown, "no architectures in config.json"
	}
	a := archs[0]
	has := func(s ...string) bool {
		for _, x := range s {
			if strings.HasSuffix(a, x) {
				return true
			}
		}
		return false
	}
	why := "architecture " + a
	switch {
	case strings.HasPrefix(a, "Whisper") || modelType == "whisper" ||
		has("ForSpeechSeq2Seq", "ForCTC", "ForAudioClassification"):
		return KindSpeech, why
	case has("ForCausalLM", "LMHeadModel", "ForConditionalGeneration"):
		return KindLLM, why
	case has("ForSequenceClassification"):
		if labels(top, 2) == 1 {
			return KindReranker, why + " with one label"
		}
		return KindClassifier, why
	case has("ForTokenClassification"):
		return KindClassifier, why
	case has("ForImageClassification", "ForObjectDetection", "ForSemanticSegmentation",
		"ForDepthEstimation", "VisionModel", "ForImageSegmentation"):
		return KindVision, why
	case strings.HasSuffix(a, "Model") && !strings.Contains(a, "For"):
		return KindEmbedding, why + " (no task head)"
	}
	return KindUnknown, why + " (not a known head)"
}

// labels is num_labels, else the size of id2label (transformers keeps one
// or the other), counted up to limit, else 0.
func labels(top obj, limit int) int {
	if n, ok := top.int("num_labels"); ok {
		return n
	}
	return members(top["id2label"], limit)
}

// members counts an object's members, up to limit, in raw JSON that
// encoding/json has already checked: a classifier's id2label may list
// thousands of labels, and decoding it into a map only to count it cost
// ~15× its size.
func members(raw json.RawMessage, limit int) int {
	raw = bytes.TrimSpace(raw)
	if len(raw) < 2 || raw[0] != '{' {
		return 0
	}
	n, depth, inString, escaped := 0, 0, false, false
	for _, c := range raw {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
		case c == ':' && depth == 1:
			if n++; n >= limit {
				return n
			}
		}
	}
	return n
}
