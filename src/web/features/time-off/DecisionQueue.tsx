// What the planners' two queues on the Time Off screen share (employees' time-off requests,
// RequestQueue.tsx, and shift swaps, SwapQueue.tsx): the button with the number waiting that opens the
// queue in a drawer, the Approve / Refuse controls with the reason a refusal needs, and the card of a
// decided item with its status. Each queue's namespace has the same keys for these texts.
import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "12 czerwca, 14:05": when something was asked or decided. */
export const momentInWords = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** The queue's button, with a badge counting what waits, and the drawer it opens; `children` renders only while open. */
export function QueueDrawerButton({ ns, waiting, countTestId, children }: { ns: string; waiting: number; countTestId: string; children: ReactNode }) {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="light"
        onClick={() => setOpen(true)}
        aria-label={waiting > 0 ? t('openWithCount', { count: waiting }) : t('open')}
        rightSection={
          waiting > 0 ? (
            <Badge color="red" variant="filled" size="sm" circle={waiting < 10} data-testid={countTestId}>
              {waiting}
            </Badge>
          ) : undefined
        }
      >
        {t('open')}
      </Button>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        position="right"
        size={640}
        title={
          <Title order={2} size="h3">
            {t('title')}
          </Title>
        }
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {open && children}
      </Drawer>
    </>
  );
}

/**
 * Approve, or Refuse and then the reason the employees will read: an empty reason is refused here, and
 * the server's own refusal of it arrives as `reasonRefused`.
 */
export function DecisionButtons(props: {
  ns: string;
  approveLabel: string;
  refuseLabel: string;
  maxLength: number;
  pending: boolean;
  approveDisabled?: boolean;
  reasonRefused: boolean;
  onReasonEdited: () => void;
  onApprove: () => void;
  onRefuse: (reason: string) => void;
}) {
  const { t } = useTranslation(props.ns);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [empty, setEmpty] = useState(false);
  const refuse = () => {
    if (reason.trim() === '') {
      setEmpty(true);
      return;
    }
    props.onRefuse(reason.trim());
  };
  if (!refusing)
    return (
      <Group gap="xs">
        <Button aria-label={props.approveLabel} loading={props.pending} disabled={props.approveDisabled} onClick={props.onApprove}>
          {t('approve')}
        </Button>
        <Button variant="light" color="red" aria-label={props.refuseLabel} onClick={() => setRefusing(true)} disabled={props.pending}>
          {t('refuse')}
        </Button>
      </Group>
    );
  return (
    <Stack gap="xs">
      <Textarea
        label={t('refusalReason')}
        required
        rows={3}
        maxLength={props.maxLength}
        value={reason}
        error={empty || props.reasonRefused ? t('refusalRequired') : null}
        data-autofocus
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setEmpty(false);
          props.onReasonEdited();
        }}
      />
      <Group gap="xs">
        <Button color="red" onClick={refuse} loading={props.pending}>
          {t('refuseConfirm')}
        </Button>
        <Button variant="default" onClick={() => setRefusing(false)} disabled={props.pending}>
          {t('cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A decided (or otherwise settled) item of a queue: its lines, and its status as a badge. */
export function SettledCard({
  testId,
  status,
  color,
  statusText,
  children,
}: {
  testId: string;
  status: string;
  color: string;
  statusText: string;
  children: ReactNode;
}) {
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid={testId} data-status={status}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>{children}</div>
        <Badge color={color} variant="light" c="dark.8" style={{ flexShrink: 0 }}>
          {statusText}
        </Badge>
      </Group>
    </Paper>
  );
}
