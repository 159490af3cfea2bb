package kubernetes

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The fields of the manifests the tests read; yaml.v3 ignores the rest.
type (
	meta struct {
		Kind     string `yaml:"kind"`
		Metadata struct {
			Name      string            `yaml:"name"`
			Namespace string            `yaml:"namespace"`
			Labels    map[string]string `yaml:"labels"`
		} `yaml:"metadata"`
	}
	daemonSet struct {
		meta `yaml:",inline"`
		Spec struct {
			Selector struct {
				MatchLabels map[string]string `yaml:"matchLabels"`
			} `yaml:"selector"`
			Template struct {
				Metadata struct {
					Labels map[string]string `yaml:"labels"`
				} `yaml:"metadata"`
				Spec podSpec `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	podSpec struct {
		HostPID          bool              `yaml:"hostPID"`
		HostNetwork      bool              `yaml:"hostNetwork"`
		NodeSelector     map[string]string `yaml:"nodeSelector"`
		Tolerations      []map[string]any  `yaml:"tolerations"`
		RuntimeClassName string            `yaml:"runtimeClassName"`
		Containers       []container       `yaml:"containers"`
		Volumes          []struct {
			Name     string `yaml:"name"`
			HostPath *struct {
				Path string `yaml:"path"`
			} `yaml:"hostPath"`
			Secret *struct {
				SecretName string `yaml:"secretName"`
				Items      []struct {
					Key  string `yaml:"key"`
					Path string `yaml:"path"`
				} `yaml:"items"`
				DefaultMode *int `yaml:"defaultMode"`
			} `yaml:"secret"`
		} `yaml:"volumes"`
	}
	container struct {
		Name  string   `yaml:"name"`
		Image string   `yaml:"image"`
		Args  []string `yaml:"args"`
		Env   []struct {
			Name  string `yaml:"name"`
			Value string `yaml:"value"`
		} `yaml:"env"`
		Ports []struct {
			Name          string `yaml:"name"`
			ContainerPort int    `yaml:"containerPort"`
		} `yaml:"ports"`
		Resources struct {
			Requests map[string]string `yaml:"requests"`
			Limits   map[string]string `yaml:"limits"`
		} `yaml:"resources"`
		LivenessProbe  *probe `yaml:"livenessProbe"`
		ReadinessProbe *probe `yaml:"readinessProbe"`
		Security       struct {
			RunAsUser                *int  `yaml:"runAsUser"`
			Privileged               *bool `yaml:"privileged"`
			AllowPrivilegeEscalation *bool `yaml:"allowPrivilegeEscalation"`
			ReadOnlyRootFilesystem   *bool `yaml:"readOnlyRootFilesystem"`
			Capabilities             struct {
				Drop []string `yaml:"drop"`
				Add  []string `yaml:"add"`
			} `yaml:"capabilities"`
		} `yaml:"securityContext"`
		VolumeMounts []struct {
			Name      string `yaml:"name"`
			MountPath string `yaml:"mountPath"`
			ReadOnly  bool   `yaml:"readOnly"`
		} `yaml:"volumeMounts"`
	}
	probe struct {
		HTTPGet *struct {
			Path string `yaml:"path"`
			Port any    `yaml:"port"` // a number or a port name
		} `yaml:"httpGet"`
	}
	service struct {
		meta `yaml:",inline"`
		Spec struct {
			ClusterIP string            `yaml:"clusterIP"`
			Selector  map[string]string `yaml:"selector"`
			Ports     []struct {
				Name       string `yaml:"name"`
				Port       int    `yaml:"port"`
				TargetPort any    `yaml:"targetPort"`
			} `yaml:"ports"`
		} `yaml:"spec"`
	}
	podMonitor struct {
		meta       `yaml:",inline"`
		APIVersion string `yaml:"apiVersion"`
		Spec       struct {
			Selector struct {
				MatchLabels map[string]string `yaml:"matchLabels"`
			} `yaml:"selector"`
			NamespaceSelector struct {
				MatchNames []string `yaml:"matchNames"`
			} `yaml:"namespaceSelector"`
			Endpoints []struct {
				Port          string          `yaml:"port"`
				Path          string          `yaml:"path"`
				HonorLabels   bool            `yaml:"honorLabels"`
				Relabelings   []relabelConfig `yaml:"relabelings"`
				Authorization *struct {
					Type        string `yaml:"type"`
					Credentials struct {
						Name string `yaml:"name"`
						Key  string `yaml:"key"`
					} `yaml:"credentials"`
				} `yaml:"authorization"`
			} `yaml:"podMetricsEndpoints"`
		} `yaml:"spec"`
	}
	relabelConfig struct {
		SourceLabels     []string `yaml:"sourceLabels"`
		PromSourceLabels []string `yaml:"source_labels"`
		TargetLabel      string   `yaml:"targetLabel"`
		PromTargetLabel  string   `yaml:"target_label"`
		Regex            string   `yaml:"regex"`
		Action           string   `yaml:"action"`
	}
	networkPolicy struct {
		meta `yaml:",inline"`
		Spec struct {
			PodSelector struct {
				MatchLabels map[string]string `yaml:"matchLabels"`
			} `yaml:"podSelector"`
			PolicyTypes []string `yaml:"policyTypes"`
			Ingress     []struct {
				From  []map[string]any `yaml:"from"`
				Ports []struct {
					Port any `yaml:"port"`
				} `yaml:"ports"`
			} `yaml:"ingress"`
		} `yaml:"spec"`
	}
	scrapeConfig struct {
		ScrapeConfigs []struct {
			JobName      string `yaml:"job_name"`
			KubernetesSD []struct {
				Role       string `yaml:"role"`
				Namespaces struct {
					Names []string `yaml:"names"`
				} `yaml:"namespaces"`
				Selectors []struct {
					Role  string `yaml:"role"`
					Label string `yaml:"label"`
				} `yaml:"selectors"`
			} `yaml:"kubernetes_sd_configs"`
			RelabelConfigs []relabelConfig `yaml:"relabel_configs"`
			Authorization  *struct {
				Type            string `yaml:"type"`
				Credentials     string `yaml:"credentials"`
				CredentialsFile string `yaml:"credentials_file"`
			} `yaml:"authorization"`
		} `yaml:"scrape_configs"`
	}
)

// metricsPort is the port gtm serve is documented and scraped on.
const metricsPort = 9835

// docs reads every YAML document of a manifest file, re-encoded, keyed by
// its kind.
func docs(t *testing.T, file string) map[string][]byte {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	for {
		var node yaml.Node
		err := dec.Decode(&node)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		var m meta
		if err := node.Decode(&m); err != nil || m.Kind == "" {
			t.Fatalf("%s: a document without kind (%v)", file, err)
		}
		raw, err := yaml.Marshal(&node)
		if err != nil {
			t.Fatal(err)
		}
		if _, dup := out[m.Kind]; dup {
			t.Fatalf("%s: two %s documents", file, m.Kind)
		}
		out[m.Kind] = raw
	}
	return out
}

// decode decodes one document of docs into v.
func decode(t *testing.T, raw []byte, v any) {
	t.Helper()
	if err := yaml.Unmarshal(raw, v); err != nil {
		t.Fatal(err)
	}
}

func loadDaemonSet(t *testing.T) (daemonSet, container) {
	t.Helper()
	all := docs(t, "daemonset.yaml")
	raw, ok := all["DaemonSet"]
	if !ok {
		t.Fatal("daemonset.yaml has no DaemonSet")
	}
	var ds daemonSet
	decode(t, raw, &ds)
	if len(ds.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("want one container, got %d", len(ds.Spec.Template.Spec.Containers))
	}
	return ds, ds.Spec.Template.Spec.Containers[0]
}

// flagValue is the value of --name in args (as --name=V or --name V); ok
// is false when the flag is absent.
func flagValue(args []string, name string) (string, bool) {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v, true
		}
		if a == "--"+name && i+1 < len(args) {
			return args[i+1], true
		}
	}
	return "", false
}

// hostMounts maps each hostPath volume's host path to where the container
// mounts it, failing on a mount that is not read-only.
func hostMounts(t *testing.T, ds daemonSet, c container) map[string]string {
	t.Helper()
	hostPathOf := map[string]string{}
	for _, v := range ds.Spec.Template.Spec.Volumes {
		if v.HostPath != nil {
			hostPathOf[v.Name] = path.Clean(v.HostPath.Path)
		}
	}
	out := map[string]string{}
	for _, m := range c.VolumeMounts {
		hp, ok := hostPathOf[m.Name]
		if !ok {
			continue
		}
		if !m.ReadOnly {
			t.Errorf("host path %s is mounted at %s writable; every host mount must be readOnly", hp, m.MountPath)
		}
		out[hp] = path.Clean(m.MountPath)
	}
	if len(out) != len(hostPathOf) {
		t.Errorf("host path volumes %v, mounted %v: each must be mounted once", hostPathOf, out)
	}
	return out
}

func TestDaemonSetSeesTheNode(t *testing.T) {
	ds, c := loadDaemonSet(t)
	pod := ds.Spec.Template.Spec
	if !pod.HostPID {
		t.Error("hostPID must be true: NVML names host PIDs")
	}
	if pod.HostNetwork {
		t.Error("hostNetwork is not needed (Prometheus scrapes the pod IP) and would serve on every node address")
	}
	if len(c.Args) == 0 || c.Args[0] != "serve" {
		t.Fatalf("args %q: want gtm serve", c.Args)
	}
	mounts := hostMounts(t, ds, c)
	for _, hp := range []string{"/proc", "/var/log/pods", "/var/log/containers"} {
		if _, ok := mounts[hp]; !ok {
			t.Errorf("no read-only hostPath mount of %s", hp)
		}
	}
	if got, ok := flagValue(c.Args, "proc-root"); !ok || path.Clean(got) != mounts["/proc"] {
		t.Errorf("--proc-root %q (set: %v), want the mount of the host's /proc, %q", got, ok, mounts["/proc"])
	}
	// --host-root is the node's root: /var/log/pods and /var/log/containers
	// below it must be the mounts of those host folders.
	root, ok := flagValue(c.Args, "host-root")
	if !ok {
		t.Error("no --host-root: pods cannot be named")
	}
	for _, hp := range []string{"/var/log/pods", "/var/log/containers"} {
		if want := path.Join(root, hp); mounts[hp] != want {
			t.Errorf("--host-root %q expects %s at %s, mounted at %q", root, hp, want, mounts[hp])
		}
	}
	listen, ok := flagValue(c.Args, "listen")
	if !ok || !strings.HasSuffix(listen, ":"+strconv.Itoa(metricsPort)) || strings.HasPrefix(listen, "127.") || strings.HasPrefix(listen, "localhost:") {
		t.Errorf("--listen %q: want port %d on the pod's addresses (the default loopback is unreachable from Prometheus)", listen, metricsPort)
	}
	if len(pod.NodeSelector) == 0 || len(pod.Tolerations) == 0 {
		t.Error("want a nodeSelector and tolerations for GPU nodes")
	}
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if env["NVIDIA_VISIBLE_DEVICES"] != "all" || env["NVIDIA_DRIVER_CAPABILITIES"] != "utility" {
		t.Errorf("env %v: want NVIDIA_VISIBLE_DEVICES=all and NVIDIA_DRIVER_CAPABILITIES=utility (NVML only)", env)
	}
	if c.Image == "" {
		t.Error("no image")
	}
}

func TestDaemonSetPrivileges(t *testing.T) {
	b, err := os.ReadFile("daemonset.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if regexp.MustCompile(`(?m)^\s*privileged:\s*true`).Match(b) {
		t.Error("daemonset.yaml says privileged: true")
	}
	_, c := loadDaemonSet(t)
	s := c.Security
	if s.Privileged == nil || *s.Privileged {
		t.Error("want privileged: false, said")
	}
	if s.AllowPrivilegeEscalation == nil || *s.AllowPrivilegeEscalation {
		t.Error("want allowPrivilegeEscalation: false")
	}
	if s.ReadOnlyRootFilesystem == nil || !*s.ReadOnlyRootFilesystem {
		t.Error("want readOnlyRootFilesystem: true (gtm serve writes nothing)")
	}
	if len(s.Capabilities.Drop) != 1 || s.Capabilities.Drop[0] != "ALL" {
		t.Errorf("capabilities drop %v, want [ALL]", s.Capabilities.Drop)
	}
	// What reading another user's /proc/PID/{maps,fd,environ} takes, and
	// nothing else (no SYS_ADMIN: --trace-opens is not on in the agent).
	allowed := map[string]bool{"SYS_PTRACE": true, "DAC_READ_SEARCH": true}
	for _, cp := range s.Capabilities.Add {
		if !allowed[strings.TrimPrefix(strings.ToUpper(cp), "CAP_")] {
			t.Errorf("capability %s is added; only SYS_PTRACE and DAC_READ_SEARCH are needed", cp)
		}
	}
	if len(s.Capabilities.Add) > 0 && (s.RunAsUser == nil || *s.RunAsUser != 0) {
		t.Error("added capabilities reach the process only as UID 0: set runAsUser: 0")
	}
	for k := range c.Resources.Requests {
		if strings.Contains(k, "nvidia.com/") {
			t.Errorf("requests %s: the agent must not claim a GPU from the workloads", k)
		}
	}
}

func TestDaemonSetResources(t *testing.T) {
	_, c := loadDaemonSet(t)
	for _, res := range []string{"cpu", "memory"} {
		req, lim := c.Resources.Requests[res], c.Resources.Limits[res]
		if req == "" || lim == "" {
			t.Errorf("%s: request %q, limit %q: want both", res, req, lim)
			continue
		}
		r, l := quantity(t, req), quantity(t, lim)
		if r <= 0 || r > l {
			t.Errorf("%s: request %s must be positive and at most the limit %s", res, req, lim)
		}
	}
}

// quantity reads the Kubernetes quantities the manifest uses (m, Ki, Mi,
// Gi, plain numbers) as a float, enough to compare a request with a limit.
func quantity(t *testing.T, q string) float64 {
	t.Helper()
	mult := map[string]float64{"m": 1e-3, "Ki": 1 << 10, "Mi": 1 << 20, "Gi": 1 << 30, "": 1}
	m := regexp.MustCompile(`^([0-9.]+)(m|Ki|Mi|Gi|)$`).FindStringSubmatch(q)
	if m == nil {
		t.Fatalf("quantity %q: not understood by this test", q)
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return v * mult[m[2]]
}

// portNumber resolves a probe's or Service's port (number or name) against
// the container's ports.
func portNumber(c container, p any) int {
	switch p := p.(type) {
	case int:
		return p
	case string:
		for _, cp := range c.Ports {
			if cp.Name == p {
				return cp.ContainerPort
			}
		}
	}
	return -1
}

// TestDaemonSetProbes: the kubelet's probes carry no token, so they ask
// the paths gtm serve leaves open with --token-file: /livez (the server
// answers) and /healthz (snapshots keep coming).
func TestDaemonSetProbes(t *testing.T) {
	_, c := loadDaemonSet(t)
	if len(c.Ports) != 1 || c.Ports[0].ContainerPort != metricsPort || c.Ports[0].Name != "metrics" {
		t.Fatalf("ports %+v: want one, metrics: %d", c.Ports, metricsPort)
	}
	if c.LivenessProbe == nil || c.LivenessProbe.HTTPGet == nil {
		t.Fatal("no HTTP liveness probe")
	}
	// Not /healthz: a stalled collection makes the pod unready, not
	// restarted.
	if c.LivenessProbe.HTTPGet.Path != "/livez" || portNumber(c, c.LivenessProbe.HTTPGet.Port) != metricsPort {
		t.Errorf("liveness probe %+v: want /livez on %d", *c.LivenessProbe.HTTPGet, metricsPort)
	}
	if c.ReadinessProbe == nil || c.ReadinessProbe.HTTPGet == nil {
		t.Fatal("no HTTP readiness probe")
	}
	// /healthz: ready once the first snapshot is taken, unready while they
	// stop coming.
	if c.ReadinessProbe.HTTPGet.Path != "/healthz" || portNumber(c, c.ReadinessProbe.HTTPGet.Port) != metricsPort {
		t.Errorf("readiness probe %+v: want /healthz on %d", *c.ReadinessProbe.HTTPGet, metricsPort)
	}
}

// TestDaemonSetSafeByDefault: what `kubectl apply -f daemonset.yaml`
// installs admits only Prometheus's namespace (the NetworkPolicy is in that
// file, not an optional one), answers only the bearer token of a Secret
// that root alone reads in the pod, serves no /snapshot.json, and both
// scrape configurations send that token.
func TestDaemonSetSafeByDefault(t *testing.T) {
	ds, c := loadDaemonSet(t)
	if _, ok := docs(t, "daemonset.yaml")["NetworkPolicy"]; !ok {
		t.Error("daemonset.yaml has no NetworkPolicy: the agents would answer every pod")
	}
	if _, ok := flagValue(c.Args, "full-snapshot"); ok || !slices.Contains(c.Args, "--no-snapshot") {
		t.Errorf("args %q: want --no-snapshot and no --full-snapshot", c.Args)
	}

	// --token-file is a file of a Secret volume mounted read-only.
	tokenFile, ok := flagValue(c.Args, "token-file")
	if !ok {
		t.Fatalf("args %q: no --token-file: anyone who reaches the pod reads its metrics", c.Args)
	}
	var mountedAt, volume string
	for _, m := range c.VolumeMounts {
		if path.Clean(m.MountPath) == path.Dir(tokenFile) {
			mountedAt, volume = m.MountPath, m.Name
			if !m.ReadOnly {
				t.Errorf("the token's volume is mounted writable at %s", m.MountPath)
			}
		}
	}
	secret, key := "", ""
	for _, v := range ds.Spec.Template.Spec.Volumes {
		if v.Name != volume || v.Secret == nil {
			continue
		}
		secret, key = v.Secret.SecretName, path.Base(tokenFile)
		if len(v.Secret.Items) > 0 {
			key = ""
			for _, it := range v.Secret.Items {
				if it.Path == path.Base(tokenFile) {
					key = it.Key
				}
			}
		}
		if v.Secret.DefaultMode == nil || *v.Secret.DefaultMode&0o077 != 0 {
			t.Errorf("Secret volume %s: defaultMode %v, want the owner (root, gtm) alone to read it, e.g. 0400", v.Name, v.Secret.DefaultMode)
		}
	}
	if mountedAt == "" || secret == "" || key == "" {
		t.Fatalf("--token-file %s is not a key of a Secret volume mounted at %s (mount %q, Secret %q, key %q)", tokenFile, path.Dir(tokenFile), mountedAt, secret, key)
	}

	// The PodMonitor sends that Secret's key; the operator reads it from
	// the PodMonitor's namespace, which is the agents'.
	var pm podMonitor
	decode(t, docs(t, "podmonitor.yaml")["PodMonitor"], &pm)
	for _, ep := range pm.Spec.Endpoints {
		a := ep.Authorization
		if a == nil || (a.Type != "" && a.Type != "Bearer") || a.Credentials.Name != secret || a.Credentials.Key != key || pm.Metadata.Namespace != ds.Metadata.Namespace {
			t.Errorf("PodMonitor %s/%s authorization %+v: want Bearer from Secret %s key %s in %s", pm.Metadata.Namespace, pm.Metadata.Name, a, secret, key, ds.Metadata.Namespace)
		}
	}
	// The plain scrape job sends a token from a file (never written in
	// the configuration).
	b, err := os.ReadFile("prometheus-kubernetes.yml")
	if err != nil {
		t.Fatal(err)
	}
	var cfg scrapeConfig
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	for _, job := range cfg.ScrapeConfigs {
		a := job.Authorization
		if a == nil || (a.Type != "" && a.Type != "Bearer") || a.CredentialsFile == "" || a.Credentials != "" {
			t.Errorf("scrape job %s authorization %+v: want a Bearer credentials_file", job.JobName, a)
		}
	}
}

// selects reports whether every selector label is on the pod.
func selects(selector, podLabels map[string]string) bool {
	if len(selector) == 0 {
		return false
	}
	for k, v := range selector {
		if podLabels[k] != v {
			return false
		}
	}
	return true
}

func TestServiceAndPodMonitorSelectTheAgents(t *testing.T) {
	ds, c := loadDaemonSet(t)
	podLabels := ds.Spec.Template.Metadata.Labels
	if !selects(ds.Spec.Selector.MatchLabels, podLabels) {
		t.Fatalf("DaemonSet selector %v does not select its own pods %v", ds.Spec.Selector.MatchLabels, podLabels)
	}
	ns := ds.Metadata.Namespace

	var svc service
	decode(t, docs(t, "service.yaml")["Service"], &svc)
	if svc.Metadata.Namespace != ns || !selects(svc.Spec.Selector, podLabels) {
		t.Errorf("Service %s/%s selects %v; the agents are %s pods labelled %v", svc.Metadata.Namespace, svc.Metadata.Name, svc.Spec.Selector, ns, podLabels)
	}
	if svc.Spec.ClusterIP != "None" {
		t.Errorf("Service clusterIP %q: want None (headless: each agent describes its own node)", svc.Spec.ClusterIP)
	}
	if len(svc.Spec.Ports) != 1 || svc.Spec.Ports[0].Port != metricsPort || portNumber(c, svc.Spec.Ports[0].TargetPort) != metricsPort {
		t.Errorf("Service ports %+v: want %d to the container's %d", svc.Spec.Ports, metricsPort, metricsPort)
	}

	var pm podMonitor
	decode(t, docs(t, "podmonitor.yaml")["PodMonitor"], &pm)
	if !strings.HasPrefix(pm.APIVersion, "monitoring.coreos.com/") {
		t.Errorf("PodMonitor apiVersion %q", pm.APIVersion)
	}
	if !selects(pm.Spec.Selector.MatchLabels, podLabels) {
		t.Errorf("PodMonitor selects %v; the agents are labelled %v", pm.Spec.Selector.MatchLabels, podLabels)
	}
	if len(pm.Spec.NamespaceSelector.MatchNames) != 1 || pm.Spec.NamespaceSelector.MatchNames[0] != ns {
		t.Errorf("PodMonitor namespaces %v, the agents run in %s", pm.Spec.NamespaceSelector.MatchNames, ns)
	}
	if len(pm.Spec.Endpoints) != 1 {
		t.Fatalf("PodMonitor endpoints: %d, want 1", len(pm.Spec.Endpoints))
	}
	ep := pm.Spec.Endpoints[0]
	if portNumber(c, ep.Port) != metricsPort || ep.Path != "/metrics" {
		t.Errorf("PodMonitor scrapes port %q path %q, want the container's metrics port and /metrics", ep.Port, ep.Path)
	}
	node, dropped := false, false
	for _, r := range ep.Relabelings {
		if r.TargetLabel == "node" && len(r.SourceLabels) == 1 && r.SourceLabels[0] == "__meta_kubernetes_pod_node_name" {
			node = true
		}
		if r.Action == "labeldrop" && regexp.MustCompile("^(?:"+r.Regex+")$").MatchString("namespace") &&
			regexp.MustCompile("^(?:"+r.Regex+")$").MatchString("pod") && regexp.MustCompile("^(?:"+r.Regex+")$").MatchString("container") {
			dropped = true
		}
	}
	if !node {
		t.Error("PodMonitor: no relabelling of __meta_kubernetes_pod_node_name to node")
	}
	// Otherwise the operator's own namespace/pod/container (the agent's)
	// would rename gtm's workload labels to exported_* and file host
	// processes under the gtm pod.
	if !dropped && !ep.HonorLabels {
		t.Error("PodMonitor: the agent's namespace/pod/container target labels must be dropped")
	}
}

func TestNetworkPolicyAdmitsOnlyTheScraper(t *testing.T) {
	ds, c := loadDaemonSet(t)
	var np networkPolicy
	decode(t, docs(t, "daemonset.yaml")["NetworkPolicy"], &np)
	if np.Metadata.Namespace != ds.Metadata.Namespace || !selects(np.Spec.PodSelector.MatchLabels, ds.Spec.Template.Metadata.Labels) {
		t.Errorf("NetworkPolicy %s selects %v; the agents are %s pods labelled %v", np.Metadata.Namespace, np.Spec.PodSelector.MatchLabels,
			ds.Metadata.Namespace, ds.Spec.Template.Metadata.Labels)
	}
	if len(np.Spec.PolicyTypes) != 1 || np.Spec.PolicyTypes[0] != "Ingress" || len(np.Spec.Ingress) != 1 {
		t.Fatalf("want one Ingress rule: %+v", np.Spec)
	}
	in := np.Spec.Ingress[0]
	if len(in.From) == 0 {
		t.Error("an ingress rule without from admits everyone")
	}
	if len(in.Ports) != 1 || portNumber(c, in.Ports[0].Port) != metricsPort {
		t.Errorf("ingress ports %+v, want %d only", in.Ports, metricsPort)
	}
}

func TestScrapeConfig(t *testing.T) {
	ds, c := loadDaemonSet(t)
	b, err := os.ReadFile("prometheus-kubernetes.yml")
	if err != nil {
		t.Fatal(err)
	}
	var cfg scrapeConfig
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	if len(cfg.ScrapeConfigs) != 1 || len(cfg.ScrapeConfigs[0].KubernetesSD) != 1 {
		t.Fatalf("want one job with one kubernetes_sd_configs entry: %+v", cfg)
	}
	job := cfg.ScrapeConfigs[0]
	sd := job.KubernetesSD[0]
	if sd.Role != "pod" || len(sd.Namespaces.Names) != 1 || sd.Namespaces.Names[0] != ds.Metadata.Namespace {
		t.Errorf("kubernetes_sd_configs %+v: want role pod in namespace %s", sd, ds.Metadata.Namespace)
	}
	// The keep rule must match the agents' pods: their label and port name.
	keep, node := false, false
	for _, r := range job.RelabelConfigs {
		switch {
		case r.Action == "keep" && len(r.PromSourceLabels) == 2 &&
			r.PromSourceLabels[0] == "__meta_kubernetes_pod_label_app_kubernetes_io_name" &&
			r.PromSourceLabels[1] == "__meta_kubernetes_pod_container_port_name":
			value := ds.Spec.Template.Metadata.Labels["app.kubernetes.io/name"] + ";" + c.Ports[0].Name
			keep = regexp.MustCompile("^(?:" + r.Regex + ")$").MatchString(value)
			if !keep {
				t.Errorf("keep rule %q does not match the agents' %q", r.Regex, value)
			}
		case r.PromTargetLabel == "node":
			node = len(r.PromSourceLabels) == 1 && r.PromSourceLabels[0] == "__meta_kubernetes_pod_node_name"
		case r.PromTargetLabel == "namespace" || r.PromTargetLabel == "pod" || r.PromTargetLabel == "container":
			t.Errorf("target label %s would clash with gtm's workload label of that name", r.PromTargetLabel)
		}
	}
	if !keep || !node {
		t.Errorf("relabel_configs: keep on the agents' pods %v, node from __meta_kubernetes_pod_node_name %v", keep, node)
	}

	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool not installed (scripts/install-deps.sh --prometheus): the configuration was not checked by Prometheus")
	}
	out, err := exec.Command(promtool, "check", "config", "--syntax-only", "prometheus-kubernetes.yml").CombinedOutput()
	if err != nil && strings.Contains(string(out), "field kubernetes_sd_configs not found") {
		// Debian's prometheus package is built without Kubernetes
		// discovery; upstream's promtool checks this file.
		t.Skipf("%s was built without Kubernetes service discovery: the configuration was not checked by Prometheus", promtool)
	}
	if err != nil {
		t.Errorf("promtool check config: %v\n%s", err, out)
	}
}

// TestAlertRules: the alert rules on gtm's trends pass promtool's checks
// and its unit tests (they fire on a leak and a device filling, not on a
// warm-up), and the PrometheusRule holds exactly the same groups.
func TestAlertRules(t *testing.T) {
	var plain, operator struct {
		Groups any `yaml:"groups"`
		Spec   struct {
			Groups any `yaml:"groups"`
		} `yaml:"spec"`
	}
	for f, v := range map[string]any{"../prometheus/gtm-rules.yml": &plain, "prometheusrule.yaml": &operator} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := yaml.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	if plain.Groups == nil || !reflect.DeepEqual(plain.Groups, operator.Spec.Groups) {
		t.Errorf("prometheusrule.yaml's spec.groups differ from ../prometheus/gtm-rules.yml's groups")
	}
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool not installed (scripts/install-deps.sh --prometheus): the rules were not checked by Prometheus")
	}
	for _, args := range [][]string{{"check", "rules", "gtm-rules.yml"}, {"test", "rules", "gtm-rules.test.yml"}} {
		cmd := exec.Command(promtool, args...)
		cmd.Dir = "../prometheus"
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("promtool %v: %v\n%s", args, err, out)
		}
	}
}
