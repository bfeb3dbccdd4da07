import { ArticleBody } from './ArticleBody';
import type { Resource } from './content/types';
import { useReaderFocus } from './use-reader-focus';

/** The full-page reader for an educational resource. */
export function ResourceReader(props: { resource: Resource; onClose: () => void }) {
  const { resource } = props;
  const { readerRef, headingRef } = useReaderFocus(resource.id);
  return (
    <article ref={readerRef} className="learn-reader" aria-labelledby="learn-reader-title">
      <div className="learn-reader-bar">
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          ← Back to Educational Resources
        </button>
      </div>
      <header className="learn-reader-head">
        <div className="learn-meta">
          <span className="badge badge-accent">{resource.type}</span>
          <span>{resource.readTime} read</span>
        </div>
        <h2 id="learn-reader-title" ref={headingRef} tabIndex={-1} className="learn-reader-title">
          {resource.title}
        </h2>
        <p className="muted">{resource.description}</p>
      </header>
      <ArticleBody source={resource.fullContent} headingLevel={3} />
      <footer className="learn-reader-foot">
        <button type="button" className="btn btn-primary" onClick={props.onClose}>
          Close Reader
        </button>
      </footer>
    </article>
  );
}
