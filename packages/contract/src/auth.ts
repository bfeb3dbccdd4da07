import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { SUBSCRIPTION_TIERS } from './tiers';

/** Sign-up and sign-in fields with the product's wording (docs/product-rules.md, 'Validation'). */
const email = z
  .string({ error: 'Please enter your email' })
  .trim()
  .min(1, 'Please enter your email')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase());

export const SignUpRequest = z
  .strictObject({
    fullName: z
      .string({ error: 'Please enter your full name' })
      .trim()
      .min(1, 'Please enter your full name')
      .max(120, 'Please keep your name under 120 characters'),
    email,
    password: z
      .string({ error: 'Please enter a password' })
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .meta({ id: 'SignUpRequest' });
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const SignInRequest = z
  .strictObject({
    email: z.string({ error: 'Please enter your email' }).trim().min(1, 'Please enter your email').transform((v) => v.toLowerCase()),
    password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'SignInRequest' });
export type SignInRequest = z.infer<typeof SignInRequest>;

export const ResendVerificationRequest = z.strictObject({ email }).meta({ id: 'ResendVerificationRequest' });
export type ResendVerificationRequest = z.infer<typeof ResendVerificationRequest>;

/** Sign-up answers the same whether or not the email already has an account (no enumeration). */
export const SignUpResponse = z
  .object({ message: z.literal('Success! Please check your email to verify your account') })
  .meta({ id: 'SignUpResponse' });
export const SIGN_UP_SUCCESS_MESSAGE = 'Success! Please check your email to verify your account' as const;
export const UnlockLinkResponse = z.object({ message: z.string() }).meta({ id: 'UnlockLinkResponse' });
export const SIGN_IN_SUCCESS_MESSAGE = 'Welcome back! Successfully signed in' as const;

export const Profile = z
  .object({
    id: z.string(),
    full_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    subscription_tier: z.enum(SUBSCRIPTION_TIERS),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

export const User = z
  .object({
    id: z.string(),
    email: z.string(),
    user_metadata: z.object({ full_name: z.string().nullable() }),
    created_at: z.string(),
    email_confirmed_at: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const SessionResponse = z
  .object({
    user: User.nullable(),
    profile: Profile.nullable(),
    expiresAt: z.string().nullable().describe('When the session ends unless it is renewed'),
  })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const SubscriptionStatus = z
  .object({
    subscribed: z.boolean(),
    subscription_tier: z.enum(SUBSCRIPTION_TIERS).nullable(),
    subscription_end: z.string().nullable(),
    /** Whether a paid subscription renews at `subscription_end` (false: it was cancelled and ends then, or nothing is paid). Absent from older servers. */
    renews: z.boolean().optional(),
  })
  .meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** The first name shown in the user menu: first word of the full name, else the email's local part. */
export function firstName(fullName: string | null | undefined, email: string): string {
  const first = fullName?.trim().split(/\s+/)[0];
  return first && first.length > 0 ? first : (email.split('@')[0] ?? email);
}
