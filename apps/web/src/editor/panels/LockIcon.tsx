/** A padlock drawn inline (emoji fonts are not everywhere), sized to the text around it. */
export function LockIcon({ size = '1em' }: { size?: string }) {
  return (
    <svg className="lock-icon" width={size} height={size} viewBox="0 0 16 16" aria-hidden focusable="false">
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
    </svg>
  );
}
