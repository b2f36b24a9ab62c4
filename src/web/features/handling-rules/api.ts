// Fetchers and hooks of the Handling rules screen: the rules and the aircraft-name table, read together
// and saved each whole.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { reloadCoverage } from '../../lib/coverage.ts';
import type { HandlingRule, HandlingRulesBody, TypeName } from '../../../shared/api/handling-rules.ts';
import type { StaffGroup } from '../../../shared/api/staff-groups.ts';

interface RulesAnswer {
  rules: HandlingRule[];
  typeNames: TypeName[];
}

const RULES_KEY = ['handling-rules'] as const;
/** The flights' answer carries each group's work, which the rules and the names decide. */
const FLIGHTS_KEY = ['flights'] as const;

export function useHandlingRules() {
  return useQuery({ queryKey: RULES_KEY, queryFn: ({ signal }) => api<RulesAnswer>('/handling-rules', { signal }) });
}

export function useStaffGroups() {
  return useQuery({ queryKey: ['staff-groups'], queryFn: ({ signal }) => api<StaffGroup[]>('/staff-groups', { signal }) });
}

function useRefreshWork() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: FLIGHTS_KEY }), reloadCoverage(queryClient)]);
}

/** Saves every rule; `seen` is the list the planner began from (a colleague's save since: 409 STALE). */
export const saveHandlingRules = (body: HandlingRulesBody) => api<{ rules: HandlingRule[] }>('/handling-rules', { method: 'PUT', body });

/** After a save: the rules as saved, and the flights whose work follows them read again. */
export function useRulesSaved() {
  const queryClient = useQueryClient();
  const refresh = useRefreshWork();
  return async (rules: HandlingRule[]) => {
    queryClient.setQueryData<RulesAnswer>(RULES_KEY, (old) => ({ typeNames: old?.typeNames ?? [], rules }));
    await refresh();
  };
}

/** The rules as stored now (after a refusal as stale), or undefined when they cannot be read. */
export function useStoredRules() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: RULES_KEY });
    return (await queryClient.fetchQuery({ queryKey: RULES_KEY, queryFn: () => api<RulesAnswer>('/handling-rules') })).rules;
  };
}

/** Saves the whole aircraft-name table. */
export function useSaveTypeNames() {
  const queryClient = useQueryClient();
  const refresh = useRefreshWork();
  return useMutation({
    mutationFn: (rows: TypeName[]) => api<{ typeNames: TypeName[] }>('/aircraft-type-names', { method: 'PUT', body: { rows } }),
    onSuccess: async ({ typeNames }) => {
      queryClient.setQueryData<RulesAnswer>(RULES_KEY, (old) => ({ rules: old?.rules ?? [], typeNames }));
      await refresh();
    },
  });
}
