import { Link } from 'react-router';
import { currentYear } from '../../lib/format-date';
import { PageLayout } from '../../ui/primitives';
import { CORRECTION_VS_GRADING, FEATURES, TOOLS, type Blurb } from './content/landing';
import { MasterClasses } from './MasterClasses';
import './color-correction.css';

function BlurbGrid({ id, title, blurbs, className }: { id: string; title: string; blurbs: readonly Blurb[]; className: string }) {
  return (
    <section className="cc-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className={className}>
        {blurbs.map((blurb) => (
          <div key={blurb.title} className="card cc-blurb">
            <h3>{blurb.title}</h3>
            <p className="muted">{blurb.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

/** /color-correction-grading and its aliases. */
export default function ColorCorrectionGradingPage() {
  return (
    <PageLayout title="Color Correction & Grading" backLabel="Back to Home">
      <section className="cc-hero" aria-label="Introduction">
        <p className="cc-hero-lead">Correct the shot, then give it a look: in your browser, with the same pipeline from preview to export.</p>
        <div className="cc-hero-split">
          {CORRECTION_VS_GRADING.map((half) => (
            <p key={half.title}>
              <strong>{half.title}</strong> {half.text}
            </p>
          ))}
        </div>
        <Link to="/editor" className="btn btn-primary btn-lg">
          Start Color Grading
        </Link>
      </section>
      <BlurbGrid id="cc-features" title="Why grade with Cinegrade" blurbs={FEATURES} className="grid-3" />
      <BlurbGrid id="cc-tools" title="Professional Tools" blurbs={TOOLS} className="grid-3 cc-tools" />
      <MasterClasses />
      <section className="card cc-cta" aria-labelledby="cc-cta">
        <h2 id="cc-cta">Ready to grade your own footage?</h2>
        <p className="muted">Upload a clip or a photo, correct it, choose a look and export exactly what you see.</p>
        <Link to="/editor" className="btn btn-primary btn-lg">
          Get Started Now
        </Link>
      </section>
      <p className="cc-footer faint small">© {currentYear()} Cinegrade. Course material written by the Cinegrade colour team.</p>
    </PageLayout>
  );
}
