import { z } from 'zod';
import { defineRoutes } from './api-route';
import {
  ResendVerificationRequest,
  SessionResponse,
  SignInRequest,
  SignUpRequest,
  SignUpResponse,
  SubscriptionStatus,
  Profile,
} from './auth';
import { UpdateSettingsRequest, UserSettings } from './settings';

export const VerifyEmailQuery = z.object({ token: z.string().min(1, 'The verification link is incomplete') });

export const authRoutes = defineRoutes({
  signUp: {
    method: 'post',
    path: '/api/auth/sign-up',
    summary: 'Create an account and send a verification email. Answers the same for a known email.',
    tag: 'auth',
    auth: 'none',
    body: SignUpRequest,
    response: SignUpResponse,
    errors: [429],
  },
  signIn: {
    method: 'post',
    path: '/api/auth/sign-in',
    summary: 'Sign in with email and password; sets an httpOnly session cookie.',
    tag: 'auth',
    auth: 'none',
    body: SignInRequest,
    response: SessionResponse,
    errors: [401, 403, 429],
  },
  signOut: {
    method: 'post',
    path: '/api/auth/sign-out',
    summary: 'End the current session and clear its cookie.',
    tag: 'auth',
    auth: 'none',
  },
  session: {
    method: 'get',
    path: '/api/auth/session',
    summary: 'The signed-in user and profile, or nulls. Renews the session cookie when it is due.',
    tag: 'auth',
    auth: 'none',
    response: SessionResponse,
  },
  verifyEmail: {
    method: 'get',
    path: '/api/auth/verify-email',
    summary: 'The link from the verification email: confirms the address and redirects to /auth.',
    tag: 'auth',
    auth: 'none',
    query: VerifyEmailQuery,
    produces: 'redirect',
  },
  resendVerification: {
    method: 'post',
    path: '/api/auth/resend-verification',
    summary: 'Send a new verification link. Answers the same whether or not the email is known.',
    tag: 'auth',
    auth: 'none',
    body: ResendVerificationRequest,
    response: SignUpResponse,
    errors: [429],
  },
  getProfile: {
    method: 'get',
    path: '/api/profile',
    summary: "The signed-in user's profile row.",
    tag: 'account',
    auth: 'user',
    response: Profile,
  },
  getSettings: {
    method: 'get',
    path: '/api/settings',
    summary: "The signed-in user's saved settings, with defaults for anything never set.",
    tag: 'account',
    auth: 'user',
    response: UserSettings,
  },
  updateSettings: {
    method: 'put',
    path: '/api/settings',
    summary: 'Save some or all settings; answers the whole saved set.',
    tag: 'account',
    auth: 'user',
    body: UpdateSettingsRequest,
    response: UserSettings,
  },
  checkSubscription: {
    method: 'post',
    path: '/api/functions/check-subscription',
    summary: "The signed-in user's subscription status.",
    tag: 'account',
    auth: 'user',
    response: SubscriptionStatus,
  },
});
