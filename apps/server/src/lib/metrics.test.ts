import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { answerDurations, registry } from './metrics';

/** The exposition lines of one metric family, with the given labels, from a whole scrape. */
const linesOf = (text: string, family: string, labels: string) =>
  text.split('\n').filter((l) => l.startsWith(family) && l.includes(labels));

describe('the answers histogram (issue 33, decision 1195)', () => {
  // Below, on and between the bounds, over the last one, and 0.
  const seconds = [0, 0.004, 0.005, 0.0051, 0.02, 0.2, 0.3, 1, 4.9, 5, 7.5, 120];
  const labels = { method: 'GET', route: '/metrics-test/answers', status: '200' };

  it("scrapes as prom-client's own histogram of the same bounds and answers", async () => {
    const reference = new Registry();
    const histogram = new Histogram({
      name: 'portico_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5],
      registers: [reference],
    });
    const series = answerDurations.of(labels);
    for (const s of seconds) {
      histogram.observe(labels, s);
      series.observe(s);
    }
    const expected = await reference.metrics();
    const ours = await registry.metrics();
    const selector = 'route="/metrics-test/answers"';
    const family = 'portico_http_request_duration_seconds';
    expect(linesOf(ours, family, selector)).toEqual(linesOf(expected, family, selector));
    // 10 bounds, +Inf, the sum and the count; every answer at +Inf.
    expect(linesOf(ours, family, selector)).toHaveLength(13);
    expect(ours).toContain(`${family}_bucket{le="+Inf",method="GET",${selector},status="200"} ${seconds.length}`);
    expect(ours).toContain(`# TYPE ${family} histogram`);
  });

  it('gives the same labels one series, and counts the answers as requests', async () => {
    const other = { method: 'POST', route: '/metrics-test/once', status: '201' };
    answerDurations.of(other).observe(0.01);
    answerDurations.of({ ...other }).observe(0.02);
    const text = await registry.metrics();
    expect(linesOf(text, 'portico_http_request_duration_seconds_count', 'route="/metrics-test/once"')).toEqual([
      'portico_http_request_duration_seconds_count{method="POST",route="/metrics-test/once",status="201"} 2',
    ]);
    expect(linesOf(text, 'portico_http_requests_total', 'route="/metrics-test/once"')).toEqual([
      'portico_http_requests_total{method="POST",route="/metrics-test/once",status="201"} 2',
    ]);
  });
});
