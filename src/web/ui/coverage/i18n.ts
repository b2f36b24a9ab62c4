// Texts of the coverage pieces shared by the Coverage screen and the dashboard: the day strip, the
// coverage levels and percentages.
export const coverageStrip = {
  pl: {
    label: 'Pokrycie kolejnych dni – {{group}}',
    percent: '{{value}} %',
    cell: '{{date}}: pokrycie {{percent}}, {{flights}}. Otwórz dzień.',
    holiday: '{{date}}, święto: {{name}}',
    cellNoDemand: '{{date}}: grupa nie ma tego dnia zapotrzebowania. Otwórz dzień.',
    flights: {
      none: 'brak lotów',
      allStaffed: 'wszystkie loty obsadzone',
      short_one: '{{count}} lot z brakami',
      short_few: '{{count}} loty z brakami',
      short_many: '{{count}} lotów z brakami',
      short_other: '{{count}} lotu z brakami',
    },
    shortMark: 'z brakami: {{count}}',
    legend: 'Procent zapotrzebowania pokryty tego dnia; pod nim liczba lotów z brakami obsady. Kolor: zielony 100 %, żółty od 95 %, pomarańczowy od 80 %, czerwony poniżej.',
    legendCompact: 'Pokrycie dni (kliknij dzień, aby zobaczyć szczegóły)',
    level: { full: 'pełne', high: 'prawie pełne', mid: 'częściowe', low: 'niskie', none: 'bez zapotrzebowania' },
  },
  en: {
    label: 'Coverage day by day – {{group}}',
    percent: '{{value}} %',
    cell: '{{date}}: coverage {{percent}}, {{flights}}. Open the day.',
    holiday: '{{date}}, public holiday: {{name}}',
    cellNoDemand: '{{date}}: the group needs nobody that day. Open the day.',
    flights: {
      none: 'no flights',
      allStaffed: 'every flight staffed',
      short_one: '{{count}} flight short-staffed',
      short_other: '{{count}} flights short-staffed',
    },
    shortMark: 'short: {{count}}',
    legend: 'The share of the demand covered that day; below it, how many flights are short-staffed. Colour: green 100 %, yellow from 95 %, orange from 80 %, red below.',
    legendCompact: 'Coverage by day (click a day for details)',
    level: { full: 'full', high: 'nearly full', mid: 'partial', low: 'low', none: 'no demand' },
  },
};
