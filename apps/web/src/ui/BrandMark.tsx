export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden>
      <defs>
        <linearGradient id="brand-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1f8a9e" />
          <stop offset="1" stopColor="#e08a3c" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="7" fill="#2a2a2e" />
      <circle cx="16" cy="16" r="9" fill="url(#brand-g)" />
      <circle cx="16" cy="16" r="4" fill="#2a2a2e" />
    </svg>
  );
}
