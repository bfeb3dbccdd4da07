import { describeReading, tutorialReading } from './content/lookup';
import { TUTORIALS } from './content/tutorials';
import type { ReadingReference } from './content/types';
import { LevelBadge } from './LevelBadge';
import { LearningSection } from './LearningSection';

/**
 * The video tutorials. No video has been made of them, so none is offered: each card says what the
 * tutorial covers and opens the chapter or article that teaches the same topic (the reading of the
 * learning-path module built on it), rather than a Start button that leads nowhere.
 */
export function VideoTutorialsSection(props: { onRead: (reading: ReadingReference, opener: HTMLElement) => void }) {
  return (
    <LearningSection id="videos" title="Video Tutorials" intro="Walkthroughs of the core techniques. The videos are not made yet; each topic is taught in the chapter or article its card opens." columns={3}>
      {TUTORIALS.map((tutorial) => {
        const reading = tutorialReading(tutorial.title);
        const where = reading && describeReading(reading);
        return (
          <li key={tutorial.title} className="card learn-card learn-clickable">
            <div className="learn-meta">
              <LevelBadge level={tutorial.level} />
              <span>{tutorial.type}</span>
            </div>
            <h3>{tutorial.title}</h3>
            <p className="muted small learn-grow">{tutorial.description}</p>
            {reading && where && (
              <>
                <p className="faint small">Read: {where}</p>
                <button
                  type="button"
                  className="btn btn-primary learn-stretch"
                  aria-label={`Read the lesson: ${tutorial.title}`}
                  onClick={(event) => props.onRead(reading, event.currentTarget)}
                >
                  Read the lesson
                </button>
              </>
            )}
          </li>
        );
      })}
    </LearningSection>
  );
}
