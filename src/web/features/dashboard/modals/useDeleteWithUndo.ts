// A badge's delete from the grid, and the undo of a deleted shift. The delete names the version the
// grid showed. Changed by a colleague since: kept, and the grid now shows their version; already
// deleted by one: said so. The month is reloaded either way.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { Schedule } from '../../../../shared/api/schedule.ts';
import { ApiError } from '../../../lib/api.ts';
import { translateApiError } from '../../../lib/api-errors.ts';
import { useVersionedSave } from '../../../lib/versioned-save.ts';
import { deleteEvent, deleteSchedule, deleteTimeOff, useFreshMonth, useReloadMonth } from '../api.ts';
import { employeeMonth, indexMonth } from '../model.ts';
import { offerUndo } from './UndoDelete.tsx';

/** A badge being deleted, at the version the grid showed. */
export type DoomedRecord = { what: 'schedule' | 'event' | 'timeOff'; employeeId: string; date: string; id: string; version: number; shift?: Schedule };

export function useDeleteWithUndo(month: string, nameOf: (id: string) => string | undefined, t: TFunction<'dashboard'>) {
  const reload = useReloadMonth(month);
  const freshMonth = useFreshMonth(month);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { mutate: removeRecord } = useVersionedSave({
    write: (doomed: DoomedRecord) =>
      doomed.what === 'schedule'
        ? deleteSchedule(doomed.employeeId, doomed.date, doomed.version)
        : doomed.what === 'event'
          ? deleteEvent(doomed.employeeId, doomed.date, doomed.version)
          : deleteTimeOff(doomed.id, doomed.version),
    onSaved: (_, doomed) => {
      // A deleted shift can be put back as it was for a few seconds.
      if (doomed.shift) offerUndo({ shift: doomed.shift, name: nameOf(doomed.employeeId) ?? '', reload });
      return reload();
    },
    reload: (doomed) =>
      freshMonth().then((fresh) => {
        if (!fresh) return undefined;
        const em = employeeMonth(indexMonth(fresh), doomed.employeeId);
        const stored =
          doomed.what === 'schedule'
            ? em.shifts.get(doomed.date)
            : doomed.what === 'event'
              ? em.events.get(doomed.date)
              : em.timeOff.find((o) => o.id === doomed.id);
        return stored ?? null;
      }),
    onStale: (_, { what }) => setDeleteError(t(`deleteFailed.${what}`, { message: t(`deleteStale.${what}`) })),
    onFailed: (err, { what }) => {
      const gone = err instanceof ApiError && err.status === 404 && err.code === 'NOT_FOUND';
      setDeleteError(t(`deleteFailed.${what}`, { message: gone ? t(`deleteGone.${what}`) : translateApiError(err, t) }));
      void reload();
    },
  });
  return { removeRecord, deleteError, setDeleteError };
}
