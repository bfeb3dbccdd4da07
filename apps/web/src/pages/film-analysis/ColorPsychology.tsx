import { useState, type CSSProperties } from 'react';
import { COLOR_PSYCHOLOGY } from './content/psychology';
import type { PsychologyColor } from './content/types';

/** Clicking a card selects its colour; clicking it again clears the selection. */
export function ColorPsychology() {
  const [selected, setSelected] = useState<PsychologyColor | null>(null);
  return (
    <section className="fa-section" aria-labelledby="fa-psychology">
      <h2 id="fa-psychology">Color Psychology in Cinema</h2>
      <div className="fa-grid-3">
        {COLOR_PSYCHOLOGY.map((entry) => (
          <button
            key={entry.name}
            type="button"
            className="card fa-card fa-psychology-card"
            aria-pressed={selected === entry.name}
            onClick={() => setSelected((current) => (current === entry.name ? null : entry.name))}
            aria-labelledby={`psychology-${entry.name}`}
            aria-describedby={`psychology-${entry.name}-meaning`}
            style={{ '--fa-hue': entry.color } as CSSProperties}
          >
            <span className="fa-psychology-swatch" aria-hidden />
            <span className="fa-psychology-name" id={`psychology-${entry.name}`}>
              {entry.name}
            </span>
            <span className="fa-psychology-meaning" id={`psychology-${entry.name}-meaning`}>
              {entry.meaning}
            </span>
            <span className="fa-psychology-films">
              {entry.films.map((film) => (
                <span key={film.title} className="fa-psychology-film">
                  <strong>{film.title}</strong> {film.note}
                </span>
              ))}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
