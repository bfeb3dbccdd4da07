import { describe, expect, it } from 'vitest';
import { frameStepTime, nextShuttleSpeed, shortcutFor, type KeyLike } from './shortcuts';

function press(key: string, options: Partial<KeyLike> = {}): KeyLike {
  return { key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target: document.body, ...options };
}

function element(html: string): Element {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild!;
}

describe('shortcutFor', () => {
  it('maps the transport, compare, history and help keys', () => {
    expect(shortcutFor(press(' '))).toBe('play-pause');
    expect(shortcutFor(press('j'))).toBe('shuttle-reverse');
    expect(shortcutFor(press('K'))).toBe('shuttle-stop');
    expect(shortcutFor(press('l'))).toBe('shuttle-forward');
    expect(shortcutFor(press('ArrowLeft'))).toBe('frame-back');
    expect(shortcutFor(press('ArrowRight'))).toBe('frame-forward');
    expect(shortcutFor(press('\\'))).toBe('bypass');
    expect(shortcutFor(press('?', { shiftKey: true }))).toBe('help');
    expect(shortcutFor(press('x'))).toBeNull();
  });

  it('undoes with Ctrl or Cmd+Z and redoes with Shift', () => {
    expect(shortcutFor(press('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(press('z', { metaKey: true }))).toBe('undo');
    expect(shortcutFor(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(press('z', { metaKey: true, shiftKey: true }))).toBe('redo');
    // Plain letters with Ctrl are the browser's (Ctrl+L focuses the address bar).
    expect(shortcutFor(press('l', { ctrlKey: true }))).toBeNull();
  });

  it('fires nothing while typing in a text field', () => {
    for (const html of ['<input type="text">', '<input>', '<input type="search">', '<textarea></textarea>', '<div contenteditable="true"></div>']) {
      const target = element(html);
      expect(shortcutFor(press(' ', { target })), html).toBeNull();
      expect(shortcutFor(press('j', { target })), html).toBeNull();
      expect(shortcutFor(press('z', { target, ctrlKey: true })), html).toBeNull();
    }
  });

  it('leaves arrows and letters to a focused slider, but still undoes from it', () => {
    const slider = element('<span role="slider" tabindex="0"></span>');
    expect(shortcutFor(press('ArrowLeft', { target: slider }))).toBeNull();
    expect(shortcutFor(press('z', { target: slider, ctrlKey: true }))).toBe('undo');
    const range = element('<input type="range">');
    expect(shortcutFor(press('ArrowRight', { target: range }))).toBeNull();
  });

  it('lets Space press an ordinary button, but not the transport buttons', () => {
    const button = element('<button>Reset</button>');
    expect(shortcutFor(press(' ', { target: button }))).toBeNull();
    expect(shortcutFor(press('l', { target: button }))).toBe('shuttle-forward');
    const play = element('<button data-transport>Play</button>');
    expect(shortcutFor(press(' ', { target: play }))).toBe('play-pause');
  });
});

describe('nextShuttleSpeed', () => {
  it('doubles up to 8× in the pressed direction and turns around at 1×', () => {
    expect(nextShuttleSpeed(0, 'shuttle-forward')).toBe(1);
    expect(nextShuttleSpeed(1, 'shuttle-forward')).toBe(2);
    expect(nextShuttleSpeed(8, 'shuttle-forward')).toBe(8);
    expect(nextShuttleSpeed(4, 'shuttle-reverse')).toBe(-1);
    expect(nextShuttleSpeed(-1, 'shuttle-reverse')).toBe(-2);
    expect(nextShuttleSpeed(-8, 'shuttle-reverse')).toBe(-8);
    expect(nextShuttleSpeed(-2, 'shuttle-forward')).toBe(1);
    expect(nextShuttleSpeed(4, 'shuttle-stop')).toBe(0);
  });
});

describe('frameStepTime', () => {
  it('moves to the middle of the next or previous frame at the clip frame rate', () => {
    expect(frameStepTime(0, 25, 1, 2)).toBeCloseTo(1.5 / 25);
    expect(frameStepTime(1.5 / 25, 25, 1, 2)).toBeCloseTo(2.5 / 25);
    expect(frameStepTime(1.5 / 25, 25, -1, 2)).toBeCloseTo(0.5 / 25);
    // Exactly on a frame boundary counts as that frame.
    expect(frameStepTime(0.4, 25, 1, 2)).toBeCloseTo(11.5 / 25);
    expect(frameStepTime(1 / 30, 30, -1, 2)).toBeCloseTo(0.5 / 30);
  });

  it('stays inside the clip', () => {
    expect(frameStepTime(0, 25, -1, 2)).toBeCloseTo(0.5 / 25);
    expect(frameStepTime(1.99, 25, 1, 2)).toBeCloseTo(2 - 0.5 / 25);
  });
});
