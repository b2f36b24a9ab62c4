// The airport's catalogue of qualifications, read by the Qualifications screen
// and by the screens that name one: the employees' badges, the handling rules' tasks, the flights' tasks.
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { z } from 'zod';
import { qualificationSchema, type Qualification } from '../../shared/api/qualifications.ts';

/** The catalogue's answer, checked as it arrives: a screen names its qualifications from it. */
const catalogueSchema = z.object({ qualifications: z.array(qualificationSchema) });

export const QUALIFICATIONS_KEY = ['qualifications'] as const;

export function useQualifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUALIFICATIONS_KEY,
    enabled,
    queryFn: async ({ signal }) => catalogueSchema.parse(await api<unknown>('/qualifications', { signal })).qualifications,
  });
}

/** A qualification's name in the UI language. */
export const qualificationName = (q: Pick<Qualification, 'namePl' | 'nameEn'>, language: string) => (language.startsWith('pl') ? q.namePl : q.nameEn);

/**
 * A code's name in the UI language from the catalogue; the code itself (the airport's own short name,
 * as the planner wrote it) while the catalogue loads or when it no longer holds it.
 */
export function nameOfCode(catalogue: readonly Qualification[] | undefined, code: string, language: string): string {
  const found = catalogue?.find((q) => q.code === code);
  return found ? qualificationName(found, language) : code;
}
