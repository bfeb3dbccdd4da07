import { difficultyTone, GRADING_TECHNIQUES } from './content/techniques';
import { FilmExamplesDialog } from './FilmExamplesDialog';

export function GradingTechniques() {
  return (
    <section className="fa-section" aria-labelledby="fa-techniques">
      <h2 id="fa-techniques">Practical Color Grading Examples</h2>
      <div className="fa-grid-2">
        {GRADING_TECHNIQUES.map((technique) => (
          <article key={technique.title} className="card fa-card" aria-label={technique.title}>
            <div className="row row-wrap">
              <h3 style={{ margin: 0 }}>{technique.title}</h3>
              <span className={`badge fa-difficulty fa-difficulty-${difficultyTone(technique.difficulty)}`}>{technique.difficulty}</span>
            </div>
            <p className="muted">{technique.description}</p>
            <ol className="fa-steps">
              {technique.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <div className="fa-actions">
              <FilmExamplesDialog
                subject={technique.title}
                detailLabel="Technique"
                description={`Films to study for ${technique.title}, and how each one achieved it.`}
                examples={technique.filmExamples.map((film) => ({ title: film.title, scene: film.scene, detail: film.technique }))}
              />
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
