/**
 * The ways to reach support. The addresses and the number live here and
 * nowhere else: the contact cards and the FAQ answers both read them.
 */
export const SUPPORT_EMAIL = 'support@cinegrade.app';
export const BUG_REPORT_EMAIL = 'bugs@cinegrade.app';

/** A number in the 555-01xx block, which North American numbering reserves for fiction and examples. */
export const SUPPORT_PHONE = { display: '+1 (415) 555-0147', dial: '+14155550147' } as const;

export const SUPPORT_HOURS = 'Mon-Fri 9AM-6PM PST';

/**
 * There is no live chat: no card offers one (a Start Chat button that could only say "not
 * available" was a dead end), and the FAQ says it is not available.
 */
export interface ContactChannel {
  id: 'email' | 'phone';
  title: string;
  description: string;
  /** How quickly a person answers on this channel. */
  response: string;
}

export const CONTACT_CHANNELS: readonly ContactChannel[] = [
  {
    id: 'email',
    title: 'Email Support',
    description: 'Best for anything that needs a file name, a screenshot or a few steps to reproduce.',
    response: 'Response in 2-4 hours on business days',
  },
  {
    id: 'phone',
    title: 'Phone Support',
    description: 'For account and subscription questions that are quicker to talk through.',
    response: SUPPORT_HOURS,
  },
];
