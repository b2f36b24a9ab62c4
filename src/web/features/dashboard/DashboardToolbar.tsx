// The dashboard's toolbar, one row: the month, what is shown and how; the grid starts right under it.
import { Button, Group, Select } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { MonthGroup } from '../../../shared/api/schedule.ts';
import { Choice } from '../../ui/choice/Choice.tsx';
import { MonthNavigator } from '../../ui/MonthNavigator.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import type { Density } from './grid/types.ts';
import type { DashboardView } from './useDashboardView.ts';

export function DashboardToolbar({
  month,
  onMove,
  groups,
  view: { groupFilter, setGroupFilter, density, setDensity, phone, showCoverage, setShowCoverage },
  t,
}: {
  month: string;
  onMove: (by: number) => void;
  /** The month's groups, once its data is here. */
  groups: readonly MonthGroup[] | undefined;
  view: DashboardView;
  t: TFunction<'dashboard'>;
}) {
  return (
    <Group justify="space-between" align="center" mb="xs" wrap="wrap" gap="xs">
      <PageTitle>{t('title')}</PageTitle>
      <Group gap="xs" wrap="wrap" align="center">
        {groups && groups.length > 1 && (
          <Select
            aria-label={t('groupFilter')}
            size="xs"
            w={200}
            allowDeselect={false}
            // Its list stays in the page while closed; a ScrollArea there would measure the whole
            // page (a forced layout of the grid) as the month is first drawn. The list scrolls natively.
            withScrollArea={false}
            styles={{ dropdown: { maxHeight: 280, overflowY: 'auto' } }}
            data={[{ value: '', label: t('allGroups') }, ...groups.map((g) => ({ value: g.name, label: g.name }))]}
            value={groupFilter && groups.some((g) => g.name === groupFilter) ? groupFilter : ''}
            onChange={(value) => setGroupFilter(value || null)}
          />
        )}
        {groups && !phone && (
          <Button size="xs" variant="default" onClick={() => setShowCoverage(!showCoverage)}>
            {showCoverage ? t('coverage.hide') : t('coverage.show')}
          </Button>
        )}
        {!phone && (
          <Choice<Density>
            label={t('density.label')}
            value={density}
            onChange={setDensity}
            options={[
              { value: 'compact', label: t('density.compact') },
              { value: 'comfortable', label: t('density.comfortable') },
            ]}
            data-testid="density"
          />
        )}
        <Button
          component={Link}
          to={`/schedule?month=${month}${groupFilter ? `&group=${encodeURIComponent(groupFilter)}` : ''}`}
          variant="default"
          size="xs"
          leftSection={<IconPrinter size={14} />}
        >
          {t('printView')}
        </Button>
        <MonthNavigator month={month} onMove={onMove} />
      </Group>
    </Group>
  );
}
