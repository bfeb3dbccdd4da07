import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type Profile,
  type SessionResponse,
  type SignInRequest,
  type SignUpRequest,
  type SubscriptionStatus,
  type User,
} from '@cinegrade/contract';
import { callApi } from '../api/client';
import { queryKeys } from '../api/query-keys';

export interface AuthState {
  /** True until the first session answer arrives. */
  loading: boolean;
  user: User | null;
  profile: Profile | null;
  subscription: SubscriptionStatus & { loading: boolean };
  signIn: (input: SignInRequest) => Promise<void>;
  signUp: (input: SignUpRequest) => Promise<void>;
  signOut: () => Promise<void>;
  /** Re-reads the session (the server renews its cookie when due) and the subscription. */
  refresh: () => Promise<void>;
}

const NO_SUBSCRIPTION: SubscriptionStatus = { subscribed: false, subscription_tier: null, subscription_end: null };
const SIGNED_OUT: SessionResponse = { user: null, profile: null, expiresAt: null };
const AuthContext = createContext<AuthState | null>(null);

/** How often an open tab re-reads its session, so a session ended elsewhere is noticed. */
const SESSION_CHECK_MS = 5 * 60 * 1000;

/**
 * The session and the subscription are queries (`queryKeys.session`, `queryKeys.subscription`):
 * the session is read on start, every five minutes and when the tab comes back into focus after
 * a while; a failed read (offline, a server restarting) keeps what was known. Signing in and out
 * write the answer into the cache; the previous person's queries are forgotten.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const session = useQuery({
    queryKey: queryKeys.session(),
    queryFn: ({ signal }) => callApi(API.session, { signal }),
    refetchInterval: SESSION_CHECK_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  const user = session.data?.user ?? null;
  const profile = session.data?.profile ?? null;
  const userId = user?.id ?? null;
  const subscription = useQuery({
    queryKey: queryKeys.subscription(userId),
    queryFn: userId === null ? skipToken : ({ signal }) => callApi(API.checkSubscription, { signal }),
    retry: false,
  });

  // Someone else's (or nobody's) turn: forget what the previous person's queries held.
  const previousUser = useRef(userId);
  useEffect(() => {
    const previous = previousUser.current;
    previousUser.current = userId;
    if (previous !== null && previous !== userId) client.removeQueries({ queryKey: queryKeys.user(previous) });
  }, [client, userId]);

  const refresh = useCallback(async () => {
    await client.refetchQueries({ queryKey: queryKeys.session() });
    const current = client.getQueryData<SessionResponse>(queryKeys.session())?.user?.id ?? null;
    if (current !== null) await client.refetchQueries({ queryKey: queryKeys.subscription(current) });
  }, [client]);

  const subscriptionData = subscription.isError ? NO_SUBSCRIPTION : (subscription.data ?? NO_SUBSCRIPTION);
  const subscriptionLoading = subscription.isFetching;
  const value = useMemo<AuthState>(
    () => ({
      loading: session.isPending,
      user,
      profile,
      subscription: { ...subscriptionData, loading: subscriptionLoading },
      signIn: async (input) => {
        client.setQueryData(queryKeys.session(), await callApi(API.signIn, { body: input }));
      },
      signUp: async (input) => {
        await callApi(API.signUp, { body: input });
      },
      signOut: async () => {
        try {
          await callApi(API.signOut);
        } finally {
          client.setQueryData(queryKeys.session(), SIGNED_OUT);
        }
      },
      refresh,
    }),
    [session.isPending, user, profile, subscriptionData, subscriptionLoading, client, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state; outside its provider this is a programming error. */
export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
