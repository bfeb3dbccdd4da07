import { RESOURCES } from './content/resources';
import type { Resource } from './content/types';
import { LearningSection } from './LearningSection';

export function ResourcesSection(props: { onOpen: (resource: Resource, opener: HTMLElement) => void }) {
  return (
    <LearningSection id="resources" title="Educational Resources" intro="Articles to read in one sitting and come back to while you grade." columns={3}>
      {RESOURCES.map((resource) => (
        <li key={resource.id} className="card learn-card learn-clickable">
          <div className="learn-meta">
            <span className="badge badge-accent">{resource.type}</span>
            <span>{resource.readTime} read</span>
          </div>
          <h3>{resource.title}</h3>
          <p className="muted small learn-grow">{resource.description}</p>
          <button
            type="button"
            className="btn learn-stretch"
            aria-label={`Read Article: ${resource.title}`}
            onClick={(event) => props.onOpen(resource, event.currentTarget)}
          >
            Read Article
          </button>
        </li>
      ))}
    </LearningSection>
  );
}
