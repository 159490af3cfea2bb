// Package kubernetes holds no code: it is where the Kubernetes manifests for
// gtm serve live (daemonset.yaml with its Namespace and NetworkPolicy,
// service.yaml, podmonitor.yaml, prometheus-kubernetes.yml), and its tests
// check they carry what the DaemonSet needs and promises, the safe setup
// included (docs/kubernetes.md).
package kubernetes
