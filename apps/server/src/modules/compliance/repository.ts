import type { Queryable } from '../../db/index';

/** The MLS's one policy row (migration 1045), with the name of who last changed it. */
export interface PolicyRow {
  accepts_office_exclusive: boolean;
  accepts_delayed_marketing: boolean;
  delayed_marketing_days: number;
  disclosure_deadline_days: number;
  marketing_grace_days: number;
  citation_suspend_days: number;
  holiday_state: string | null;
  updated_on: Date | null;
  updated_by_name: string | null;
}

export interface CalendarDayRow {
  day: string;
  kind: 'closed' | 'open';
  name: string;
  added_on: Date;
  added_by_name: string | null;
}

export interface PolicyWrite {
  acceptsOfficeExclusive: boolean;
  acceptsDelayedMarketing: boolean;
  delayedMarketingDays: number;
  disclosureDeadlineDays: number;
  marketingGraceDays: number;
  /** Absent keeps the current setting (a client that predates the field). */
  citationSuspendDays: number | undefined;
  holidayState: string | null;
}

export async function readPolicy(q: Queryable): Promise<PolicyRow> {
  const [row] = await q.query<PolicyRow>(
    `SELECT p.accepts_office_exclusive, p.accepts_delayed_marketing, p.delayed_marketing_days, p.disclosure_deadline_days,
            p.marketing_grace_days, p.citation_suspend_days, p.holiday_state, p.updated_on, m.display_name AS updated_by_name
       FROM compliance_policy p LEFT JOIN members m ON m.id = p.updated_by
      WHERE p.id = 1`,
  );
  if (!row) throw new Error('compliance_policy has no row: migration 1045 was not applied');
  return row;
}

export async function writePolicy(q: Queryable, policy: PolicyWrite, memberId: number): Promise<void> {
  await q.query(
    `UPDATE compliance_policy
        SET accepts_office_exclusive = $1, accepts_delayed_marketing = $2, delayed_marketing_days = $3,
            disclosure_deadline_days = $4, marketing_grace_days = $5, holiday_state = $6, updated_on = now(), updated_by = $7,
            citation_suspend_days = COALESCE($8::integer, citation_suspend_days)
      WHERE id = 1`,
    [
      policy.acceptsOfficeExclusive,
      policy.acceptsDelayedMarketing,
      policy.delayedMarketingDays,
      policy.disclosureDeadlineDays,
      policy.marketingGraceDays,
      policy.holidayState,
      memberId,
      policy.citationSuspendDays ?? null,
    ],
  );
}

export async function listCalendarDays(q: Queryable): Promise<CalendarDayRow[]> {
  return q.query<CalendarDayRow>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.kind, d.name, d.added_on, m.display_name AS added_by_name
       FROM compliance_calendar_days d LEFT JOIN members m ON m.id = d.added_by
      ORDER BY d.day`,
  );
}

export async function findCalendarDay(q: Queryable, date: string): Promise<CalendarDayRow | null> {
  const [row] = await q.query<CalendarDayRow>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.kind, d.name, d.added_on, m.display_name AS added_by_name
       FROM compliance_calendar_days d LEFT JOIN members m ON m.id = d.added_by
      WHERE d.day = $1::date`,
    [date],
  );
  return row ?? null;
}

/** Inserts a day; false when the day is already on the calendar (another writer may have won the race). */
export async function insertCalendarDay(
  q: Queryable,
  day: { date: string; kind: 'closed' | 'open'; name: string },
  memberId: number,
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO compliance_calendar_days (day, kind, name, added_by) VALUES ($1::date, $2, $3, $4)
     ON CONFLICT (day) DO NOTHING RETURNING day`,
    [day.date, day.kind, day.name, memberId],
  );
  return rows.length === 1;
}

export async function deleteCalendarDay(q: Queryable, date: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM compliance_calendar_days WHERE day = $1::date RETURNING day', [date]);
  return rows.length === 1;
}
