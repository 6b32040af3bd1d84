import {
  type AudienceIndexEntry,
  type CreatedReport,
  type ParsedQuery,
  REPORT_MESSAGES,
  REPORT_WORK_ITEM_DEFINITION_ID,
  type reportCreateSchema,
  type Viewer,
} from '@portico/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/index';
import { badRequest, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { runQuery } from '../../lib/query-engine';
import { insertWorkItem } from '../cases/index';
import { type AudienceNarrowing, membersInReach, queryAudience, searchAudience } from '../directory/index';
import { publishCase } from '../live/index';
import { presentReportableMember } from './presenter';
import {
  findListing,
  findPageConfig,
  findReason,
  findReportedMember,
  insertReport,
  type ListingRow,
  type ReasonRow,
  reasonSpec,
} from './repository';

/** The guards' row (routes.ts): a page config by its id (any member reads the report page's texts). */
export const pageConfig = rowLoader<{ id: string; config: unknown }, { params: { id: string } }>(
  'page config',
  notFound('The page config').message,
  ({ db, params }) => findPageConfig(db, params.id),
);

/** Staff (association and MLS) see every reason; members only those visible to members (seed 002 §5). */
const isStaff = (viewer: Viewer) => viewer.level >= 4;

export function queryReasons(q: Queryable, viewer: Viewer, query: ParsedQuery) {
  return runQuery<ReasonRow>(q, reasonSpec, query, isStaff(viewer) ? undefined : { where: 'r.is_visible_to_members', params: [] });
}

/** The listing service's listing: one MLS listing by its MLS id, with its photos, or null when none matches. */
export function readListing(q: Queryable, listingId: string): Promise<ListingRow | null> {
  return findListing(q, listingId);
}

/**
 * The report's member search and lookup reach every member of the MLS: any member may be reported, whoever reports
 * (decision 0700). The directory's own search keeps its reach by level; here it is asked as MLS-wide, over names and
 * login ids only, and each member's e-mail and phones are left out unless the directory would show them to this
 * viewer (decision 0930).
 */
const mlsWide = (viewer: Viewer): Viewer => ({ ...viewer, level: 5 });

async function withContactsInReach(q: Queryable, viewer: Viewer, entries: AudienceIndexEntry[]) {
  const inReach = await membersInReach(
    q,
    viewer,
    entries.map((e) => e.contactId),
  );
  return entries.map((e) => presentReportableMember(e, inReach.has(e.contactId)));
}

export async function searchReportableMembers(q: Queryable, viewer: Viewer, search: string, narrowing: AudienceNarrowing) {
  return withContactsInReach(q, viewer, await searchAudience(q, mlsWide(viewer), search, narrowing, { matchEmail: false }));
}

export async function lookupReportableMember(q: Queryable, viewer: Viewer, loginId: string) {
  const page = await queryAudience(q, mlsWide(viewer), {
    pageId: 1,
    pageSize: 1,
    criteria: [{ field: 'loginId', op: 'Equal', values: [loginId] }],
    orderBy: [],
  });
  return withContactsInReach(q, viewer, page.rows);
}

const invalid = (field: string, message: string) => badRequest(message, [{ field, message }]);

/**
 * `POST Reports/CreateReport`: the report and its case, in one transaction. The case's contact is the reporter; the
 * association of the listing or of the reported member handles it (its staff see it in Member Insights).
 */
export async function createReport(db: Db, viewer: Viewer, body: z.output<typeof reportCreateSchema>): Promise<CreatedReport> {
  return db.tx(async (q) => {
    const reason = await findReason(q, body.reportReasonId);
    if (!reason || (!reason.is_visible_to_members && !isStaff(viewer))) throw invalid('reportReasonId', REPORT_MESSAGES.reasonNotFound);
    let subject: { aorId: number | null; listingId: string | null; memberId: number | null; label: string };
    if (reason.requires_listing) {
      if (!body.listingId) throw invalid('listingId', REPORT_MESSAGES.listingRequired);
      const listing = await findListing(q, body.listingId);
      if (!listing) throw invalid('listingId', REPORT_MESSAGES.listingNotFound);
      subject = { aorId: listing.aor_id, listingId: listing.mls_listing_id, memberId: null, label: `listing ${listing.mls_listing_id}` };
    } else {
      if (!body.memberId) throw invalid('memberId', REPORT_MESSAGES.memberRequired);
      const member = await findReportedMember(q, body.memberId);
      if (!member) throw invalid('memberId', REPORT_MESSAGES.memberNotFound);
      subject = { aorId: member.aor_id, listingId: null, memberId: member.id, label: `member ${member.login_id}` };
    }
    const item = await insertWorkItem(q, {
      definitionId: REPORT_WORK_ITEM_DEFINITION_ID,
      title: `${reason.reason_text}: ${subject.label}`,
      contactMemberId: viewer.memberId,
      aorId: subject.aorId,
      fields: {
        ReportType: reason.requires_listing ? 'Listing' : 'Member',
        Reason: reason.reason_text,
        ListingId: subject.listingId,
        ReportedMember: subject.memberId ? subject.label.replace('member ', '') : null,
        Body: body.text,
        ContactName: viewer.loginId,
      },
      createdByMemberId: viewer.memberId,
      createdBy: viewer.loginId,
    });
    await publishCase(q, item.id);
    const id = await insertReport(q, {
      reasonId: reason.id,
      listingId: subject.listingId,
      memberId: subject.memberId,
      text: body.text,
      reportingParty: viewer.loginId,
      reporterId: viewer.memberId,
      workItemId: item.id,
    });
    return { id, workItemId: item.id, itemShortCode: item.item_short_code };
  });
}
