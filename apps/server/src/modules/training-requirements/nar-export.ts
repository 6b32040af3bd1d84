import {
  courseMatcher,
  TRAINING_IMPORT_MESSAGES as M,
  NAR_EXPORT_HEADERS,
  narMemberCode,
  normalCourseNumber,
  type Viewer,
} from '@portico/shared';
import type { Queryable } from '../../db/index';
import { badRequest } from '../../lib/errors';
import { completionsForExport } from './import-repository';
import type { RequirementRow } from './repository';
import { csvCell } from './service';
import { joinedOn } from './status';

/**
 * The NAR export of a cycle requirement (Code of Ethics; issue 31 section 2, decision 1150): one line per completion that
 * counts toward it, from the cycle's first day on (late ones too, as the status counts them), of the members in the
 * staff member's scope (an association's staff: their members; MLS staff: all), with the NRDS ID, the course number,
 * the cycle, the day, the hours and the member code (N joined during the cycle, E before it).
 */
export async function narExportCsv(q: Queryable, viewer: Viewer, requirement: RequirementRow, zone: string): Promise<string> {
  if (requirement.period_kind !== 'cycle' || !requirement.cycle_start || !requirement.cycle_end)
    throw badRequest(M.notACycle, [{ field: 'id', message: M.notACycle }]);
  const start = requirement.cycle_start;
  const cycle = `${start.slice(0, 4)}-${requirement.cycle_end.slice(0, 4)}`;
  // The requirement's topics and course numbers read once for every row (completionCounts would read them per row).
  const counts = courseMatcher({ topicIds: requirement.topic_ids, courseNumbers: requirement.course_numbers });
  const rows = await completionsForExport(q, start, viewer.level === 5 ? null : (viewer.aorId ?? -1));
  const lines = [NAR_EXPORT_HEADERS.join(',')];
  for (const r of rows) {
    if (!counts(r.topic_ids, normalCourseNumber(r.course_number))) continue;
    lines.push(
      [
        r.nrds_id ?? '',
        r.display_name,
        r.course_number ?? r.course_name,
        cycle,
        r.completed_on,
        Number(r.hours),
        narMemberCode(joinedOn(r, zone), start),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
