import { describe, expect, it } from 'vitest';
import { canSeeApplicationUsage, isUsageSpanAllowed, periodCount, periodStartOf, periodStarts, usageRange } from './application-usage';

describe('usage periods', () => {
  it('cuts weeks on Monday and months on the first', () => {
    expect(periodStartOf('2026-03-01', 'week')).toBe('2026-02-23'); // a Sunday
    expect(periodStartOf('2026-03-02', 'week')).toBe('2026-03-02');
    expect(periodStartOf('2026-03-31', 'month')).toBe('2026-03-01');
    expect(periodStartOf('2026-03-31', 'day')).toBe('2026-03-31');
  });

  it('lists every period of a span, across a year end', () => {
    expect(periodStarts('2025-11-15', '2026-02-01', 'month')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
    expect(periodStarts('2026-03-01', '2026-03-03', 'day')).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(periodCount('2026-03-05', '2026-03-01', 'day')).toBe(0);
  });

  it('defaults to 30 days, 12 weeks or 12 months ending today', () => {
    expect(usageRange('day', '2026-11-26')).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(periodStarts(usageRange('week', '2026-11-26').from, '2026-11-26', 'week')).toHaveLength(12);
    expect(usageRange('month', '2026-11-26')).toEqual({ from: '2025-12-01', to: '2026-11-26' });
    expect(usageRange('day', '2026-11-26', '2026-01-01', '2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });

  it('bounds a span: a year of days, not more', () => {
    expect(isUsageSpanAllowed('2025-01-01', '2025-12-31', 'day')).toBe(true);
    expect(isUsageSpanAllowed('2024-01-01', '2025-12-31', 'day')).toBe(false);
    expect(isUsageSpanAllowed('2024-01-01', '2025-12-31', 'month')).toBe(true);
  });

  it('shows the figures to association and MLS staff only', () => {
    expect([1, 2, 3, 4, 5].map((level) => canSeeApplicationUsage({ level }))).toEqual([false, false, false, true, true]);
  });
});
