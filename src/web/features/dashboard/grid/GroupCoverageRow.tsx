// Under each day column of a group's grid, that day's coverage (docs/coverage.md), with a link to the
// group's coverage; its room is kept while the strip loads.
import { Anchor, Loader, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { MonthCoverage } from '../../../../shared/api/coverage.ts';
import type { MonthGroup } from '../../../../shared/api/schedule.ts';
import { coverageDayPath } from '../../../lib/coverage.ts';
import { DayStrip } from '../../../ui/coverage/DayStrip.tsx';
import { percentNumber } from '../../../ui/coverage/level.ts';
import gridClasses from '../Grid.module.css';

export function GroupCoverageRow({
  group,
  first,
  coverage,
  coveragePending,
  month,
  nameWidth,
  dayWidth,
  holidays,
  t,
  language,
}: {
  group: MonthGroup;
  /** The first group shown: its row carries the one spinner while the strip loads. */
  first: boolean;
  coverage: MonthCoverage | undefined;
  coveragePending: boolean;
  month: string;
  nameWidth: number;
  dayWidth: number;
  holidays: ReadonlyMap<string, string>;
  t: TFunction<'dashboard'>;
  language: string;
}) {
  const groupCoverage = coverage?.groups.find((g) => g.role === group.name);
  if (!groupCoverage)
    // Its room is kept while the strip loads, so that the grid does not move under the
    // planner's pointer when it arrives (only groups with operating hours have one).
    return coveragePending && group.takesAirportHours ? (
      <div className={gridClasses.coverageRow} data-testid="dashboard-coverage-loading">
        <div className={gridClasses.coverageLabel} style={{ width: nameWidth, minWidth: nameWidth }}>
          {first && <Loader size="xs" aria-label={t('common:loading')} />}
        </div>
      </div>
    ) : null;
  return (
    // Under each day column, that day's coverage.
    <div className={gridClasses.coverageRow} data-testid="dashboard-coverage">
      <div className={gridClasses.coverageLabel} style={{ width: nameWidth, minWidth: nameWidth }}>
        <Text size="xs" fw={600}>
          {t('coverage.label', { percent: percentNumber(groupCoverage.coveragePercent, language) })}
        </Text>
        <Anchor
          component={Link}
          to={`/coverage?month=${month}&group=${encodeURIComponent(group.name)}`}
          size="xs"
          aria-label={t('coverage.detailsLabel', { group: group.name })}
        >
          {t('coverage.details')}
        </Anchor>
      </div>
      <DayStrip
        group={group.name}
        days={groupCoverage.days}
        hrefFor={(date) => coverageDayPath(date, group.name)}
        compact
        columnWidth={dayWidth}
        holidays={holidays}
      />
    </div>
  );
}
