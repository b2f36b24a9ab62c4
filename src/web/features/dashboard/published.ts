// What the grid says of a day that changed since the group's month was published (docs/publishing.md):
// a sentence with the published shift, for the cell's name, its details on hover and focus, the cell
// menu and the phone's list.
import type { TFunction } from 'i18next';
import type { ShiftFace } from '../../../shared/api/publishing.ts';
import type { CellChange } from './model.ts';

/** A published shift as the sentences write it: "06:00–14:00", or overnight "22:00–06:00 (into the next day)". */
function publishedShift(t: TFunction<'dashboard'>, shift: ShiftFace, date: string): string {
  return shift.endDate !== date ? t('sincePublication.overnight', { start: shift.startTime, end: shift.endTime }) : `${shift.startTime}–${shift.endTime}`;
}

/** "Changed since publication. Published: 06:00–14:00.", "Added since publication. …", "Removed since publication. …". */
export function changeSentence(t: TFunction<'dashboard'>, change: CellChange, date: string): string {
  if (change.kind === 'added' || !change.before) return t('sincePublication.added');
  return t(`sincePublication.${change.kind}`, { published: publishedShift(t, change.before, date) });
}
