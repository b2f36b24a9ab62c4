// Undo of a deleted shift (docs/publishing.md): the notification says which shift went and offers
// "Undo" for eight seconds (kept open while it has focus or the pointer); undo puts the same shift
// back, with its times, end date and source, and the month, its changes and coverage are read again.
import { Button, Group, Text } from '@mantine/core';
import type { Schedule } from '../../../../shared/api/schedule.ts';
import i18n from '../../../i18n/index.ts';
import { translateApiError } from '../../../lib/api-errors.ts';
import { actionToast, toast } from '../../../ui/toast.ts';
import { saveSchedule } from '../api.ts';
import { dayMonthYear } from '../../../ui/dates.ts';

/** How long the undo is offered. */
const UNDO_MS = 8_000;

type Offer = { shift: Schedule; name: string; reload: () => Promise<unknown> };

export function offerUndo({ shift, name, reload }: Offer) {
  const t = i18n.getFixedT(null, 'dashboard');
  const language = i18n.resolvedLanguage ?? 'pl';
  const said = { time: `${shift.startTime}–${shift.endTime}`, name, date: dayMonthYear(shift.date, language) };
  const undo = async () => {
    shown.hide();
    try {
      await saveSchedule({
        employeeId: shift.employeeId,
        date: shift.date,
        startTime: shift.startTime,
        endTime: shift.endTime,
        ...(shift.endDate !== shift.date ? { endDate: shift.endDate } : {}),
        ...(shift.source ? { source: shift.source } : {}),
      });
      toast('green', t('undo.done', said));
    } catch (err) {
      toast('red', t('undo.failed', { message: translateApiError(err, t) }));
    }
    await reload();
  };
  const message = (
    // Once focus is inside, the notification stays until closed: a keyboard user who tabbed here is
    // not timed out (the pointer over it pauses it as well).
    <Group gap="sm" wrap="nowrap" justify="space-between" data-testid="undo-delete" onFocus={() => keep()}>
      <Text size="sm">{t('undo.deleted', said)}</Text>
      <Button size="xs" variant="default" style={{ flex: 'none' }} onClick={() => void undo()} aria-label={t('undo.buttonLabel', said)}>
        {t('undo.button')}
      </Button>
    </Group>
  );
  let kept = false;
  const keep = () => {
    if (kept) return;
    kept = true;
    shown.keep();
  };
  const shown = actionToast(message, UNDO_MS);
}
