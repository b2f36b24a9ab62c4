// The data of a group-month's publication (docs/publishing.md): its status, the changes since it
// was published, publishing and resetting. The status and changes are kept under the month's query
// key, so that whatever reloads the dashboard's month (a saved or deleted shift, a generation) reads
// them again too.
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { publishChangesSchema, publishStatusSchema, resetAnswerSchema, type PublishChanges, type PublishStatus } from '../../../shared/api/publishing.ts';

const query = (role: string, month: string) => `role=${encodeURIComponent(role)}&month=${month}`;

/** Under the dashboard's month key (['month', month]): reloading the month reloads these. */
export const publishingKey = (month: string, role: string) => ['month', month, 'publishing', role] as const;

/** The API path of a group-month's publication status. */
export const statusPath = (role: string, month: string) => `/publishing?${query(role, month)}`;

const fetchStatus = async (role: string, month: string, signal?: AbortSignal): Promise<PublishStatus> =>
  publishStatusSchema.parse(await api<unknown>(statusPath(role, month), { ...(signal ? { signal } : {}) }));

const fetchChanges = async (role: string, month: string, signal?: AbortSignal): Promise<PublishChanges> =>
  publishChangesSchema.parse(await api<unknown>(`/publishing/changes?${query(role, month)}`, { ...(signal ? { signal } : {}) }));

export const publish = async (role: string, month: string, version: number | undefined): Promise<PublishStatus> =>
  publishStatusSchema.parse(await api<unknown>('/publishing', { method: 'POST', body: { role, month, ...(version ? { version } : {}) } }));

export const resetToPublished = async (role: string, month: string, version: number, lastEditId: number) =>
  resetAnswerSchema.parse(await api<unknown>('/publishing/reset', { method: 'POST', body: { role, month, version, lastEditId } }));

/** `fetch: false`: only what another reader of the same status (the publish control) has asked for. */
export function usePublishStatus(role: string, month: string, { fetch = true }: { fetch?: boolean } = {}) {
  return useQuery({
    queryKey: publishingKey(month, role),
    queryFn: ({ signal }) => fetchStatus(role, month, signal),
    enabled: fetch,
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
}

const changesKey = (month: string, role: string) => [...publishingKey(month, role), 'changes'] as const;

export function usePublishChanges(role: string, month: string, enabled: boolean) {
  return useQuery({
    queryKey: changesKey(month, role),
    queryFn: ({ signal }) => fetchChanges(role, month, signal),
    enabled,
    staleTime: 0,
  });
}

const NO_CHANGES: PublishChanges['list'] = [];

/**
 * The changes since publication of several groups' month, for the grid's marks: one list (empty for
 * drafts). Shares its cache with the drawer's list, and is read again whenever the month is.
 */
export function useMonthChanges(roles: readonly string[], month: string, enabled: boolean) {
  return useQueries({
    queries: roles.map((role) => ({
      queryKey: changesKey(month, role),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchChanges(role, month, signal),
      enabled,
      staleTime: 5_000,
      refetchInterval: 30_000,
    })),
    combine: allChanges,
  });
}

/** One list of the groups' changes (module-level, so the queries' library reruns it only when an answer changes). */
function allChanges(results: Array<{ data?: PublishChanges | undefined }>): PublishChanges['list'] {
  const lists = results.flatMap((r) => (r.data && r.data.publication ? [r.data.list] : []));
  return lists.length === 0 ? NO_CHANGES : lists.length === 1 ? lists[0]! : lists.flat();
}
