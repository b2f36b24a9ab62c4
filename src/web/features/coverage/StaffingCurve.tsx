// "Ilu osób potrzeba? / How many people are needed?" (docs/staffing-curve.md): on the Coverage screen,
// a group-month's best possible coverage with fewer and with more people. The server computes it off
// the request thread when the planner asks; the card follows its progress, then draws the curve (a small
// SVG: a line of points, today's headcount and today's roster marked) and says it in sentences.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { StaffingCurveStatus } from '../../../shared/api/staffing-curve.ts';
import { api } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { percentNumber } from '../../ui/coverage/level.ts';
import { nameOfCode, useQualifications } from '../../lib/qualifications.ts';

type Ready = Extract<StaffingCurveStatus, { status: 'ready' }>;

const keyOf = (role: string, month: string) => ['coverage', 'staffing', role, month] as const;

export function StaffingCurveCard({ role, month, rosterPercent }: { role: string; month: string; rosterPercent: number }) {
  const { t } = useTranslation('coverage');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: keyOf(role, month),
    queryFn: ({ signal }) => api<StaffingCurveStatus>(`/coverage/staffing-curve?month=${month}&role=${encodeURIComponent(role)}`, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 700 : false),
  });
  const start = useMutation({
    mutationFn: () => api<StaffingCurveStatus>('/coverage/staffing-curve', { method: 'POST', body: { month, role } }),
    onSuccess: (status) => queryClient.setQueryData(keyOf(role, month), status),
  });
  const status = query.data;
  const pending = status?.status === 'pending' || start.isPending;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('staffing.title')} data-testid="staffing-curve">
      <Stack gap="xs">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {t('staffing.title')}
          </Title>
          <Button size="xs" variant="light" loading={pending} onClick={() => start.mutate()}>
            {status?.status === 'ready' || status?.status === 'unavailable' ? t('staffing.recompute') : t('staffing.compute')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('staffing.intro')}
        </Text>
        {start.isError && (
          <Text size="sm" c="red">
            {translateApiError(start.error, t)}
          </Text>
        )}
        {status?.status === 'pending' && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">{status.planned > 0 ? t('staffing.progress', { done: status.done, planned: status.planned }) : t('staffing.starting')}</Text>
            <Progress value={status.planned > 0 ? (100 * status.done) / status.planned : 5} size="sm" aria-hidden />
          </Stack>
        )}
        {status?.status === 'unavailable' && <Text size="sm">{status.reason === 'noDemand' ? t('staffing.noDemand') : t('staffing.failed')}</Text>}
        {status?.status === 'ready' && <CurveResult curve={status} rosterPercent={rosterPercent} />}
      </Stack>
    </Paper>
  );
}

