import type { Profile, User } from '@cinegrade/contract';

export interface SignedIn {
  user: User;
  profile: Profile;
  sessionExpiresAt: Date;
}

/** Per-request values set by middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    clientIp: string;
  };
}
