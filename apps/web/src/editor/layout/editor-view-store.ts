/**
 * The editor's view state shared by the header (Batch Process and Smart Enhance toggles), the
 * bottom panel, the monitors and the shortcuts: which view the My Assets area shows, the Color
 * Grading area's Smart/Basic mode, the compare mode and which scopes are shown. Outside React so
 * the header (outside the route) and the editor read one value.
 */
import { useSyncExternalStore } from 'react';
import type { CompareMode } from '../render/spatial-uniforms';

/** The bottom panel's four areas, shown as tabs on tablets and phones. */
export const BOTTOM_TABS = ['assets', 'smart', 'looks', 'grading'] as const;
export type BottomTab = (typeof BOTTOM_TABS)[number];

export const SCOPE_KINDS = ['waveform', 'parade', 'vectorscope', 'histogram'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

export interface EditorView {
  /** The bottom panel's left area (and the empty workspace's side panel): My Assets or Batch Processing. */
  readonly assetsArea: 'assets' | 'batch';
  /** The Color Grading area: the sliders, or the Smart Enhancement panel (which says it is not available yet). */
  readonly colorMode: 'basic' | 'smart';
  readonly compare: CompareMode;
  /** On tablets and phones: which of the bottom panel's areas is shown. */
  readonly bottomTab: BottomTab;
  /** On phones: which monitor is shown (the split wipe shows PROGRAM). */
  readonly phoneMonitor: 'source' | 'program';
  /** Where the split wipe sits when it is on (0..1 across PROGRAM). */
  readonly splitPosition: number;
  readonly scopes: Readonly<Record<ScopeKind, boolean>>;
  readonly helpOpen: boolean;
}

const SCOPES_KEY = 'cinegrade.editor.scopes';

function savedScopes(): Record<ScopeKind, boolean> {
  const none = { waveform: false, parade: false, vectorscope: false, histogram: false };
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(SCOPES_KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return none;
    return Object.fromEntries(SCOPE_KINDS.map((kind) => [kind, (saved as Record<string, unknown>)[kind] === true])) as Record<ScopeKind, boolean>;
  } catch {
    return none;
  }
}

let state: EditorView = {
  assetsArea: 'assets',
  colorMode: 'basic',
  compare: { mode: 'off' },
  bottomTab: 'grading',
  phoneMonitor: 'program',
  splitPosition: 0.5,
  scopes: savedScopes(),
  helpOpen: false,
};
const listeners = new Set<() => void>();

function update(change: Partial<EditorView>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const editorView = {
  getState: (): EditorView => state,
  subscribe,
  // The header's toggles also bring their area forward where the areas are tabs.
  setAssetsArea: (assetsArea: EditorView['assetsArea']) => update({ assetsArea, bottomTab: 'assets' }),
  setColorMode: (colorMode: EditorView['colorMode']) => update({ colorMode, bottomTab: 'grading' }),
  setBottomTab: (bottomTab: BottomTab) => update({ bottomTab }),
  /** The phone's monitor switch: SOURCE, PROGRAM, or PROGRAM with the split wipe on. */
  showOnPhone: (choice: PhoneMonitorChoice) =>
    update(
      choice === 'split'
        ? { phoneMonitor: 'program', compare: { mode: 'split', position: state.splitPosition } }
        : { phoneMonitor: choice, compare: state.compare.mode === 'split' ? { mode: 'off' } : state.compare },
    ),
  /** `\`: bypass on, or back to what was on before (the split wipe or nothing). */
  toggleBypass: () => update({ compare: state.compare.mode === 'bypass' ? { mode: 'off' } : { mode: 'bypass' } }),
  setCompareMode: (mode: CompareMode['mode']) =>
    update({ compare: mode === 'split' ? { mode: 'split', position: state.splitPosition } : mode === 'bypass' ? { mode: 'bypass' } : { mode: 'off' } }),
  setSplitPosition: (position: number) => {
    const clamped = Math.min(1, Math.max(0, position));
    update({ splitPosition: clamped, compare: state.compare.mode === 'split' ? { mode: 'split', position: clamped } : state.compare });
  },
  toggleScope: (kind: ScopeKind) => {
    const scopes = { ...state.scopes, [kind]: !state.scopes[kind] };
    try {
      localStorage.setItem(SCOPES_KEY, JSON.stringify(scopes));
    } catch {
      // Private mode or full storage: the choice lasts for this page only.
    }
    update({ scopes });
  },
  setHelpOpen: (helpOpen: boolean) => update({ helpOpen }),
};

export type PhoneMonitorChoice = 'source' | 'program' | 'split';

/** What the phone's monitor switch shows as chosen. */
export function phoneMonitorChoice(view: EditorView): PhoneMonitorChoice {
  return view.compare.mode === 'split' ? 'split' : view.phoneMonitor;
}

export function useEditorView<T>(select: (view: EditorView) => T): T {
  return useSyncExternalStore(subscribe, () => select(state), () => select(state));
}
