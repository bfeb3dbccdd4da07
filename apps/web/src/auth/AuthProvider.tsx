import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  API,
  type Profile,
  type SignInRequest,
  type SignUpRequest,
  type SubscriptionStatus,
  type User,
} from '@cinegrade/contract';
import { callApi } from '../api/client';

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

const NO_SUBSCRIPTION = { subscribed: false, subscription_tier: null, subscription_end: null, loading: false } as const;
const AuthContext = createContext<AuthState | null>(null);

/** How often an open tab re-reads its session, so a session ended elsewhere is noticed. */
const SESSION_CHECK_MS = 5 * 60 * 1000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(true);
  const [user, setUser] = useState<User | null>(null);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [subscription, setSubscription] = useState<AuthState['subscription']>(NO_SUBSCRIPTION);
  const userId = useRef<string | null>(null);

  const checkSubscription = useCallback(async () => {
    setSubscription((s) => ({ ...s, loading: true }));
    try {
      const status = await callApi(API.checkSubscription);
      setSubscription({ ...status, loading: false });
    } catch (error) {
      console.error('Error checking subscription:', error);
      setSubscription(NO_SUBSCRIPTION);
    }
  }, []);

  const apply = useCallback(
    (next: { user: User | null; profile: Profile | null }) => {
      const changed = next.user?.id !== userId.current;
      userId.current = next.user?.id ?? null;
      setUser(next.user);
      setProfile(next.profile);
      if (!next.user) setSubscription(NO_SUBSCRIPTION);
      else if (changed) void checkSubscription();
    },
    [checkSubscription],
  );

  const refresh = useCallback(async () => {
    try {
      apply(await callApi(API.session));
    } catch {
      // Offline or server restarting: keep the current state and try again later.
    } finally {
      setLoading(false);
    }
  }, [apply]);

  useEffect(() => {
    void refresh();
    const timer = window.setInterval(() => void refresh(), SESSION_CHECK_MS);
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  const value = useMemo<AuthState>(
    () => ({
      loading,
      user,
      profile,
      subscription,
      signIn: async (input) => {
        const session = await callApi(API.signIn, { body: input });
        apply(session);
      },
      signUp: async (input) => {
        await callApi(API.signUp, { body: input });
      },
      signOut: async () => {
        try {
          await callApi(API.signOut);
        } finally {
          apply({ user: null, profile: null });
        }
      },
      refresh: async () => {
        await refresh();
        if (userId.current) await checkSubscription();
      },
    }),
    [loading, user, profile, subscription, apply, refresh, checkSubscription],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state; outside its provider this is a programming error. */
export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
