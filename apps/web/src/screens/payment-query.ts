import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { API, PAYMENT_MESSAGES, type SubscriptionStatus } from '@cinegrade/contract';
import { callApi } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { withoutParam } from '../app/search-params';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../ui/toast-store';

/** How often, and how long, a returning buyer's subscription is read again while the payment is confirmed. */
export const PAYMENT_CONFIRMATION = { intervalMs: 3000, attempts: 40 };

/** A paid subscription runs until its period's end; a tier granted by an administrator has none and was not bought. */
const isPaid = (status: SubscriptionStatus) => status.subscribed && status.subscription_tier !== null && status.subscription_tier !== 'Free' && status.subscription_end !== null;

/**
 * The editor's `payment` parameter, where checkout sends people back (docs/product-rules.md,
 * 'Messages'). `cancelled` shows 'Payment Cancelled'. `success` proves nothing by itself: the
 * subscription is read from the server, and 'Payment Successful!' shows only once the server has a
 * paid subscription for this user; until then the person is told it is being confirmed and it is
 * read again every few seconds, and if it never arrives they are told it was not found. The
 * parameter is removed at once, so a reload does not repeat any of this.
 */
export function usePaymentQuery({ intervalMs, attempts } = PAYMENT_CONFIRMATION): void {
  const [params, setParams] = useSearchParams();
  const { user, loading, refresh } = useAuth();
  const client = useQueryClient();
  const payment = params.get('payment');
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (payment === null) return;
    if (payment === 'cancelled') toast({ ...PAYMENT_MESSAGES.cancelled, variant: 'destructive' });
    if (payment === 'success') setConfirming(true);
    setParams(withoutParam('payment'), { replace: true });
  }, [payment, setParams]);

  const userId = user?.id ?? null;
  useEffect(() => {
    if (!confirming || loading) return;
    if (userId === null) {
      setConfirming(false);
      toast({ ...PAYMENT_MESSAGES.notFound, variant: 'destructive' });
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (attempt: number) => {
      let status: SubscriptionStatus | null = null;
      try {
        status = await client.fetchQuery({ queryKey: queryKeys.subscription(userId), queryFn: ({ signal }) => callApi(API.checkSubscription, { signal }), staleTime: 0 });
      } catch {
        // A failed read counts as "not yet"; the next attempt tries again.
      }
      if (stopped) return;
      if (status && isPaid(status)) {
        setConfirming(false);
        toast({ ...PAYMENT_MESSAGES.success, variant: 'success' });
        void refresh();
        return;
      }
      if (attempt === 0) toast(PAYMENT_MESSAGES.confirming);
      if (attempt + 1 >= attempts) {
        setConfirming(false);
        toast({ ...PAYMENT_MESSAGES.notFound, variant: 'destructive' });
        return;
      }
      timer = setTimeout(() => void check(attempt + 1), intervalMs);
    };
    void check(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [confirming, loading, userId, client, refresh, intervalMs, attempts]);
}
