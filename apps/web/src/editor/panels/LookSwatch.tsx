import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createValueStore } from '../../lib/value-store';
import type { Swatches } from './use-look-swatches';

/**
 * A look's swatch: the frame through the look when there is one, else the look's preview
 * gradient. `data-swatch` says which is showing.
 */
export function LookSwatch({ pixels, width, height, gradient }: { pixels: Uint8ClampedArray | undefined; width: number; height: number; gradient: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = pixels ? canvas.current?.getContext('2d') : null;
    if (!context || !pixels) return;
    context.putImageData(new ImageData(new Uint8ClampedArray(pixels), width, height), 0, 0);
  }, [pixels, width, height]);
  if (!pixels) return <span className="look-swatch" data-swatch="gradient" style={{ background: gradient }} aria-hidden />;
  return <canvas ref={canvas} className="look-swatch" data-swatch="frame" width={width} height={height} aria-hidden />;
}

export interface CardBaseProps {
  selected: boolean;
  tabIndex: number;
  gridKey: string;
  swatches: Swatches;
  onFocus: () => void;
}

/** Room in pixels between the whole-name tip, its card and the window's edges. */
const TIP_GAP = 4;

/**
 * A card's whole name, shown while the card is hovered or focused and its own label cuts the name
 * short (a card is about 70 px wide; names run to 25 characters). Fixed to the window, above the
 * card (below it when there is no room above), so the catalogue's scroller cannot clip it.
 */
function NameTip({ anchor, text }: { anchor: HTMLElement; text: string }) {
  const tip = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const place = () => {
      const element = tip.current;
      if (!element) return;
      const card = anchor.getBoundingClientRect();
      const { offsetWidth: width, offsetHeight: height } = element;
      const left = Math.max(TIP_GAP, Math.min(card.left + card.width / 2 - width / 2, window.innerWidth - width - TIP_GAP));
      const top = card.top - height - TIP_GAP >= TIP_GAP ? card.top - height - TIP_GAP : card.bottom + TIP_GAP;
      element.style.left = `${left}px`;
      element.style.top = `${top}px`;
      element.style.visibility = 'visible';
    };
    place();
    // The grid scrolls under a focused card (arrow keys, a wheel): the tip follows it.
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [anchor]);
  // The card's accessible name is already the whole name: the tip is for the eye only.
  return createPortal(
    <span ref={tip} className="look-name-tip" data-testid="look-name-tip" aria-hidden>
      {text}
    </span>,
    document.body,
  );
}

/**
 * The grid key of the card under the pointer. One tip at a time: the hovered card's, else the
 * focused card's (a person can hover one card while the keyboard focus is on another).
 */
const hoveredCard = createValueStore<string | null>(null);

/** Whether no card, this card or another is hovered: re-renders only when that answer changes. */
function useHover(key: string): 'none' | 'this' | 'other' {
  const answer = () => {
    const hovered = hoveredCard.get();
    return hovered === null ? 'none' : hovered === key ? 'this' : 'other';
  };
  return useSyncExternalStore(hoveredCard.subscribe, answer, answer);
}

/** Whether the card's name label cuts the name short. */
function nameCutShort(card: HTMLElement): boolean {
  const label = card.querySelector<HTMLElement>('.look-card-name');
  return label !== null && label.scrollWidth > label.clientWidth;
}

/**
 * A card of the grid: the swatch, the name over it (the whole name in a tip on hover and focus
 * when the label cuts it short, and in the title), badges in the corners.
 */
export function SwatchButton(
  props: CardBaseProps & {
    className: string;
    name: string;
    label: string;
    title: string;
    description?: string | undefined;
    data: Record<string, string>;
    swatch: ReactNode;
    onChoose: () => void;
    children?: ReactNode;
  },
) {
  const descriptionId = useId();
  const hover = useHover(props.gridKey);
  const [focused, setFocused] = useState(false);
  // The card, when its name is cut short (measured as the pointer or the focus arrives).
  const [cutCard, setCutCard] = useState<HTMLElement | null>(null);
  const measure = (card: HTMLElement) => setCutCard(nameCutShort(card) ? card : null);
  const key = props.gridKey;
  // A card that goes (another chip, a search) while hovered is no longer under the pointer.
  useEffect(() => () => {
    if (hoveredCard.get() === key) hoveredCard.set(null);
  }, [key]);
  const showTip = cutCard !== null && (hover === 'this' || (focused && hover === 'none'));
  return (
    <button
      type="button"
      className={`look-card${props.selected ? ' look-card-selected' : ''}${props.className}`}
      aria-pressed={props.selected}
      aria-label={props.label}
      aria-describedby={props.description ? descriptionId : undefined}
      title={props.title}
      tabIndex={props.tabIndex}
      data-grid-key={props.gridKey}
      {...props.data}
      onFocus={(event) => {
        setFocused(true);
        measure(event.currentTarget);
        props.onFocus();
      }}
      onBlur={() => setFocused(false)}
      onMouseEnter={(event) => {
        measure(event.currentTarget);
        hoveredCard.set(key);
      }}
      onMouseLeave={() => {
        if (hoveredCard.get() === key) hoveredCard.set(null);
      }}
      onClick={props.onChoose}
    >
      {props.swatch}
      <span className="look-card-name">{props.name}</span>
      {props.children}
      {props.description && (
        <span id={descriptionId} className="sr-only">
          {props.description}
        </span>
      )}
      {showTip && <NameTip anchor={cutCard} text={props.name} />}
    </button>
  );
}
