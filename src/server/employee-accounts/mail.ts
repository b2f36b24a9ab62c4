// Mail sent by the server: an employee's invitation link, when an SMTP server is configured
// (SMTP_URL and MAIL_FROM, src/server/env.ts). The mail library is loaded the first time a message is
// sent, so a server without mail starts without it.

/** Where mail goes out, from the environment; null: no mail is sent (a planner copies links instead). */
export interface MailSettings {
  /** smtp://user:password@host:port or smtps://…, as the mail library reads it. */
  smtpUrl: string;
  /** The sender's address, e.g. "Grafik <grafik@airport.example>". */
  from: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one message through the configured server; throws when the server does not take it. */
export async function sendMail(settings: MailSettings, message: MailMessage): Promise<void> {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(settings.smtpUrl);
  try {
    await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text });
  } finally {
    transport.close();
  }
}