function CurveResult({ curve, rosterPercent }: { curve: Ready; rosterPercent: number }) {
  const { t, i18n } = useTranslation('coverage');
  const language = i18n.resolvedLanguage ?? 'pl';
  const catalogue = useQualifications().data;
  const percent = (value: number) => t('percent', { value: percentNumber(value, language) });
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const today = curve.points.find((p) => p.headcount === curve.headcount);
  const sentence = [
    today
      ? today.coveragePercent >= 100
        ? t('staffing.full', { count: curve.headcount })
        : t('staffing.best', { count: curve.headcount, percent: percent(today.coveragePercent) })
      : null,
    curve.reach100
      ? today && today.coveragePercent >= 100
        ? t('staffing.enough', { count: curve.reach100.headcount })
        : t('staffing.reach', { count: curve.reach100.headcount, level: percent(100) })
      : t('staffing.notReached', { count: Math.max(...curve.points.map((p) => p.headcount)) }),
  ]
    .filter(Boolean)
    .join('; ');
  const typical = curve.typical;
  const assumption = t('staffing.assumption', {
    hours: typical.requiredHours !== null ? t('staffing.hours', { hours: number.format(typical.requiredHours) }) : t('staffing.noHours'),
    limit: typical.maxHours !== null ? t('staffing.limit', { hours: number.format(typical.maxHours) }) : t('staffing.noLimit'),
    qualifications:
      typical.qualifications.length > 0
        ? t('staffing.qualifications', { list: typical.qualifications.map((c) => nameOfCode(catalogue, c, language)).join(', ') })
        : t('staffing.noQualifications'),
  });
  return (
    <Stack gap="xs">
      <Text fw={600} data-testid="staffing-sentence">
        {sentence}.
      </Text>
      <Text size="sm" data-testid="staffing-roster">
        {t('staffing.roster', { percent: percent(rosterPercent), count: curve.headcount })}
      </Text>
      <Text size="sm">
        {t('staffing.fte', {
          fte99: curve.reach99 ? number.format(curve.reach99.fte) : t('staffing.fteNone'),
          fte100: curve.reach100 ? number.format(curve.reach100.fte) : t('staffing.fteNone'),
          today: number.format(curve.fte),
        })}
      </Text>
      <CurveChart curve={curve} rosterPercent={rosterPercent} />
      <Text size="xs" c="dimmed">
        {assumption}
      </Text>
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing={2} striped aria-label={t('staffing.table')} data-testid="staffing-points">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('staffing.people')}</Table.Th>
              <Table.Th>{t('staffing.ftes')}</Table.Th>
              <Table.Th>{t('staffing.bestColumn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {curve.points.map((p) => (
              <Table.Tr key={p.headcount} fw={p.headcount === curve.headcount ? 700 : undefined}>
                <Table.Td>
                  {p.headcount}
                  {p.headcount === curve.headcount && ` (${t('staffing.today')})`}
                </Table.Td>
                <Table.Td>{number.format(p.fte)}</Table.Td>
                <Table.Td>{percent(p.coveragePercent)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

const H = 220;
const PAD = { left: 44, right: 12, top: 24, bottom: 34 };

/** The curve as an SVG scaled to the card's width: headcount along x, best possible % up y. */
function CurveChart({ curve, rosterPercent }: { curve: Ready; rosterPercent: number }) {
  const { t, i18n } = useTranslation('coverage');
  const language = i18n.resolvedLanguage ?? 'pl';
  const { ref, width } = useElementSize();
  const W = Math.max(280, Math.min(720, Math.round(width) || 320));
  const points = curve.points;
  if (points.length === 0) return null;
  const minX = Math.min(...points.map((p) => p.headcount), curve.headcount);
  const maxX = Math.max(...points.map((p) => p.headcount), curve.headcount);
  const lowest = Math.min(rosterPercent, ...points.map((p) => p.coveragePercent));
  const minY = Math.max(0, Math.floor(lowest / 10) * 10 - (lowest % 10 < 2 ? 10 : 0));
  const x = (h: number) => PAD.left + ((h - minX) / Math.max(1, maxX - minX)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((100 - v) / Math.max(1, 100 - minY)) * (H - PAD.top - PAD.bottom);
  const ticksY = [minY, (minY + 100) / 2, 100];
  const stepX = Math.max(1, Math.ceil((maxX - minX) / (W < 480 ? 5 : 8)));
  const ticksX: number[] = [];
  for (let h = minX; h <= maxX; h += stepX) ticksX.push(h);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.headcount).toFixed(1)},${y(p.coveragePercent).toFixed(1)}`).join(' ');
  const fmt = (v: number) => `${percentNumber(v, language)} %`;
  return (
    <div ref={ref} style={{ width: '100%' }}>
    <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={t('staffing.chart')} data-testid="staffing-chart" style={{ display: 'block' }}>
      {ticksY.map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="var(--mantine-color-gray-3)" />
          <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="12" fill="var(--mantine-color-dimmed)">
            {fmt(v)}
          </text>
        </g>
      ))}
      {ticksX.map((h) => (
        <text key={h} x={x(h)} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="12" fill="var(--mantine-color-dimmed)">
          {h}
        </text>
      ))}
      <text x={(PAD.left + W - PAD.right) / 2} y={H - 4} textAnchor="middle" fontSize="12" fill="var(--mantine-color-dimmed)">
        {t('staffing.axisPeople')}
      </text>
      <g data-testid="staffing-today-mark">
        <line x1={x(curve.headcount)} x2={x(curve.headcount)} y1={PAD.top} y2={H - PAD.bottom} stroke="var(--mantine-color-orange-6)" strokeDasharray="4 3" />
        <text
          x={x(curve.headcount) + (x(curve.headcount) > W / 2 ? -4 : 4)}
          y={PAD.top + 26}
          textAnchor={x(curve.headcount) > W / 2 ? 'end' : 'start'}
          fontSize="12"
          fill="var(--mantine-color-orange-8)"
        >
          {t('staffing.today')}
        </text>
      </g>
      <path d={path} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth="2" />
      {points.map((p) => (
        <circle key={p.headcount} cx={x(p.headcount)} cy={y(p.coveragePercent)} r="3.5" fill="var(--mantine-color-blue-6)">
          <title>{`${p.headcount}: ${fmt(p.coveragePercent)}`}</title>
        </circle>
      ))}
      <g data-testid="staffing-roster-mark">
        <rect x={x(curve.headcount) - 5} y={y(rosterPercent) - 5} width="10" height="10" transform={`rotate(45 ${x(curve.headcount)} ${y(rosterPercent)})`} fill="var(--mantine-color-orange-6)" />
        <text
          x={x(curve.headcount) + (x(curve.headcount) > W / 2 ? -8 : 8)}
          y={y(rosterPercent) - 10}
          textAnchor={x(curve.headcount) > W / 2 ? 'end' : 'start'}
          fontSize="12"
          fill="var(--mantine-color-orange-8)"
        >
          {`${t('staffing.rosterMark')} ${fmt(rosterPercent)}`}
        </text>
      </g>
    </svg>
    </div>
  );
}
