// Texts of the first-run checklist on the dashboard (docs/getting-started.md).
export const firstRun = {
  pl: {
    title: 'Pierwsze kroki: {{month}}',
    intro: 'Uzupełnij te dane, a potem wygeneruj grafik. Lista zniknie, gdy wszystkie kroki będą gotowe.',
    progress: 'Gotowe kroki: {{done}} z {{total}}',
    done: 'gotowe',
    todo: 'do zrobienia',
    dismiss: 'Ukryj listę w tym miesiącu',
    steps: {
      staff: {
        title: 'Personel: grupy i pracownicy',
        link: 'Przejdź do pracowników',
        detail: 'Grupy: {{groups}}, pracownicy: {{employees}}.',
        noGroups:
          'Nie ma jeszcze grup. Dodaj pierwszą na stronie Pracownicy („Zarządzaj grupami”, np. „Rampa”): grupa, która obsługuje loty, dostaje obsadę z każdego lotu, a grupa z godzinami pracy lotniska pracuje w tych godzinach.',
      },
      afterGroups: 'Po dodaniu grup: zależy od tego, czy któraś obsługuje loty lub ma godziny pracy lotniska.',
      flights: {
        title: 'Loty w miesiącu',
        link: 'Przejdź do lotów',
        detail: 'Loty w tym miesiącu: {{count}}.',
        none: 'Żadna grupa nie obsługuje lotów.',
      },
      hours: {
        title: 'Godziny pracy lotniska',
        link: 'Przejdź do godzin pracy',
        detail: 'Grupy z godzinami w tym miesiącu: {{set}} z {{total}}.',
        none: 'Żadna grupa nie bierze udziału w godzinach pracy.',
      },
      requiredHours: {
        title: 'Wymagane godziny (norma miesięczna)',
        link: 'Przejdź do ustawień',
        detail: 'Norma: {{hours}} h.',
        missing: 'Norma na ten miesiąc nie jest ustawiona.',
      },
      generate: {
        title: 'Wygeneruj grafik',
        detail: 'Zmiany w tym miesiącu: {{count}}.',
        hint: 'Użyj przycisku „Generuj grafik” przy grupie poniżej.',
        link: 'Przejdź do generowania',
      },
    },
  },
  en: {
    title: 'First steps: {{month}}',
    intro: 'Fill in this data, then generate the schedule. The list disappears once every step is done.',
    progress: 'Steps done: {{done}} of {{total}}',
    done: 'done',
    todo: 'to do',
    dismiss: 'Hide the list this month',
    steps: {
      staff: {
        title: 'Staff: groups and employees',
        link: 'Go to employees',
        detail: 'Groups: {{groups}}, employees: {{employees}}.',
        noGroups:
          'There are no groups yet. Add the first one on the Employees page (“Manage groups”, for example “Ramp”): a group that works on flights gets staff from every flight, and a group with airport operating hours works in those hours.',
      },
      afterGroups: 'Once there are groups: depends on whether any works on flights or has airport operating hours.',
      flights: {
        title: 'Flights of the month',
        link: 'Go to flights',
        detail: 'Flights this month: {{count}}.',
        none: 'No group works on flights.',
      },
      hours: {
        title: 'Airport operating hours',
        link: 'Go to operating hours',
        detail: 'Groups with hours this month: {{set}} of {{total}}.',
        none: 'No group takes part in operating hours.',
      },
      requiredHours: {
        title: 'Required hours (monthly norm)',
        link: 'Go to settings',
        detail: 'Norm: {{hours}} h.',
        missing: 'No norm is set for this month.',
      },
      generate: {
        title: 'Generate the schedule',
        detail: 'Shifts this month: {{count}}.',
        hint: 'Use the “Generate Schedule” button beside a group below.',
        link: 'Go to Generate Schedule',
      },
    },
  },
} as const;
