package metrics

import (
	"sync"

	"github.com/prometheus/client_golang/prometheus"
)

// Collector returns the exporter as a prometheus.Collector, for a registry
// of one's own: the tests lint the metrics with a pedantic one. It reads
// the snapshot as Gather does. It lives in the tests so that gtm does not
// link client_golang.
func (e *Exporter) Collector() prometheus.Collector { return collector{e} }

type collector struct{ e *Exporter }

// descs are client_golang's descriptions of every metric, made once.
var descs = sync.OnceValue(func() map[*def]*prometheus.Desc {
	m := map[*def]*prometheus.Desc{}
	for _, d := range allDefs {
		m[d] = prometheus.NewDesc(d.name, d.help, d.labels, nil)
	}
	return m
})

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range allDefs {
		ch <- descs()[d]
	}
}

func (c collector) Collect(ch chan<- prometheus.Metric) {
	c.e.mu.Lock()
	defer c.e.mu.Unlock()
	c.e.walk(channel(ch))
}

type channel chan<- prometheus.Metric

func (ch channel) emit(d *def, v float64, labels ...string) {
	t := prometheus.GaugeValue
	if d.counter {
		t = prometheus.CounterValue
	}
	ch <- prometheus.MustNewConstMetric(descs()[d], t, v, labels...)
}
