import { API } from '@cinegrade/contract';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { registerRoute, type SessionLookup } from '../http/register-route';
import type { StorageQuota } from '../uploads/storage-quota';
import type { ProfileRepository } from './profile.repository';
import type { SettingsRepository } from './settings.repository';

export function registerAccountRoutes(app: Hono<AppEnv>, session: SessionLookup, profiles: ProfileRepository, settings: SettingsRepository, quota: StorageQuota): void {
  registerRoute(app, API.getProfile, session, ({ user }) => Promise.resolve(user.profile));

  registerRoute(app, API.getStorageUsage, session, ({ user }) => quota.usage(user.user.id));

  registerRoute(app, API.getSettings, session, ({ user }) => settings.get(user.user.id));

  registerRoute(app, API.updateSettings, session, ({ user, body }) => settings.update(user.user.id, body));
}
