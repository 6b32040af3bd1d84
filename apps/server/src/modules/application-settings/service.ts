import { notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { findOffice } from '../directory/index';

export type OfficeRow = NonNullable<Awaited<ReturnType<typeof findOffice>>>;

/** The guards' row (routes.ts): the office named by the path (whether the member administers it is the predicate). */
export const officeInPath = rowLoader<OfficeRow, { params: { officeId: number } }>(
  'office (officeId)',
  notFound('The office').message,
  ({ db, params }) => findOffice(db, params.officeId),
);
