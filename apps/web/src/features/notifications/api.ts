import { CAMPAIGN_TYPES_FETCH_SIZE, type CampaignType, type Envelope, NOTIFICATION_FETCH_SIZE, type Notification } from '@portico/shared';
import { ApiError, apiDelete, apiPatch, apiPost } from '../../core/api';
import { accessToken } from '../../core/auth';

let lastAnswer: { memberId: number; etag: string; results: Notification[] } | null = null;

/**
 * `POST api/app/EmailRequestMessage/q` (memberId, pageSize 9999). Browsers do not revalidate POST answers,
 * so the poll sends the last entity tag itself and reuses the list it holds when the server answers 304.
 */
export async function fetchNotifications(memberId: number, signal?: AbortSignal): Promise<Notification[]> {
  const token = await accessToken();
  const held = lastAnswer?.memberId === memberId ? lastAnswer : null;
  let res: Response;
  try {
    res = await fetch('/api/app/EmailRequestMessage/q', {
      method: 'POST',
      signal,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(held ? { 'if-none-match': held.etag } : {}),
      },
      body: JSON.stringify({ memberId, pageId: 1, pageSize: NOTIFICATION_FETCH_SIZE }),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error', 'NETWORK', 'The portal could not be reached. Check your connection and try again.');
  }
  if (res.status === 304 && held) return held.results;
  const payload = (await res.json().catch(() => null)) as (Envelope<Notification> & { code?: string; errors?: [] }) | null;
  if (!res.ok || !payload?.isSuccessful) {
    throw new ApiError(
      res.status,
      res.statusText,
      (payload?.code ?? 'INTERNAL') as never,
      payload?.message || res.statusText,
      payload?.errors ?? [],
    );
  }
  const etag = res.headers.get('etag');
  lastAnswer = etag ? { memberId, etag, results: payload.results } : null;
  return payload.results;
}

export async function fetchCampaignTypes(signal?: AbortSignal): Promise<CampaignType[]> {
  const body = { pageId: 1, pageSize: CAMPAIGN_TYPES_FETCH_SIZE, orderBy: [{ field: 'name', direction: 'asc' }] };
  return (await apiPost<CampaignType>('/api/app/campaignType/q', body, signal)).results;
}

export const patchNotificationRead = (id: number, isRead: boolean) =>
  apiPatch<Notification>(`/api/app/profileNotification/${id}`, { isRead });
export const patchNotificationsRead = (ids: number[], isRead: boolean) => apiPatch<never>('/api/app/profileNotification', { ids, isRead });
export const deleteNotification = (id: number) => apiDelete<never>(`/api/app/profileNotification/${id}`);
