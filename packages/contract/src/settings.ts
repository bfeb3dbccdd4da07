import { z } from 'zod';

/**
 * The settings page's options with their defaults (docs/product-rules.md, 'Settings'). Unlike the
 * old product, they are saved per user and drive defaults such as the export menu's.
 */
export const DATA_RETENTION_OPTIONS = ['7', '30', '90', 'forever'] as const;
export const EXPORT_QUALITY_PREFERENCES = ['low', 'medium', 'high', 'ultra'] as const;
export const DEFAULT_FORMAT_OPTIONS = ['mp4', 'mov', 'avi', 'mkv'] as const;

export const UserSettings = z
  .object({
    emailNotifications: z.boolean(),
    processingComplete: z.boolean(),
    weeklyTips: z.boolean(),
    dataRetention: z.enum(DATA_RETENTION_OPTIONS),
    autoSave: z.boolean(),
    showAdvancedControls: z.boolean(),
    defaultExportQuality: z.enum(EXPORT_QUALITY_PREFERENCES),
    defaultFormat: z.enum(DEFAULT_FORMAT_OPTIONS),
    watermark: z.boolean(),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettings>;

export const DEFAULT_SETTINGS: UserSettings = {
  emailNotifications: true,
  processingComplete: true,
  weeklyTips: false,
  dataRetention: '30',
  autoSave: true,
  showAdvancedControls: true,
  defaultExportQuality: 'high',
  defaultFormat: 'mp4',
  watermark: false,
};

/** A partial update; unknown keys are refused so a typo does not silently do nothing. */
export const UpdateSettingsRequest = UserSettings.partial().strict().meta({ id: 'UpdateSettingsRequest' });
export type UpdateSettingsRequest = z.infer<typeof UpdateSettingsRequest>;

/** Reads stored settings leniently: keeps what is valid, falls back to defaults for the rest. */
export function settingsWithDefaults(stored: unknown): UserSettings {
  const result: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const [key, schema] of Object.entries(UserSettings.shape)) {
      const parsed = schema.safeParse((stored as Record<string, unknown>)[key]);
      if (parsed.success) result[key] = parsed.data;
    }
  }
  return result as UserSettings;
}
