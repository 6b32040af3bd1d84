import type { CitationListFilters, CitationPage, Viewer } from '@portico/shared';
import type { Db } from '../../db/index';
import { VersionedCache } from '../../lib/read-versions';
import { listCitations } from './service';

/** What a list's answer depends on of its reader: who they are and their reach (association, office and its family). */
const readerKey = (v: Viewer) =>
  [v.memberId, v.level, v.aorId, v.officeId, v.officeCode, v.isMainOffice, v.memberType, v.isCrmlsOfficeAdmin, v.isBroker].join('|');

const queryKey = (q: CitationListFilters) => [q.pageId, q.pageSize, q.state ?? '', q.ruleId ?? '', q.loginId ?? ''].join('|');

/**
 * My citations and the staff's list, kept at the database's compliance version (decision 1177): a citation issued,
 * moved by staff or by the suspension job, on any instance, is in the next answer of every instance.
 */
export function citationReads(db: Db) {
  const pages = new VersionedCache<CitationPage>(db, 'compliance', { max: 20_000 });
  return {
    list: (viewer: Viewer, query: CitationListFilters, { own = false } = {}): Promise<CitationPage> =>
      pages.get(`${own}|${readerKey(viewer)}|${queryKey(query)}`, () => listCitations(db, viewer, query, { own })),
  };
}
