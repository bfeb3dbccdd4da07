import { DEFAULT_LOOK_STRENGTH, getLook, isPremiumLook, type LookId } from '@cinegrade/color';
import { canUsePremiumLooks, PREMIUM_LOOK_REFUSAL } from '@cinegrade/contract';
import { useAuth } from '../../auth/AuthProvider';
import { toast } from '../../ui/toast-store';
import { gradeStore, type GradeStore } from '../grade-store';

/**
 * Choosing a look, with the Free tier's refusal of premium looks (docs/product-rules.md, 'Looks'). Every way of
 * choosing one goes through here — the catalogue, a Smart Analyze recommendation, the `?look=`
 * link — so the rule and its toast are written once. The server refuses the save as well.
 */

/** Whether the signed-in person may use premium looks: any tier other than Free (missing is Free). */
export function useCanUsePremiumLooks(): boolean {
  const { profile } = useAuth();
  return canUsePremiumLooks(profile?.subscription_tier);
}

export function refusePremiumLook(): void {
  toast({ title: PREMIUM_LOOK_REFUSAL.title, description: PREMIUM_LOOK_REFUSAL.description, variant: 'destructive' });
}

/** Sets the look, or refuses it with the spec's toast. Answers whether it was set. */
export function chooseLook(id: LookId, canUsePremium: boolean, store: GradeStore = gradeStore): boolean {
  if (isPremiumLook(id) && !canUsePremium) {
    refusePremiumLook();
    return false;
  }
  store.change((grade) => ({ ...grade, look: id, customLook: null }));
  return true;
}

/** Uses an imported LUT as the look. */
export function chooseImportedLut(id: string, store: GradeStore = gradeStore): void {
  store.change((grade) => ({ ...grade, look: null, customLook: id }));
}

/** Back to no look, the original (the Hollywood LUTs area's Reset), at full strength for the next one. */
export function resetLook(store: GradeStore = gradeStore): void {
  store.change((grade) => ({ ...grade, look: null, customLook: null, lookStrength: DEFAULT_LOOK_STRENGTH }));
}

/** The name a person reads for a catalogue look. */
export function lookName(id: LookId): string {
  return getLook(id).name;
}
