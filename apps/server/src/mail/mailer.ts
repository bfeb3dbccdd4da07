import nodemailer from 'nodemailer';
import type { Logger } from '../platform/logger';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. Embedded: written to the server log. At scale: SMTP (docs/operations.md). */
export interface Mailer {
  readonly kind: 'log' | 'smtp';
  send(email: Email): Promise<void>;
}

export function createLogMailer(logger: Logger): Mailer {
  return {
    kind: 'log',
    send: (email) => {
      logger.info(`Email to ${email.to}: ${email.subject} (no SMTP_URL set, so it is written here)\n${email.text}`);
      return Promise.resolve();
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async (email) => {
      await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
    },
  };
}

export function createMailer(smtpUrl: string | null, from: string, logger: Logger): Mailer {
  return smtpUrl ? createSmtpMailer(smtpUrl, from) : createLogMailer(logger);
}
