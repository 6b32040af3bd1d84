import { ADMIN_MESSAGE_LIMITS, type AdminCriterion, type QueryRequest } from '@portico/shared';

export interface MessageListState {
  pageId: number;
  search: string;
  sort: { field: string; direction: 'asc' | 'desc' };
}

/** The grid's query: the admin's messages criteria, and a Contains on message or title when searching. */
export function messageQuery(scope: AdminCriterion[], { pageId, search, sort }: MessageListState): QueryRequest {
  const text = search.trim();
  return {
    pageId,
    pageSize: ADMIN_MESSAGE_LIMITS.gridPageSize,
    criteria: [
      ...scope,
      ...(text
        ? [
            { field: 'message', op: 'Contains' as const, values: [text] },
            { field: 'title', op: 'Contains' as const, values: [text] },
          ]
        : []),
    ],
    orderBy: [{ field: sort.field, direction: sort.direction === 'asc' ? 'Asc' : 'Desc' }],
  };
}
