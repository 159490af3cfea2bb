package metrics

import (
	"bytes"
	"sort"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
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

// Gather makes the exporter a prometheus.Gatherer for the tests: it parses
// the text gtm serves with client_golang's own parser, so every test that
// compares gathered families also checks gtm's exposition writer.
func (e *Exporter) Gather() ([]*dto.MetricFamily, error) {
	var b bytes.Buffer
	writeText(&b, e.gather())
	p := expfmt.NewTextParser(model.LegacyValidation)
	byName, err := p.TextToMetricFamilies(&b)
	if err != nil {
		return nil, err
	}
	out := make([]*dto.MetricFamily, 0, len(byName))
	for _, mf := range byName {
		out = append(out, mf)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].GetName() < out[j].GetName() })
	return out, nil
}
