import type { ReactNode } from 'react';

/** One section of the overview: its heading, a line of introduction and a grid of cards. */
export function LearningSection(props: { id: string; title: string; intro: string; columns: 2 | 3; children: ReactNode }) {
  const headingId = `learn-${props.id}-heading`;
  return (
    <section className="learn-section" aria-labelledby={headingId}>
      <header className="learn-section-head">
        <h2 id={headingId}>{props.title}</h2>
        <p className="muted">{props.intro}</p>
      </header>
      <ul className={`learn-grid learn-grid-${props.columns}`} role="list">
        {props.children}
      </ul>
    </section>
  );
}
