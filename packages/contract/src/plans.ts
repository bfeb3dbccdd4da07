import { editorCatalogueLooks } from '@cinegrade/color';
import { EXPORT_FORMATS, EXPORT_QUALITIES, FREE_EXPORT_MAX_QUALITY } from './export-options';
import { SOURCE_WORK_LIMITS } from './media-limits';
import { formatStorageSize, STORAGE_QUOTAS } from './storage-quota';
import { USER_LUT_LIMITS } from './user-luts';

/**
 * The two plans of the subscription page (docs/product-rules.md, 'Plans'). Every line is built
 * from the constants the server enforces, so the page cannot promise more than the product does.
 */
const label = (id: string) => EXPORT_QUALITIES.find((q) => q.id === id)?.label ?? id;
const freeCap = label(FREE_EXPORT_MAX_QUALITY);
const topQuality = EXPORT_QUALITIES[EXPORT_QUALITIES.length - 1]!.label;
const freeFormats = EXPORT_FORMATS.filter((f) => !f.pro).map((f) => f.label);
const proFormats = EXPORT_FORMATS.filter((f) => f.pro).map((f) => `${f.label} (${f.codec})`);
// The looks the editor's catalogue offers, counted as a Free user meets them (locked or not).
const catalogue = editorCatalogueLooks();
const premiumLooks = catalogue.filter((look) => look.tier === 'premium').length;
const freeLooks = catalogue.length - premiumLooks;
const storage = (tier: 'Free' | 'Premium') => formatStorageSize(STORAGE_QUOTAS[tier]);
const sources = (tier: 'Free' | 'Premium') => {
  const limit = SOURCE_WORK_LIMITS[tier];
  return `${limit.minutes} minutes at ${limit.width}×${limit.height}`;
};

/** Premium's price, as the built-in test checkout and the plans page show it. */
export const PREMIUM_PRICE = { amount: '$7.99', period: '/month' } as const;

export const PLANS = [
  {
    id: 'Free',
    name: 'Free',
    price: '$0',
    period: '/month',
    features: [
      'Colour sliders, Smart Analyze and the before/after monitors',
      `${freeLooks} free looks of the ${catalogue.length} in the LUT library`,
      `Export up to ${freeCap} in ${freeFormats.join(' or ')}`,
      `Import up to ${USER_LUT_LIMITS.Free} of your own .cube LUTs`,
      `${storage('Free')} of storage, videos up to ${sources('Free')}`,
      'Email and phone support',
    ],
  },
  {
    id: 'Premium',
    name: 'Premium',
    price: PREMIUM_PRICE.amount,
    period: PREMIUM_PRICE.period,
    features: [
      'Everything in Free',
      `The full LUT library: all ${catalogue.length} looks, including the ${premiumLooks} premium ones (cinema, film emulation, skin tones and the filter presets)`,
      `Export up to ${topQuality}, including ${proFormats.join(' and ')}`,
      'Apply every look Smart Analyze recommends, premium ones included',
      `Import up to ${USER_LUT_LIMITS.Premium} of your own .cube LUTs`,
      `${storage('Premium')} of storage, videos up to ${sources('Premium')}`,
      'Batch processing: grade many videos at once with one look, a batch library with ZIP downloads, and the batch editor',
    ],
  },
] as const;

/**
 * The 'Why Upgrade to Premium?' block of the plans page, from the same constants: what Premium
 * adds over Free, each with Free's figure beside it.
 */
export const PREMIUM_REASONS = [
  {
    title: 'Enhanced Performance',
    text: `Export up to ${topQuality} (Free: ${freeCap}), from videos up to ${sources('Premium')} (Free: ${sources('Free')}), with ${storage('Premium')} of storage (Free: ${storage('Free')}).`,
  },
  {
    title: 'Professional Tools',
    text: `${premiumLooks} premium looks (cinema, film emulation, skin tones and the filter presets), ${proFormats.join(' and ')} delivery, batch grading, and up to ${USER_LUT_LIMITS.Premium} imported LUTs (Free: ${USER_LUT_LIMITS.Free}).`,
  },
] as const;
