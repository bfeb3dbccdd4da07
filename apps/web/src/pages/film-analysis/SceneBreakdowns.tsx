import { SCENE_BREAKDOWNS } from './content/scene-breakdowns';
import { Palette } from './Palette';

export function SceneBreakdowns() {
  return (
    <section className="fa-section" aria-labelledby="fa-scenes">
      <h2 id="fa-scenes">Iconic Scene Breakdowns</h2>
      <div className="stack">
        {SCENE_BREAKDOWNS.map((breakdown) => (
          <article key={breakdown.film} className="card fa-card fa-scene" aria-label={`${breakdown.film}: ${breakdown.scene}`}>
            <div>
              <h3>{breakdown.film}</h3>
              <p className="muted small">
                {breakdown.scene} · cinematography by {breakdown.cinematographer}
              </p>
              <Palette colors={breakdown.colors} />
            </div>
            <div>
              <p>{breakdown.analysis}</p>
              <p className="fa-lesson">
                <strong>Key lesson: </strong>
                {breakdown.lesson}
              </p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
