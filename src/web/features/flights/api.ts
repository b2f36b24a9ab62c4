// Fetchers, query keys and hooks of the Flight Schedule screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { reloadCoverage } from '../../lib/coverage.ts';
import type { Flight, FlightInput } from '../../../shared/api/flights.ts';
import type { BulkDelete, CopyResult, ImportBody, ImportPreview, ImportProfile, ImportRecordEntry, ImportResult } from '../../../shared/api/flight-import.ts';
import type { SsimBody } from '../../../shared/api/ssim.ts';
import type { AircraftStaffing, AircraftStaffingBody } from '../../../shared/api/aircraft-staffing.ts';
import type { Settings } from '../../../shared/api/settings.ts';
import type { StaffGroup } from '../../../shared/api/staff-groups.ts';
import { SETTINGS_DEFAULTS } from '../../../shared/api/settings.ts';

const flightKeys = {
  all: ['flights'] as const,
  month: (month: string) => ['flights', month] as const,
};
const STAFF_GROUPS_KEY = ['staff-groups'] as const;
const SETTINGS_KEY = ['settings'] as const;

export function useFlights(month: string) {
  return useQuery({
    queryKey: flightKeys.month(month),
    queryFn: ({ signal }) => api<Flight[]>(`/flights?month=${month}`, { signal }),
  });
}

export function useStaffGroups() {
  return useQuery({ queryKey: STAFF_GROUPS_KEY, queryFn: ({ signal }) => api<StaffGroup[]>('/staff-groups', { signal }) });
}

/** The airport's time zone (settings), Europe/Warsaw until they load. */
export function useAirportZone(): string {
  const { data } = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => api<Settings>('/settings', { signal }) });
  return data?.timeZone ?? SETTINGS_DEFAULTS.timeZone;
}

export function useRefreshFlights() {
  const queryClient = useQueryClient();
  // A flight's demand changes the month's coverage too.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: flightKeys.all }), reloadCoverage(queryClient)]);
}

export function useSaveFlight() {
  const refresh = useRefreshFlights();
  return useMutation({
    mutationFn: ({ id, version, data }: { id?: string; version?: number; data: FlightInput }) =>
      id ? api<Flight>(`/flights/${id}`, { method: 'PUT', body: { version, data } }) : api<Flight>('/flights', { method: 'POST', body: data }),
    onSettled: refresh,
  });
}

/** The version the planner saw: a flight changed meanwhile is kept and refused as stale. */
export const deleteFlight = (flight: Flight) => api<null>(`/flights/${flight.id}?version=${flight.version}`, { method: 'DELETE' });

/** Reloads the flights and answers one as the month's list has it now, or null when it is no longer there. */
export function useStoredFlight(month: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshFlights();
  return async (id: string) => {
    await refresh();
    const list = await queryClient.fetchQuery({ queryKey: flightKeys.month(month), queryFn: () => api<Flight[]>(`/flights?month=${month}`) });
    return list.find((f) => f.id === id) ?? null;
  };
}

const IMPORT_PROFILES_KEY = ['flights', 'import-profiles'] as const;

/** The saved column mappings, offered again for a file with the same header. */
export function useImportProfiles() {
  return useQuery({ queryKey: IMPORT_PROFILES_KEY, queryFn: ({ signal }) => api<ImportProfile[]>('/flights/import-profiles', { signal }) });
}

/** The dry run: the rows classified (new, changed, unchanged, invalid), nothing written. */
export function previewImport(body: Omit<ImportBody, 'dryRun'>) {
  return api<ImportPreview>('/flights/import', { method: 'POST', body: { ...body, dryRun: true } });
}

export function useImportFlights() {
  const refresh = useRefreshFlights();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ImportBody, 'dryRun'>) => api<ImportResult>('/flights/import', { method: 'POST', body }),
    onSettled: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: IMPORTS_KEY })]),
  });
}

/** Deletes the flights of a month, a day or a selection; answers how many went. */
export function useBulkDelete() {
  const refresh = useRefreshFlights();
  return useMutation({
    mutationFn: (body: BulkDelete) => api<{ deleted: number }>('/flights/delete', { method: 'POST', body }),
    onSettled: refresh,
  });
}

/** Copies a month's timetable onto another month. */
export function useCopyMonth() {
  const refresh = useRefreshFlights();
  return useMutation({
    mutationFn: (body: { from: string; to: string }) => api<CopyResult>('/flights/copy', { method: 'POST', body }),
    onSettled: refresh,
  });
}

/** The dry run of an SSIM file: its legs from the airport's station, classified; nothing written. */
export function previewSsim(body: Omit<SsimBody, 'dryRun'>) {
  return api<ImportPreview>('/flights/import-ssim', { method: 'POST', body: { ...body, dryRun: true } });
}

export function useImportSsim() {
  const refresh = useRefreshFlights();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SsimBody, 'dryRun'>) => api<ImportResult>('/flights/import-ssim', { method: 'POST', body }),
    onSettled: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: IMPORTS_KEY })]),
  });
}

const IMPORTS_KEY = ['flights', 'imports'] as const;

/** The past imports, newest first. */
export function useImports(enabled = true) {
  return useQuery({ queryKey: IMPORTS_KEY, queryFn: ({ signal }) => api<ImportRecordEntry[]>('/flights/imports', { signal }), enabled });
}

const AIRCRAFT_STAFFING_KEY = ['aircraft-staffing'] as const;

/** The staff-by-aircraft-type table. */
export function useAircraftStaffing() {
  return useQuery({ queryKey: AIRCRAFT_STAFFING_KEY, queryFn: ({ signal }) => api<AircraftStaffing[]>('/aircraft-staffing', { signal }) });
}

export function useSaveAircraftStaffing() {
  const queryClient = useQueryClient();
  const refresh = useRefreshFlights();
  return useMutation({
    mutationFn: (body: AircraftStaffingBody) => api<AircraftStaffing[]>('/aircraft-staffing', { method: 'PUT', body }),
    // The saved table also changed the stored flights whose figures follow it: they are read again.
    onSuccess: async (saved) => {
      queryClient.setQueryData(AIRCRAFT_STAFFING_KEY, saved);
      await refresh();
    },
  });
}

/** The airport's settings (time zone, station code). */
export function useAirportSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => api<Settings>('/settings', { signal }) });
}
