import { describe, expect, it } from 'vitest';
import { displayValueOf } from '../contracts/cases';
import {
  canSubmitReport,
  groupReportReasons,
  parseReportPageConfig,
  REPORT_MESSAGES,
  type ReportReason,
  truncateRemarks,
} from '../contracts/reports';
import { isSurveyDue, supportTicketFormSchema, ticketTitle } from '../contracts/support';

const reason = (id: number, requiresListing: boolean, category: string | null, listOrder: number | null, visible = true): ReportReason => ({
  id,
  reasonText: `Reason ${id}`,
  requiresListing,
  isVisibleToMembers: visible,
  kind: 'standard',
  reportReasonCategory: category ? { displayText: category, listOrder } : null,
});

describe('report reasons', () => {
  const reasons = [
    reason(1, true, 'Photos', 2),
    reason(2, true, 'Remarks', null),
    reason(3, true, 'Data', 1),
    reason(4, false, 'Conduct', 1),
    reason(5, true, 'Data', 1, false),
    reason(6, true, 'Photos', 2),
  ];
  it('keeps visible reasons of the type, grouped by category in listOrder (default 9999)', () => {
    const groups = groupReportReasons(reasons, 'Listing');
    expect(groups.map((g) => [g.category, g.reasons.map((r) => r.id)])).toEqual([
      ['Data', [3]],
      ['Photos', [1, 6]],
      ['Remarks', [2]],
    ]);
    expect(groups[2]!.listOrder).toBe(9999);
    expect(groupReportReasons(reasons, 'Member').map((g) => g.reasons.map((r) => r.id))).toEqual([[4]]);
  });

  it('enables submit only with reason, description and a found listing or chosen member', () => {
    const base = { type: 'Listing' as const, reasonId: 1, text: 'Bad', listingFound: true, memberId: null };
    expect(canSubmitReport(base)).toBe(true);
    expect(canSubmitReport({ ...base, listingFound: false })).toBe(false);
    expect(canSubmitReport({ ...base, text: '   ' })).toBe(false);
    expect(canSubmitReport({ ...base, reasonId: null })).toBe(false);
    expect(canSubmitReport({ ...base, type: 'Member' })).toBe(false);
    expect(canSubmitReport({ ...base, type: 'Member', memberId: 7 })).toBe(true);
  });

  it('truncates remarks at 100 characters and falls back to built-in config texts', () => {
    expect(truncateRemarks('a'.repeat(120))).toBe(`${'a'.repeat(100)}…`);
    expect(truncateRemarks('short')).toBe('short');
    expect(parseReportPageConfig('not json').disclaimerHtml).toBe(REPORT_MESSAGES.fallbackDisclaimerHtml);
    expect(parseReportPageConfig(JSON.stringify({ disclaimerHtml: '<p>D</p>' }))).toEqual({
      disclaimerHtml: '<p>D</p>',
      confirmationHtml: REPORT_MESSAGES.fallbackConfirmationHtml,
    });
  });
});

describe('support ticket', () => {
  it('validates subject and description with the seed messages', () => {
    const errors = (v: unknown) => supportTicketFormSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(errors({ subject: '', description: '' })).toEqual([
      ['subject', 'Subject Required'],
      ['description', 'Description Required'],
    ]);
    expect(errors({ subject: 'Hi', description: 'abcd' })).toEqual([['description', 'Description must be between 5 and 500 characters']]);
    expect(errors({ subject: 'Hi', description: '<script>x</script>' })).toEqual([['description', 'HTML is not allowed']]);
    expect(errors({ subject: 'Hi', description: 'Price < 5 and > 2' })).toEqual([]);
  });

  it('prefixes association support e-mail titles once, and offers the survey after 10 messages', () => {
    expect(ticketTitle('Lockbox', 'association-support-email')).toBe('Association Support CCD Case: Lockbox');
    expect(ticketTitle('Association Support CCD Case: Lockbox', 'association-support-email')).toBe('Association Support CCD Case: Lockbox');
    expect(ticketTitle('Lockbox', 'webform')).toBe('Lockbox');
    expect(isSurveyDue(9, false)).toBe(false);
    expect(isSurveyDue(10, false)).toBe(true);
    expect(isSurveyDue(12, true)).toBe(false);
  });
});

describe('case form display values', () => {
  it('formats by field type', () => {
    expect(displayValueOf('Currency', 1999.6)).toBe('$2,000');
    expect(displayValueOf('Boolean', false)).toBe('No');
    expect(displayValueOf('Time', '09:05')).toBe('09:05 AM');
    expect(displayValueOf('Time', '00:15')).toBe('12:15 AM');
    expect(displayValueOf('Date', '2024-12-31')).toBe('12/31/2024');
    expect(displayValueOf('Text', null)).toBe('');
  });
});
