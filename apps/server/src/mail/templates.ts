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

export function unlockEmail(to: string, link: string): Email {
  return {
    to,
    subject: 'Sign in to Cinegrade from a new device',
    text: [
      'Your Cinegrade account has had many wrong passwords from other places, so devices it does not know must wait before signing in.',
      `If you are trying to sign in, open this link on the device you are using, then sign in with your password: ${link}`,
      '',
      'The link works for 30 minutes and does not sign anyone in by itself. If it was not you, ignore this email; devices you have signed in on before still work, and you may want to change your password.',
    ].join('\n'),
  };
}
