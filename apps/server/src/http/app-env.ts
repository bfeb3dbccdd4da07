import type { Profile, User } from '@cinegrade/contract';

export interface SignedIn {
  user: User;
  profile: Profile;
  sessionExpiresAt: Date;
  /** The session this request signed in with: its live streams close when it signs out. */
  sessionId: string;
}

/** Per-request values set by middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    clientIp: string;
  };
}
