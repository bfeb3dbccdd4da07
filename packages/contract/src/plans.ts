import { EXPORT_QUALITIES, FREE_EXPORT_MAX_QUALITY } from './export-options';

/** The two plans of the subscription page (docs/product-rules.md, 'Plans'). */
const freeCap = EXPORT_QUALITIES.find((q) => q.id === FREE_EXPORT_MAX_QUALITY)?.label ?? FREE_EXPORT_MAX_QUALITY;

export const PLANS = [
  {
    id: 'Free',
    name: 'Free',
    price: '$0',
    period: '/month',
    features: ['Basic colour grading tools', 'Standard LUT library (16 looks)', `Export up to ${freeCap} in MP4 or WebM`, 'Community support'],
  },
  {
    id: 'Premium',
    name: 'Premium',
    price: '$7.99',
    period: '/month',
    features: [
      'Advanced tools',
      'The full LUT library, cinema and film emulation looks included',
      'Export up to 16K, including ProRes and uncompressed AVI',
      'Batch processing',
      'AI-powered scene analysis',
      'Priority support',
      'Custom workspace layouts',
    ],
  },
] as const;
