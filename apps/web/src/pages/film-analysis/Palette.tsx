import type { Swatch } from './content/types';

/** A row of hex swatches, each named for what it is in the picture. */
export function Palette({ colors }: { colors: readonly Swatch[] }) {
  return (
    <ul className="fa-palette" aria-label="Palette">
      {colors.map((swatch) => (
        <li key={swatch.hex + swatch.name} className="fa-swatch">
          <span className="fa-swatch-chip" style={{ background: swatch.hex }} aria-hidden />
          <span className="fa-swatch-name">{swatch.name}</span>
          <code className="fa-swatch-hex">{swatch.hex}</code>
        </li>
      ))}
    </ul>
  );
}
