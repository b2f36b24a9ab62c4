// The data of a group-month's publication (docs/publishing.md): its status, the changes since it
// was published, publishing and resetting. The status and changes are kept under the month's query
// key, so that whatever reloads the dashboard's month (a saved or deleted shift, a generation) reads
// them again too.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { publishChangesSchema, publishStatusSchema, resetAnswerSchema, type PublishChanges, type PublishStatus } from '../../../shared/api/publishing.ts';

const query = (role: string, month: string) => `role=${encodeURIComponent(role)}&month=${month}`;

/** Under the dashboard's month key (['month', month]): reloading the month reloads these. */
export const publishingKey = (month: string, role: string) => ['month', month, 'publishing', role] as const;

export const fetchStatus = async (role: string, month: string, signal?: AbortSignal): Promise<PublishStatus> =>
  publishStatusSchema.parse(await api<unknown>(`/publishing?${query(role, month)}`, { ...(signal ? { signal } : {}) }));

export const fetchChanges = async (role: string, month: string, signal?: AbortSignal): Promise<PublishChanges> =>
  publishChangesSchema.parse(await api<unknown>(`/publishing/changes?${query(role, month)}`, { ...(signal ? { signal } : {}) }));

export const publish = async (role: string, month: string, version: number | undefined): Promise<PublishStatus> =>
  publishStatusSchema.parse(await api<unknown>('/publishing', { method: 'POST', body: { role, month, ...(version ? { version } : {}) } }));

export const resetToPublished = async (role: string, month: string, version: number, lastEditId: number) =>
  resetAnswerSchema.parse(await api<unknown>('/publishing/reset', { method: 'POST', body: { role, month, version, lastEditId } }));

export function usePublishStatus(role: string, month: string) {
  return useQuery({
    queryKey: publishingKey(month, role),
    queryFn: ({ signal }) => fetchStatus(role, month, signal),
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
}

export function usePublishChanges(role: string, month: string, enabled: boolean) {
  return useQuery({
    queryKey: [...publishingKey(month, role), 'changes'],
    queryFn: ({ signal }) => fetchChanges(role, month, signal),
    enabled,
    staleTime: 0,
  });
}
