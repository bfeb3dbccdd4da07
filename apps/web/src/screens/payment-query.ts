import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { withoutParam } from '../app/search-params';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../ui/toast-store';

/** The toasts of the editor's `payment` query parameter (docs/product-rules.md, 'Messages'). */
export const PAYMENT_TOASTS = {
  success: { title: 'Payment Successful!', description: 'Welcome to Premium! Your subscription is now active.', variant: 'success' },
  cancelled: { title: 'Payment Cancelled', description: 'Your payment process was cancelled. You can try again anytime.', variant: 'destructive' },
} as const;

/**
 * `?payment=success` or `?payment=cancelled` (where checkout sends people back) shows its toast,
 * then the parameter is removed from the address so a reload does not show it again. After a
 * successful payment the subscription is read again, so the new tier shows at once.
 */
export function usePaymentQuery(): void {
  const [params, setParams] = useSearchParams();
  const { refresh } = useAuth();
  const payment = params.get('payment');
  useEffect(() => {
    if (payment === null) return;
    if (payment === 'success' || payment === 'cancelled') toast(PAYMENT_TOASTS[payment]);
    if (payment === 'success') void refresh();
    setParams(withoutParam('payment'), { replace: true });
  }, [payment, setParams, refresh]);
}
