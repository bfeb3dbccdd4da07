import type { Email } from './mailer';

export function verificationEmail(to: string, name: string, link: string): Email {
  return {
    to,
    subject: 'Verify your Cinegrade email',
    text: [
      `Hi ${name || 'there'},`,
      '',
      'Confirm your email address to finish creating your Cinegrade account:',
      `Verification link: ${link}`,
      '',
      'The link works for 24 hours. If you did not sign up, ignore this email.',
    ].join('\n'),
  };
}

export function existingAccountEmail(to: string, signInLink: string): Email {
  return {
    to,
    subject: 'Someone tried to create a Cinegrade account with your email',
    text: [
      'Somebody (perhaps you) tried to sign up with this email address, which already has an account.',
      `If it was you, sign in instead: ${signInLink}`,
      'If it was not you, you can ignore this email; your account is unchanged.',
    ].join('\n'),
  };
}
