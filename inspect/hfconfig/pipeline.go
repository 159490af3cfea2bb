package hfconfig

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gputaskman/gtm/inspect/jsonscan"
)

// Pipeline is a diffusers model_index.json: the pipeline class and its
// components (diffusers, pipelines/pipeline_utils.py writes each component
// as "<name>": [library, class]; keys starting with "_" are the
// pipeline's own).
type Pipeline struct {
	ClassName        string // "_class_name", e.g. "StableDiffusionXLPipeline"
	DiffusersVersion string // "_diffusers_version"
	Components       []PipelineComponent
	Kind             string // always "diffusion"
}

// PipelineComponent is one entry: its folder name, library and class
// ("unet", "diffusers", "UNet2DConditionModel"). Entries set to [null,
// null] (an absent optional part) are left out.
type PipelineComponent struct {
	Name, Library, Class string
}

// MaxComponents bounds the components read from one model_index.json.
const MaxComponents = 64

// ParsePipeline reads a model_index.json.
func ParsePipeline(b []byte) (*Pipeline, error) {
	if len(b) > MaxConfigBytes {
		return nil, fmt.Errorf("model_index.json: %d bytes, over the %d-byte limit", len(b), MaxConfigBytes)
	}
	if n, err := jsonscan.Count(b, 1); err != nil {
		return nil, errors.New("model_index.json: not a JSON object")
	} else if n > maxValues {
		return nil, fmt.Errorf("model_index.json: %d keys (limit %d)", n, maxValues)
	}
	var top obj
	if err := json.Unmarshal(b, &top); err != nil || top == nil {
		return nil, errors.New("model_index.json: not a JSON object")
	}
	p := &Pipeline{ClassName: trunc(top.str("_class_name"), 128), DiffusersVersion: trunc(top.str("_diffusers_version"), 32), Kind: KindDiffusion}
	if p.ClassName == "" {
		return nil, errors.New("model_index.json: no _class_name")
	}
	var names []string
	for k := range top {
		if !strings.HasPrefix(k, "_") {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	for _, k := range names {
		var pair []*string
		if json.Unmarshal(top[k], &pair) != nil || len(pair) != 2 || pair[0] == nil || pair[1] == nil {
			continue
		}
		if len(p.Components) >= MaxComponents {
			return nil, fmt.Errorf("model_index.json: more than %d components", MaxComponents)
		}
		p.Components = append(p.Components, PipelineComponent{Name: trunc(k, 128), Library: trunc(*pair[0], 64), Class: trunc(*pair[1], 128)})
	}
	return p, nil
}
