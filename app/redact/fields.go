package redact

import (
	"reflect"
	"sync"

	"github.com/gputaskman/gtm/internal/schema"
)

// kind is how a string field (a string, *string or []string) is redacted.
type kind uint8

const (
	// asText, every field's kind unless kinds says otherwise: free text,
	// its paths cut to base names, secrets masked, user and host names
	// replaced.
	asText kind = iota
	// asPath: a path, cut to its base name, user and host names replaced.
	asPath
	// asModel: a model's name. A path, or a folder the process's model
	// files show it names, is cut to its base name; an HF id ("org/name")
	// or a store's name ("qwen3:14b") is free text.
	asModel
	// asName: a name /proc or the cluster shows everyone (a process's,
	// a pod's): kept, but a path in it is cut.
	asName
	// asUser: a user name, replaced by user1, user2, …
	asUser
	// asHost: the host name, replaced by "host".
	asHost
	// asDropped: nothing a base name could stand for and /proc keeps from
	// other users (a command line, a working directory): null.
	asDropped
)

// kinds are the fields that are not free text, by struct and Go field
// name. TestKindsNameRealFields keeps them in step with the types.
var kinds = map[reflect.Type]map[string]kind{
	reflect.TypeFor[schema.Host](): {"Hostname": asHost},
	reflect.TypeFor[schema.Process](): {
		"Cmdline": asDropped, "Argv": asDropped, "Cwd": asDropped,
		"User": asUser, "Exe": asPath,
		// Kept, as a capture is for them: the kernel's comm, readable by
		// every user, and the workload's names (pod_uid identifies
		// nothing outside its cluster).
		"Name": asName, "Namespace": asName, "Pod": asName, "PodUID": asName, "ContainerName": asName,
	},
	reflect.TypeFor[schema.ServedModel](): {"Model": asModel},
	reflect.TypeFor[schema.Runtime]():     {"Libraries": asPath},
	reflect.TypeFor[schema.Model]():       {"Path": asPath, "Name": asModel},
	reflect.TypeFor[schema.LLM]():         {"LogPath": asPath, "ModelID": asModel, "APIModel": asModel, "APIModels": asModel},
	reflect.TypeFor[schema.AppState]():    {"SettingsPath": asPath, "LogPath": asPath, "SelectedModel": asModel},
	reflect.TypeFor[schema.AppEvent]():    {"Model": asModel},
}

// field is one exported field of a struct and its kind.
type field struct {
	index int
	kind  kind
}

var plans sync.Map // reflect.Type → []field

// plan is the fields walk visits in a struct of type t: every exported
// one (embedded structs included), each with its kind.
func plan(t reflect.Type) []field {
	if p, ok := plans.Load(t); ok {
		return p.([]field)
	}
	var out []field
	for i := 0; i < t.NumField(); i++ {
		if f := t.Field(i); f.IsExported() {
			out = append(out, field{index: i, kind: kinds[t][f.Name]})
		}
	}
	plans.Store(t, out)
	return out
}
