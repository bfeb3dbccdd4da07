/** What is wrong with a requirement, and whether installing its Debian package would fix it. */
export interface Shortfall {
  problem: string;
  installable: boolean;
}

export interface Requirement {
  what: string;
  apt: string;
  advice: string;
  check(env: NodeJS.ProcessEnv): Shortfall | null;
  /** For a requirement the server can start without: what is off until it is installed. */
  withoutIt?: string;
}

export type SystemDepsPlan = { action: 'ready' } | { action: 'install'; packages: string[]; what: string } | { action: 'stop'; message: string };

export const FFMPEG_REQUIREMENT: Requirement;
export const HEIF_REQUIREMENT: Requirement;
export const SERVER_REQUIREMENTS: Requirement[];
export const TEST_REQUIREMENTS: Requirement[];
export function planSystemDeps(
  unmet: { requirement: Requirement; shortfall: Shortfall }[],
  machine: { isRoot: boolean; hasApt: boolean },
  wording: { who: string; command: string; note?: string },
): SystemDepsPlan;
export class SystemDepsError extends Error {}
export function ensureSystemDeps(
  requirements: Requirement[],
  options: { who: string; command: string; env?: NodeJS.ProcessEnv; log?: (line: string) => void; machine?: { isRoot: boolean; hasApt: boolean } },
): void;
