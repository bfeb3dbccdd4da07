import { describe, expect, it } from 'vitest';
import { exportStorageQuotaMessage, formatStorageSize, STORAGE_QUOTAS, storageQuota, storageQuotaMessage } from './storage-quota';

describe('storage quotas', () => {
  it('writes sizes as people read them, in binary units', () => {
    expect(formatStorageSize(0)).toBe('0 bytes');
    expect(formatStorageSize(512)).toBe('512 bytes');
    expect(formatStorageSize(1536)).toBe('1.5 KB');
    expect(formatStorageSize(500 * 1024 * 1024)).toBe('500 MB');
    expect(formatStorageSize(1.2 * 1024 ** 3)).toBe('1.2 GB');
    expect(formatStorageSize(STORAGE_QUOTAS.Free)).toBe('2 GB');
    expect(formatStorageSize(STORAGE_QUOTAS.Enterprise)).toBe('500 GB');
  });

  it("names the plan's quota in the refusal, an unknown tier counting as Free", () => {
    expect(storageQuota('nonsense')).toBe(STORAGE_QUOTAS.Free);
    expect(storageQuotaMessage('Free')).toContain('your 2 GB of storage on the Free plan');
    expect(storageQuotaMessage('Free')).toContain('upgrade to Premium for 50 GB');
    expect(storageQuotaMessage('Premium')).toBe('This upload would go over your 50 GB of storage on the Premium plan. Delete assets or exports to make room.');
  });

  it('refuses an export at quota naming the quota and what to do, offering the upgrade only where one can be bought', () => {
    expect(exportStorageQuotaMessage('Free')).toBe(
      'You have used all of your 2 GB of storage on the Free plan, so nothing more can be exported. Delete assets or old exports to make room, or upgrade to Premium for 50 GB.',
    );
    expect(exportStorageQuotaMessage('Enterprise')).toBe('You have used all of your 500 GB of storage on the Enterprise plan, so nothing more can be exported. Delete assets or old exports to make room.');
    expect(exportStorageQuotaMessage(null)).toBe(exportStorageQuotaMessage('Free'));
  });
});
