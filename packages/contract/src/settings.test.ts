import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, UpdateSettingsRequest, settingsWithDefaults } from './settings';

describe('DEFAULT_SETTINGS', () => {
  it('matches the settings page defaults of docs/product-rules.md', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      emailNotifications: true,
      processingComplete: true,
      weeklyTips: false,
      dataRetention: '30',
      autoSave: true,
      showAdvancedControls: true,
      defaultExportQuality: 'high',
      defaultFormat: 'mp4',
      watermark: false,
    });
  });
});

describe('settingsWithDefaults', () => {
  it('keeps valid stored values and fills the rest with defaults', () => {
    expect(settingsWithDefaults({ weeklyTips: true, dataRetention: 'nonsense' })).toEqual({ ...DEFAULT_SETTINGS, weeklyTips: true });
    expect(settingsWithDefaults(null)).toEqual(DEFAULT_SETTINGS);
  });
});

describe('UpdateSettingsRequest', () => {
  it('refuses unknown keys and wrong values', () => {
    expect(UpdateSettingsRequest.safeParse({ autosave: true }).success).toBe(false);
    expect(UpdateSettingsRequest.safeParse({ defaultFormat: 'webp' }).success).toBe(false);
    expect(UpdateSettingsRequest.safeParse({ defaultFormat: 'mov' }).success).toBe(true);
  });
});
