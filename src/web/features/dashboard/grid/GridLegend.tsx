// The grid's legend: what its marks mean, each drawn as in the grid.
import type { TFunction } from 'i18next';
import { TIME_OFF_KIND_VALUES } from '../../../../shared/api/time-off.ts';
import gridClasses from '../Grid.module.css';

/** What the grid's marks mean, each drawn as in the grid. */
export function GridLegend({ t }: { t: TFunction<'dashboard'> }) {
  return (
    <div className={`${gridClasses.groupBar} ${gridClasses.legend}`} role="note" aria-label={t('legend.label')} data-testid="grid-legend">
      <span>
        <span className={gridClasses.legendCorner} aria-hidden="true" />
        {t('legend.changed')}
      </span>
      <span>
        <span className={`${gridClasses.badge} ${gridClasses.shift} ${gridClasses.manual}`} aria-hidden="true">
          6–14
        </span>
        {t('legend.manual')}
      </span>
      <span>
        <span className={`${gridClasses.badge} ${gridClasses.removed}`} aria-hidden="true">
          <s>6–14</s>
        </span>
        {t('legend.removed')}
      </span>
      {TIME_OFF_KIND_VALUES.map((kind) => (
        <span key={kind} data-legend-kind={kind}>
          <span className={`${gridClasses.badge} ${gridClasses.timeOff}`} data-kind={kind} aria-hidden="true">
            {t(`badge.kindShort.${kind}`)}
          </span>
          {t(`timeOffModal:kinds.${kind}`)}
        </span>
      ))}
    </div>
  );
}
