import { withQuery } from '../fetcher';
import { useApi } from '../useApi';

/** One entry of Common/GetHistory, newest first. */
export interface HistoryEntry {
  id: number;
  entityType: string;
  entityId: string;
  action: 'create' | 'update' | 'delete' | string;
  userId: number | null;
  userName: string;
  /** ISO timestamp. */
  at: string;
  before: unknown;
  after: unknown;
  /** Field names whose value differs between before and after. */
  changed: string[];
}

export const HISTORY_URL = '/api/Common/GetHistory';

export function historyKey(entityType: string, entityId: number | string): string {
  return withQuery(HISTORY_URL, { entityID: `${entityType}:${entityId}` });
}

export function useHistory(entityType: string, entityId: number | string | null | undefined) {
  return useApi<HistoryEntry[]>(entityId === null || entityId === undefined ? null : historyKey(entityType, entityId));
}
