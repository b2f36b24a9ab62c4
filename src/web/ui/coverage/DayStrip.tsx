// The month's days of one group as a strip of small cells: each day's coverage in % (coloured by level,
// the figure always written), how many flights were short-staffed, and a link to the day. Each cell's
// name says it all in words for a screen reader, with the date written out.
import { Link } from 'react-router';
import { IconPlaneDeparture } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CoverageDay } from '../../../shared/api/coverage.ts';
import { dayOfWeek } from '../../../shared/month.ts';
import { longDate } from '../dates.ts';
import { coverageLevel, LEVEL_COLORS, percentNumber } from './level.ts';
import classes from './DayStrip.module.css';

type Props = {
  group: string;
  days: CoverageDay[];
  /** Where a day's cell leads (its day view). */
  hrefFor: (date: string) => string;
  /** The day shown next to the strip, marked. */
  selected?: string;
  /** The small strip (the dashboard's, the day view's): whole percentages, smaller type. */
  compact?: boolean;
  /** One cell per column of this width (px), to line up with a grid's day columns. */
  columnWidth?: number;
  /** Public holidays by date, with their names: marked like a weekend and named with the date. */
  holidays?: ReadonlyMap<string, string>;
};

/** A day's figure as the cell shows it: whole in the compact strip (rounded down, so 99.9 never reads 100). */
function cellPercent(value: number, language: string, compact: boolean): string {
  return compact ? String(Math.floor(value)) : percentNumber(value, language);
}

export function DayStrip({ group, days, hrefFor, selected, compact = false, columnWidth, holidays }: Props) {
  const { t, i18n } = useTranslation('coverageStrip');
  const language = i18n.resolvedLanguage ?? 'pl';
  return (
    <ul
      className={`${classes.strip} ${compact ? classes.compact : ''} ${columnWidth ? classes.columns : ''}`}
      style={columnWidth ? { gridTemplateColumns: `repeat(${days.length}, ${columnWidth}px)` } : undefined}
      aria-label={t('label', { group })}
      data-testid="day-strip"
    >
      {days.map((day) => {
        const level = coverageLevel(day.coveragePercent, day.demandHours);
        const colors = LEVEL_COLORS[level];
        const dow = dayOfWeek(day.date);
        const holiday = holidays?.get(day.date);
        const date = holiday ? t('holiday', { date: longDate(day.date, language), name: holiday }) : longDate(day.date, language);
        const flights = day.flights === 0 ? t('flights.none') : day.shortFlights === 0 ? t('flights.allStaffed') : t('flights.short', { count: day.shortFlights });
        const label =
          level === 'none'
            ? t('cellNoDemand', { date })
            : t('cell', { date, percent: t('percent', { value: percentNumber(day.coveragePercent, language) }), flights });
        return (
          <li key={day.date} className={dow === 0 || dow === 6 || holiday ? classes.weekend : undefined} data-holiday={holiday ? '' : undefined}>
            <Link
              to={hrefFor(day.date)}
              className={classes.cell}
              data-level={level}
              data-selected={selected === day.date || undefined}
              aria-current={selected === day.date ? 'date' : undefined}
              aria-label={label}
              title={label}
              style={{ background: colors.bg, color: colors.fg, borderColor: colors.border }}
            >
              <span className={classes.day} aria-hidden="true">
                {Number(day.date.slice(8))}
              </span>
              <span className={classes.percent} aria-hidden="true">
                {level === 'none' ? '–' : `${cellPercent(day.coveragePercent, language, compact)}${compact ? '' : '%'}`}
              </span>
              {day.shortFlights > 0 && (
                <span className={classes.short} aria-hidden="true">
                  <IconPlaneDeparture size={compact ? 9 : 11} stroke={2.2} />
                  {day.shortFlights}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
