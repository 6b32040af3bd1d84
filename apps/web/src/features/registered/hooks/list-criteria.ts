import { type Criterion, type QueryRequest, STANDARD_STATUS } from '@portico/shared';

export interface ListState {
  pageId: number;
  pageSize: number;
  text: string;
  status: string | null;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
}

/** Seed 001 'List criteria': never Z; the chosen status; the text over listing id or property address. */
export function criteriaOf(state: Pick<ListState, 'text' | 'status'>): Criterion[] {
  const criteria: Criterion[] = [{ field: 'standardStatus', op: 'NotEqual', values: [STANDARD_STATUS.deleted] }];
  if (state.status) criteria.push({ field: 'registeredStatus', op: 'Equal', values: [state.status] });
  const text = state.text.trim();
  if (text)
    criteria.push({ field: 'listingId', op: 'Contains', values: [text] }, { field: 'propertyAddress', op: 'Contains', values: [text] });
  return criteria;
}

/** The paged-list request: default order registeredStatus ascending, or the chosen column and direction. */
export function searchRequestOf(state: ListState): QueryRequest {
  return {
    pageId: state.pageId,
    pageSize: state.pageSize,
    criteria: criteriaOf(state),
    orderBy: [state.sort ?? { field: 'registeredStatus', direction: 'asc' }],
  };
}
