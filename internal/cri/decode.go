package cri

import (
	"fmt"

	"github.com/gputaskman/gtm/internal/binread"
)

// Field numbers of kubernetes/cri-api pkg/apis/runtime/v1/api.proto:
//
//	message ListContainersResponse { repeated Container containers = 1; }
//	message Container { string id = 1; string pod_sandbox_id = 2;
//	    ContainerMetadata metadata = 3; ... map<string, string> labels = 8; ... }
//	message ContainerMetadata { string name = 1; uint32 attempt = 2; }
//
// A map field is a repeated entry message { key = 1; value = 2; }.
const (
	fieldContainers    = 1
	fieldContainerID   = 1
	fieldMetadata      = 3
	fieldLabels        = 8
	fieldMetadataName  = 1
	fieldMapEntryKey   = 1
	fieldMapEntryValue = 2
)

// The labels kubelet puts on every container it creates (kubernetes
// pkg/kubelet/types/labels.go).
const (
	labelPodNamespace  = "io.kubernetes.pod.namespace"
	labelPodName       = "io.kubernetes.pod.name"
	labelPodUID        = "io.kubernetes.pod.uid"
	labelContainerName = "io.kubernetes.container.name"
)

// Bounds on what one answer may make gtm hold or walk: a node runs 110
// pods by default, a container carries a handful of labels.
const (
	MaxResponse   = 16 << 20
	MaxContainers = 65536
	MaxLabels     = 1024 // per container
	// A label value kept is a Kubernetes name or UID: at most a DNS
	// subdomain (253). Longer values are not kubelet's and are dropped.
	maxValueLen = 253
	maxIDLen    = 128
)

// Decode reads a ListContainersResponse message (without its gRPC frame).
// Containers without an ID are skipped; a label value that is too long
// or holds a byte no Kubernetes name holds is left empty (unknown).
func Decode(b []byte) ([]Container, error) {
	if len(b) > MaxResponse {
		return nil, fmt.Errorf("response of %d bytes is over the %d MiB limit", len(b), MaxResponse>>20)
	}
	var out []Container
	for n := 0; len(b) > 0; {
		f, rest, err := next(b)
		if err != nil {
			return nil, fmt.Errorf("ListContainersResponse: %w", err)
		}
		b = rest
		if f.num != fieldContainers || f.wire != binread.WireBytes {
			continue
		}
		if n++; n > MaxContainers {
			return nil, fmt.Errorf("more than %d containers", MaxContainers)
		}
		c, err := decodeContainer(f.b)
		if err != nil {
			return nil, fmt.Errorf("container %d: %w", n, err)
		}
		if c.ID != "" {
			out = append(out, c)
		}
	}
	return out, nil
}

func decodeContainer(b []byte) (Container, error) {
	var c Container
	var metaName string
	labels := 0
	for len(b) > 0 {
		f, rest, err := next(b)
		if err != nil {
			return c, err
		}
		b = rest
		if f.wire != binread.WireBytes {
			continue
		}
		switch f.num {
		case fieldContainerID:
			c.ID = clean(f.b, maxIDLen)
		case fieldMetadata:
			if metaName, err = decodeMetadataName(f.b); err != nil {
				return c, fmt.Errorf("metadata: %w", err)
			}
		case fieldLabels:
			if labels++; labels > MaxLabels {
				return c, fmt.Errorf("more than %d labels", MaxLabels)
			}
			k, v, err := decodeEntry(f.b)
			if err != nil {
				return c, fmt.Errorf("label %d: %w", labels, err)
			}
			switch k {
			case labelPodNamespace:
				c.Namespace = clean(v, maxValueLen)
			case labelPodName:
				c.Pod = clean(v, maxValueLen)
			case labelPodUID:
				c.PodUID = clean(v, maxValueLen)
			case labelContainerName:
				c.Name = clean(v, maxValueLen)
			}
		}
	}
	if c.Name == "" {
		c.Name = metaName // kubelet sets both to the PodSpec's container name
	}
	return c, nil
}

func decodeMetadataName(b []byte) (string, error) {
	name := ""
	for len(b) > 0 {
		f, rest, err := next(b)
		if err != nil {
			return "", err
		}
		b = rest
		if f.num == fieldMetadataName && f.wire == binread.WireBytes {
			name = clean(f.b, maxValueLen)
		}
	}
	return name, nil
}

// decodeEntry reads one map<string,string> entry; a key that is not one
// of kubelet's labels comes back as "" (never kept).
func decodeEntry(b []byte) (key string, value []byte, err error) {
	for len(b) > 0 {
		f, rest, err := next(b)
		if err != nil {
			return "", nil, err
		}
		b = rest
		if f.wire != binread.WireBytes {
			continue
		}
		switch f.num {
		case fieldMapEntryKey:
			switch k := string(f.b); k {
			case labelPodNamespace, labelPodName, labelPodUID, labelContainerName:
				key = k
			default:
				key = ""
			}
		case fieldMapEntryValue:
			value = f.b
		}
	}
	return key, value, nil
}

// clean keeps a value only when it is short enough and holds no byte that
// would make a name or a path ambiguous; other odd bytes are data, escaped
// where text is shown.
func clean(b []byte, max int) string {
	if len(b) > max {
		return ""
	}
	for _, c := range b {
		if c == '/' || c == 0 || c == '\n' {
			return ""
		}
	}
	return string(b)
}
