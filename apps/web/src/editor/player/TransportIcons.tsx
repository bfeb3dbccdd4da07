/** Transport icons as inline SVG: emoji glyphs are missing from many system fonts. */
const common = { width: 14, height: 14, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;

export function ResetIcon() {
  return (
    <svg {...common}>
      <rect x="2" y="3" width="2" height="10" fill="currentColor" />
      <path d="M14 3v10L5 8z" fill="currentColor" />
    </svg>
  );
}

export function PlayIcon() {
  return (
    <svg {...common}>
      <path d="M4 2.5v11l9.5-5.5z" fill="currentColor" />
    </svg>
  );
}

export function PauseIcon() {
  return (
    <svg {...common}>
      <rect x="3.5" y="2.5" width="3" height="11" fill="currentColor" />
      <rect x="9.5" y="2.5" width="3" height="11" fill="currentColor" />
    </svg>
  );
}

export function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg {...common}>
      <path d="M2 6h3l4-3.5v11L5 10H2z" fill="currentColor" />
      {muted ? (
        <path d="M11 5.5l4 5m0-5l-4 5" stroke="currentColor" strokeWidth="1.5" fill="none" />
      ) : (
        <path d="M11 5.5a3.5 3.5 0 0 1 0 5M12.5 3.5a6 6 0 0 1 0 9" stroke="currentColor" strokeWidth="1.3" fill="none" />
      )}
    </svg>
  );
}
