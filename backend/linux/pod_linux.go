package linux

import (
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/cri"
	"github.com/gputaskman/gtm/internal/procroot"
)

// A pod's cgroup is the kubelet's, and gtm believes a cgroup path names a
// pod only where every cgroup above the pod's is one the kubelet made.
// Anyone can make cgroups under their own user@UID.service (systemd
// delegates it) and a container may make some below its own, with any
// names: "kubepods…pod<UID>" further down a path proves nothing.
//
// The layout, as kubernetes/kubernetes v1.34.0 pkg/kubelet/cm makes it:
// the --cgroup-root, then "kubepods" (node_container_manager_linux.go:41,
// joined at container_manager_linux.go:273), then "burstable" or
// "besteffort" (qos_container_manager_linux.go:93-94; a Guaranteed pod
// sits in kubepods itself), then "pod"+UID (helpers_linux.go:318,
// pod_container_manager_linux.go:120); the runtime names the container's
// cgroup in it after the container ID. The systemd driver joins the names
// with "-" into nested slices and writes a UID's "-" as "_"
// (cgroup_manager_linux.go:81, ToSystemd):
//
//	systemd:  /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod<UID>.slice/cri-containerd-<ID>.scope
//	          (crio-<ID>.scope, docker-<ID>.scope; Guaranteed: /kubepods.slice/kubepods-pod<UID>.slice/...)
//	cgroupfs: /kubepods/burstable/pod<UID>/<ID>   (crio-<ID>; Guaranteed: /kubepods/pod<UID>/<ID>)
//
// Two cgroup roots are accepted: "/", the kubelet's default (kubeadm keeps
// it), and "/kubelet", kind's (sigs.k8s.io/kind v0.30.0
// pkg/cluster/internal/kubeadm/config.go:277), which gives
// /kubelet.slice/kubelet-kubepods.slice/... or /kubelet/kubepods/... A
// kubelet with another --cgroup-root, or a rootless one under a user's
// user@UID.service (usernetes, k3s --rootless), names no pod: the latter's
// cgroups are that user's to name.
//
// In a cgroup namespace (gtm's DaemonSet container on cgroup v2, where
// containerd and CRI-O give an unprivileged container its own), the kernel
// shows a cgroup outside the namespace relative to gtm's own, climbing
// with "..": "/../../kubepods-burstable.slice/kubepods-burstable-pod<UID>.slice/...".
// The climb ends on an ancestor of gtm's container, which is the
// kubelet's, and the first name below it is a cgroup only root made
// there; so after a climb the layout may start at any of its levels. A
// user's cgroup still shows as "/../../../user.slice/...".
var (
	// podSlice: the systemd driver's pod slice; its name spells its parents.
	podSlice = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^((?:kubelet-)?kubepods(?:-burstable|-besteffort)?)-pod([0-9a-fA-F][0-9a-fA-F_]{7,63})\.slice$`)
	})
	// podDir: the cgroupfs driver's pod cgroup (a UUID, or a static pod's
	// 32-hex config hash).
	podDir = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^pod([0-9a-fA-F][0-9a-fA-F-]{7,63})$`)
	})
	// containerCgroup: the runtime's cgroup for a container in the pod's
	// (CRI-O's crio-conmon-<ID> is its monitor, not the container).
	containerCgroup = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:(?:cri-containerd|crio|docker)-)?([0-9a-f]{64})(?:\.scope)?$`)
	})
)

// cgroupfsParents are the cgroups the cgroupfs driver puts above a pod's,
// for each accepted cgroup root and QoS class.
var cgroupfsParents = [][]string{
	{"kubepods"}, {"kubepods", "burstable"}, {"kubepods", "besteffort"},
	{"kubelet", "kubepods"}, {"kubelet", "kubepods", "burstable"}, {"kubelet", "kubepods", "besteffort"},
}

// podParents returns the chains of cgroups the kubelet puts above a pod
// cgroup of this name, and the pod's UID; ok is false for a name that is
// no pod cgroup's.
func podParents(name string) (chains [][]string, uid string, ok bool) {
	if m := podSlice().FindStringSubmatch(name); m != nil {
		// kubelet-kubepods-burstable: kubelet.slice/kubelet-kubepods.slice/kubelet-kubepods-burstable.slice
		parts := strings.Split(m[1], "-")
		chain := make([]string, len(parts))
		for i := range parts {
			chain[i] = strings.Join(parts[:i+1], "-") + ".slice"
		}
		return [][]string{chain}, strings.ReplaceAll(m[2], "_", "-"), true
	}
	if m := podDir().FindStringSubmatch(name); m != nil {
		return cgroupfsParents, m[1], true
	}
	return nil, "", false
}

// podFromPath finds the pod UID and container ID of one cgroup path, from
// the hierarchy's root or, after a climb out of gtm's cgroup namespace,
// from any level of the kubelet's layout.
func podFromPath(path string) (uid, containerID string, ok bool) {
	rest, abs := strings.CutPrefix(path, "/")
	if !abs {
		return "", "", false
	}
	names := strings.Split(rest, "/")
	climbed := 0
	for climbed < len(names) && names[climbed] == ".." {
		climbed++
	}
	names = names[climbed:]
	// The kubelet puts at most three cgroups above a pod's.
	for i := 0; i < len(names)-1 && i <= 3; i++ {
		chains, uid, ok := podParents(names[i])
		if !ok {
			continue
		}
		for _, chain := range chains {
			if !slices.Equal(names[:i], chain) && (climbed == 0 || !hasSuffix(chain, names[:i])) {
				continue
			}
			if m := containerCgroup().FindStringSubmatch(names[i+1]); m != nil {
				return strings.ToLower(uid), m[1], true
			}
		}
	}
	return "", "", false
}

// hasSuffix reports whether s ends with the elements of suffix.
func hasSuffix(s, suffix []string) bool {
	return len(suffix) <= len(s) && slices.Equal(s[len(s)-len(suffix):], suffix)
}

// podFromCgroup returns the pod UID (with dashes, as the API shows it) and
// the container ID of a /proc/PID/cgroup text (v1 or v2); ok is false for
// a process that is not in a pod's container.
func podFromCgroup(text string) (uid, containerID string, ok bool) {
	for _, line := range strings.Split(text, "\n") {
		parts := strings.SplitN(line, ":", 3) // hierarchy-ID:controllers:path
		if len(parts) != 3 {
			continue
		}
		if uid, id, ok := podFromPath(parts[2]); ok {
			return uid, id, true
		}
	}
	return "", "", false
}

// Bounds on what the kubelet's log folders may make gtm hold. A node runs
// 110 pods by default; the limits are far above any real node's.
const (
	maxPodDirs       = 8192
	maxContainerLogs = 32768
	// Kubernetes validates names: a namespace and a container name are DNS
	// labels (63), a pod name a DNS subdomain (253). Longer is not kubelet's.
	maxNamespaceLen = 63
	maxPodNameLen   = 253
	maxContainerLen = 63
	// podNamesTTL: a pod's names never change, so a listing is redone only
	// for a UID or container not seen yet, and at most this often.
	podNamesTTL = 30 * time.Second
)

// parsePodLogDir splits a /var/log/pods entry. kubelet names it
// NAMESPACE_NAME_UID (kubernetes/kubernetes pkg/kubelet/kuberuntime,
// BuildPodLogsDirectory: strings.Join({podNamespace, podName, podUID}, "_");
// BuildContainerLogsDirectory adds /CONTAINER). Names are DNS labels and
// subdomains, which never hold "_".
func parsePodLogDir(name string) (namespace, pod, uid string, ok bool) {
	parts := strings.Split(name, "_")
	if len(parts) != 3 || !validName(parts[0], maxNamespaceLen) || !validName(parts[1], maxPodNameLen) || !isPodUID(parts[2]) {
		return "", "", "", false
	}
	return parts[0], parts[1], strings.ToLower(parts[2]), true
}

// isPodUID: what a cgroup can name a pod by, a UUID or a static pod's
// config hash: hex digits and dashes, at most 64 (lower-casing them keeps
// their length, which other bytes' may not).
func isPodUID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == '-') {
			return false
		}
	}
	return true
}

// parseContainerLog splits a /var/log/containers entry. kubelet names it
// POD_NAMESPACE_CONTAINER-ID.log (kubernetes/kubernetes
// pkg/kubelet/kuberuntime/kuberuntime_container.go, legacyLogSymlink and
// logSymlink: "%s_%s-%s" of BuildPodFullName (name_namespace), container
// name and container ID, cut to 255 bytes with ".log"). A cut name has lost
// its ID and is skipped.
func parseContainerLog(name string) (pod, namespace, container, id string, ok bool) {
	base, found := strings.CutSuffix(name, ".log")
	if !found {
		return "", "", "", "", false
	}
	dash := strings.LastIndexByte(base, '-')
	if dash < 0 || !isHexID(base[dash+1:]) {
		return "", "", "", "", false
	}
	id = base[dash+1:]
	parts := strings.Split(base[:dash], "_")
	if len(parts) != 3 || !validName(parts[0], maxPodNameLen) || !validName(parts[1], maxNamespaceLen) || !validName(parts[2], maxContainerLen) {
		return "", "", "", "", false
	}
	return parts[0], parts[1], parts[2], id, true
}

func isHexID(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// validName: non-empty, bounded, and no byte a kubelet name cannot hold
// that would make a label or a path ambiguous. Other odd bytes are data,
// escaped where text is shown.
func validName(s string, max int) bool {
	return s != "" && len(s) <= max && !strings.ContainsAny(s, "/\x00\n")
}

// PodNames names pods and containers from the kubelet's log folders under a
// host root, without any Kubernetes API: /var/log/pods gives a pod UID's
// namespace and name, /var/log/containers a container ID's name. Only
// entry names are read (never the logs or link targets). With a CRI
// socket, the runtime's kubelet labels name what the folders do not.
type PodNames struct {
	root string
	now  func() time.Time

	mu         sync.Mutex
	listed     time.Time // zero: never listed
	pods       map[string]podName
	containers map[string]containerName

	criSocket     string
	criWarn       func(error)
	criList       func(ctx context.Context, socket string) ([]cri.Container, error)
	criListed     time.Time
	criErr        string // the last failure warned about, to say it once
	criPods       map[string]podName
	criContainers map[string]containerName
}

type podName struct{ namespace, name string }

// containerName: uid is the pod UID the runtime gives, "" from the folders
// (a log link does not name it).
type containerName struct{ pod, namespace, name, uid string }

// NewPodNames reads the kubelet's folders under hostRoot ("/" on the node;
// the host's root mounted read-only in a container).
func NewPodNames(hostRoot string) *PodNames {
	return &PodNames{root: hostRoot, now: time.Now, criList: cri.List}
}

// UseCRI also asks the container runtime at socket (containerd, CRI-O) for
// the names the folders lack; warn hears each new failure once.
func (n *PodNames) UseCRI(socket string, warn func(error)) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.criSocket, n.criWarn = socket, warn
}

// Resolve names the pod of uid and the container of containerID. Names it
// cannot find stay nil.
func (n *PodNames) Resolve(uid, containerID string) *backend.Pod {
	pod := &backend.Pod{UID: uid, ContainerID: containerID}
	if n == nil {
		return pod
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	p, okPod := n.pods[uid]
	c, okCtr := n.containers[containerID]
	if (!okPod || !okCtr) && (n.listed.IsZero() || n.now().Sub(n.listed) >= podNamesTTL) {
		n.list()
		p, okPod = n.pods[uid]
		c, okCtr = n.containers[containerID]
	}
	if (!okPod || !okCtr) && n.criSocket != "" {
		if n.criListed.IsZero() || n.now().Sub(n.criListed) >= podNamesTTL {
			n.listCRI()
		}
		if !okPod {
			p, okPod = n.criPods[uid]
		}
		if !okCtr {
			c, okCtr = n.criContainers[containerID]
			// The runtime names the container's pod UID: it must be this one.
			okCtr = okCtr && c.uid == uid
		}
	}
	if okPod {
		pod.Namespace, pod.Name = ptr(p.namespace), ptr(p.name)
	}
	// The container's link names its pod too: it must be the same pod, or
	// stand in for a pod folder that could not be read.
	if okCtr && (!okPod || (c.pod == p.name && c.namespace == p.namespace)) {
		pod.Container = ptr(c.name)
		if !okPod {
			pod.Namespace, pod.Name = ptr(c.namespace), ptr(c.pod)
		}
	}
	return pod
}

func ptr(s string) *string { return &s }

// list re-reads both folders; pods that are gone drop out.
func (n *PodNames) list() {
	n.listed = n.now()
	n.pods = map[string]podName{}
	for _, e := range readNames(filepath.Join(n.root, "var", "log", "pods"), maxPodDirs) {
		if ns, name, uid, ok := parsePodLogDir(e); ok {
			n.pods[uid] = podName{ns, name}
		}
	}
	n.containers = map[string]containerName{}
	for _, e := range readNames(filepath.Join(n.root, "var", "log", "containers"), maxContainerLogs) {
		if pod, ns, ctr, id, ok := parseContainerLog(e); ok {
			n.containers[id] = containerName{pod, ns, ctr, ""}
		}
	}
}

// listCRI asks the runtime once (at most cri.Timeout, under the lock: a
// listing happens at most every podNamesTTL); on failure the last answer
// is kept.
func (n *PodNames) listCRI() {
	n.criListed = n.now()
	cs, err := n.criList(context.Background(), n.criSocket)
	if err != nil {
		if msg := err.Error(); msg != n.criErr && n.criWarn != nil {
			n.criErr = msg
			n.criWarn(err)
		}
		return
	}
	n.criErr = ""
	n.criPods = map[string]podName{}
	n.criContainers = map[string]containerName{}
	for _, c := range cs {
		uid := strings.ToLower(c.PodUID)
		if !validName(c.Namespace, maxNamespaceLen) || !validName(c.Pod, maxPodNameLen) || uid == "" || len(uid) > 64 {
			continue // not a container of a kubelet's pod
		}
		n.criPods[uid] = podName{c.Namespace, c.Pod}
		if validName(c.Name, maxContainerLen) {
			n.criContainers[strings.ToLower(c.ID)] = containerName{c.Pod, c.Namespace, c.Name, uid}
		}
	}
}

// readNames lists at most max entry names of dir, opened without blocking
// (a FIFO in its place fails at once); an unreadable folder lists nothing.
func readNames(dir string, max int) []string {
	f, err := procroot.OpenDir(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(max)
	return names
}
