// Package kubernetes holds no code: it is where the Kubernetes manifests for
// gtm serve live (daemonset.yaml, service.yaml, podmonitor.yaml,
// networkpolicy.yaml, prometheus-kubernetes.yml), and its tests check they
// carry what the DaemonSet needs and promises (docs/kubernetes.md).
package kubernetes
