import { Link } from 'react-router';
import { PageLayout } from '../../ui/primitives';
import type { LegalDocument, LegalSection } from './content/types';
import './legal.css';

function Section({ section }: { section: LegalSection }) {
  const last = section.paragraphs.length - 1;
  return (
    <section className="legal-section" aria-labelledby={`legal-${section.id}`}>
      <h2 id={`legal-${section.id}`}>{section.heading}</h2>
      {section.paragraphs.map((paragraph, index) => (
        <p key={paragraph}>
          {paragraph}
          {section.linksToSupport && index === last && (
            <>
              {' '}
              our <Link to="/help-support">Help &amp; Support</Link> page.
            </>
          )}
        </p>
      ))}
      {section.points && (
        <ul>
          {section.points.map((point) => (
            <li key={point.text}>
              {point.label && <strong>{point.label}: </strong>}
              {point.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A legal page: title, back link, then its sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <PageLayout title={document.title} backLabel="Back to Home" narrow subtitle={document.summary}>
      <article className="legal">
        {document.sections.map((section) => (
          <Section key={section.id} section={section} />
        ))}
      </article>
    </PageLayout>
  );
}
