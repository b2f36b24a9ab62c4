// The invitation message an employee receives, in the language the planner's screen was in. Plain
// text: the link, how long it works, and what to do with it.

const TEXTS = {
  pl: {
    subject: 'Grafik: zaproszenie do Twojego grafiku',
    body: (firstName: string, link: string, days: number) =>
      `Dzień dobry, ${firstName}!\n\n` +
      `Zaproszono Cię do Grafiku, gdzie zobaczysz swoje opublikowane zmiany i godziny.\n` +
      `Otwórz ten link i ustaw hasło (link działa przez ${days} dni i tylko raz):\n\n${link}\n\n` +
      `Jeśli nie spodziewasz się tej wiadomości, zignoruj ją.\n`,
  },
  en: {
    subject: 'Grafik: an invitation to your schedule',
    body: (firstName: string, link: string, days: number) =>
      `Hello ${firstName},\n\n` +
      `You have been invited to Grafik, where you can see your published shifts and hours.\n` +
      `Open this link and choose a password (it works for ${days} days, once):\n\n${link}\n\n` +
      `If you did not expect this message, ignore it.\n`,
  },
} as const;

export function invitationMail(language: 'pl' | 'en', what: { firstName: string; link: string; days: number }): { subject: string; text: string } {
  const texts = TEXTS[language];
  return { subject: texts.subject, text: texts.body(what.firstName, what.link, what.days) };
}
