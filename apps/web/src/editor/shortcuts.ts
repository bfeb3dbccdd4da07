/**
 * The editor's keyboard shortcuts: Space play/pause, J/K/L shuttle, Left/Right one frame,
 * `\` bypass, Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z redo, `?` the help sheet. None fires while the
 * person is typing in a text field or working a slider with the arrow keys.
 */
export type ShortcutAction =
  | 'play-pause'
  | 'shuttle-reverse'
  | 'shuttle-stop'
  | 'shuttle-forward'
  | 'frame-back'
  | 'frame-forward'
  | 'bypass'
  | 'undo'
  | 'redo'
  | 'help';

/** What the help sheet lists, in this order. */
export const SHORTCUT_LIST: readonly { keys: readonly string[]; action: ShortcutAction; description: string; videoOnly?: boolean }[] = [
  { keys: ['Space'], action: 'play-pause', description: 'Play or pause', videoOnly: true },
  { keys: ['J'], action: 'shuttle-reverse', description: 'Shuttle backwards (press again for 2×, 4×, 8×)', videoOnly: true },
  { keys: ['K'], action: 'shuttle-stop', description: 'Stop shuttling (pause)', videoOnly: true },
  { keys: ['L'], action: 'shuttle-forward', description: 'Shuttle forwards (press again for 2×, 4×, 8×)', videoOnly: true },
  { keys: ['←'], action: 'frame-back', description: 'One frame back', videoOnly: true },
  { keys: ['→'], action: 'frame-forward', description: 'One frame forward', videoOnly: true },
  { keys: ['\\'], action: 'bypass', description: 'Bypass: show PROGRAM without the grade' },
  { keys: ['Ctrl/⌘', 'Z'], action: 'undo', description: 'Undo the last grade change' },
  { keys: ['Shift', 'Ctrl/⌘', 'Z'], action: 'redo', description: 'Redo' },
  { keys: ['?'], action: 'help', description: 'Show these shortcuts' },
];

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'password', 'url', 'tel', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);
/** Roles whose own keyboard behaviour (arrows, space, letters) must win over the editor's. */
const OWN_KEYS_ROLES = new Set(['slider', 'separator', 'spinbutton', 'textbox', 'searchbox', 'combobox', 'listbox', 'option', 'menu', 'menuitem', 'menuitemradio', 'menuitemcheckbox', 'tab', 'radio', 'switch', 'checkbox']);

/** True while the person types: a text field, a text area, an editable element. No shortcut fires. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  // isContentEditable, spelled out (jsdom does not implement the property).
  if (target.closest('[contenteditable]:not([contenteditable="false"])')) return true;
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'searchbox' || role === 'combobox';
}

/**
 * True when the focused control uses plain keys itself: a slider's arrows, a select, a menu. Only
 * the Ctrl/Cmd shortcuts (undo, redo) go through, so a slider just dragged can still be undone.
 */
export function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (isTyping(target) || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return target.type === 'range' || target.type === 'checkbox' || target.type === 'radio' || target.type === 'color' || target.type === 'file';
  const role = target.getAttribute('role');
  return role !== null && OWN_KEYS_ROLES.has(role);
}

/**
 * Space also presses a focused button. The transport's own buttons are marked `data-transport`,
 * so Space after clicking Play still plays and pauses; on any other button Space keeps its usual
 * meaning (keyboard users press buttons with it).
 */
function spacePressesButton(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  const button = target.closest('button, a[href], [role="button"]');
  return button !== null && !button.hasAttribute('data-transport');
}

export function shortcutFor(event: KeyLike): ShortcutAction | null {
  if (isTyping(event.target)) return null;
  const command = event.ctrlKey || event.metaKey;
  const key = event.key;
  if (command && !event.altKey && key.toLowerCase() === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (command || event.altKey || ownsKeys(event.target)) return null;
  switch (key) {
    case ' ':
      return spacePressesButton(event.target) ? null : 'play-pause';
    case 'j':
    case 'J':
      return 'shuttle-reverse';
    case 'k':
    case 'K':
      return 'shuttle-stop';
    case 'l':
    case 'L':
      return 'shuttle-forward';
    case 'ArrowLeft':
      return 'frame-back';
    case 'ArrowRight':
      return 'frame-forward';
    case '\\':
      return 'bypass';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/** Shuttle speeds: L and J double up to 8× in their direction; the other direction starts at 1×. */
export const MAX_SHUTTLE_SPEED = 8;

export function nextShuttleSpeed(speed: number, action: 'shuttle-reverse' | 'shuttle-stop' | 'shuttle-forward'): number {
  switch (action) {
    case 'shuttle-stop':
      return 0;
    case 'shuttle-forward':
      return speed <= 0 ? 1 : Math.min(speed * 2, MAX_SHUTTLE_SPEED);
    case 'shuttle-reverse':
      return speed >= 0 ? -1 : Math.max(speed * 2, -MAX_SHUTTLE_SPEED);
  }
}

/**
 * The time to seek to for one frame back or forward: the middle of the neighbouring frame, so the
 * browser shows that frame whatever its rounding, clamped to the clip.
 */
export function frameStepTime(currentTime: number, frameRate: number, direction: -1 | 1, duration: number): number {
  const index = Math.floor(currentTime * frameRate + 1e-6);
  const target = (index + direction + 0.5) / frameRate;
  const lastFrameMiddle = Math.max(0, duration - 0.5 / frameRate);
  return Math.min(Math.max(target, 0.5 / frameRate), lastFrameMiddle);
}
