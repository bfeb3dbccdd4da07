import { z } from 'zod';

/**
 * Error codes every API error carries. The message is what a person reads (the spec's wording
 * where it has one); the code is what a program branches on.
 */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'account_locked',
  'email_not_verified',
  'invalid_credentials',
  'payload_too_large',
  'quota_exceeded',
  'too_many_uploads',
  'unsupported_media',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorResponse = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    field: z.string().optional().describe('The request field at fault, for validation errors'),
    requestId: z.string().optional().describe('Also written to the server log, for support'),
    retryAfter: z.number().int().optional().describe('Seconds to wait before trying again'),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Messages shown when the spec has no exact wording of its own. */
export const MESSAGES = {
  unexpected: 'An unexpected error occurred',
  signInRequired: 'Please sign in to continue.',
  notFound: 'Not found.',
  invalidCredentials: 'Invalid email or password.',
  emailNotVerified: 'Please verify your email before signing in. We have sent you a new link.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  commonPassword: 'This password is too common. Please choose a less common one.',
  /** Sign-in on an account that guessing from many places has locked, from a device it does not know. */
  accountLocked:
    'This account has had too many sign-in attempts from other places, so new devices must wait. Devices you have signed in on before still can, or we can email you a link that lets this device sign in now.',
  /** The answer to an unlock-link request, the same whether or not the email has an account. */
  unlockLinkSent: 'If that email has an account, we have sent it a link that lets this device sign in. It works for 30 minutes.',
  /** Every batch call from a tier other than exactly Premium or Enterprise (docs/product-rules.md, 'Batch'). */
  batchPremiumOnly: 'Batch processing is a premium feature. Please upgrade to access this functionality.',
  /** A PDF: the server says so from its bytes, and the web app before sending one the browser reports as a PDF. */
  pdfRefused: 'This is a PDF document, which Cinegrade cannot open. Export the page or picture you want as PNG or JPEG, then upload that.',
} as const;

/** The Free tier's refusal of a premium look (docs/product-rules.md, 'Looks'): toast title and text. */
export const PREMIUM_LOOK_REFUSAL = {
  title: 'Premium Feature',
  description: 'This LUT is available for Premium members only. Upgrade to access all premium LUTs!',
} as const;

/** The refusal as one sentence, as the server answers it. */
export const PREMIUM_LOOK_REFUSAL_MESSAGE = `${PREMIUM_LOOK_REFUSAL.title}: ${PREMIUM_LOOK_REFUSAL.description}`;

