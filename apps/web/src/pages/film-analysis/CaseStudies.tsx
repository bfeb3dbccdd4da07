import { CASE_STUDIES } from './content/case-studies';
import { OpenInEditorLink } from './OpenInEditorLink';
import { Palette } from './Palette';

export function CaseStudies() {
  return (
    <section className="fa-section" aria-labelledby="fa-case-studies">
      <h2 id="fa-case-studies">Iconic Film Case Studies</h2>
      <div className="fa-grid-2">
        {CASE_STUDIES.map((study) => (
          <article key={study.id} className="card fa-card" aria-labelledby={`case-${study.id}`}>
            <h3 id={`case-${study.id}`}>{study.title}</h3>
            <p className="muted small">{study.subtitle}</p>
            <Palette colors={study.colorScheme} />
            <p>{study.description}</p>
            <blockquote className="fa-quote">{study.analysis}</blockquote>
            <h4 className="section-title">Techniques</h4>
            <ul className="fa-list">
              {study.techniques.map((technique) => (
                <li key={technique}>{technique}</li>
              ))}
            </ul>
            <div className="fa-actions">
              <OpenInEditorLink lookId={study.lookId} label={`the ${study.title} look`} />
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
