import { SHOWCASE_LOOKS } from './content/showcase-looks';
import { FilmExamplesDialog } from './FilmExamplesDialog';
import { OpenInEditorLink } from './OpenInEditorLink';

export function LutShowcase() {
  return (
    <section className="fa-section" aria-labelledby="fa-showcase">
      <h2 id="fa-showcase">Professional LUT Showcase</h2>
      <div className="fa-grid-3">
        {SHOWCASE_LOOKS.map((look) => (
          <article key={look.name} className="card fa-card" aria-label={look.name}>
            <h3>{look.name}</h3>
            <p className="muted">{look.description}</p>
            <dl className="fa-facts">
              <dt>Mood</dt>
              <dd>{look.mood}</dd>
              <dt>Best for</dt>
              <dd>{look.useCase}</dd>
            </dl>
            <div className="fa-actions">
              <FilmExamplesDialog
                subject={look.name}
                detailLabel="Cinematographer"
                description={`Films whose photography shows the ${look.name} look, and the scene to study.`}
                examples={look.filmExamples.map((film) => ({ title: film.title, scene: film.scene, detail: film.cinematographer }))}
              />
              <OpenInEditorLink lookId={look.lookId} label={look.name} />
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
