import { TUTORIALS } from './content/tutorials';
import type { Tutorial } from './content/types';
import { LevelBadge } from './LevelBadge';
import { LearningSection } from './LearningSection';

export function VideoTutorialsSection(props: { onStart: (tutorial: Tutorial) => void }) {
  return (
    <LearningSection id="videos" title="Video Tutorials" intro="Walkthroughs of the core techniques. Playback is not available in this version; every topic is also taught in the articles and books below." columns={3}>
      {TUTORIALS.map((tutorial) => (
        <li key={tutorial.title} className="card learn-card learn-clickable">
          <div className="learn-thumb" aria-hidden>
            <span className="learn-play">▶</span>
            <span className="learn-thumb-duration">{tutorial.duration}</span>
          </div>
          <div className="learn-meta">
            <LevelBadge level={tutorial.level} />
            <span>{tutorial.type}</span>
            <span>
              <span className="sr-only">Duration </span>
              {tutorial.duration}
            </span>
          </div>
          <h3>{tutorial.title}</h3>
          <p className="muted small learn-grow">{tutorial.description}</p>
          <button
            type="button"
            className="btn btn-primary learn-stretch"
            aria-label={`Start Tutorial: ${tutorial.title}`}
            onClick={() => props.onStart(tutorial)}
          >
            Start Tutorial
          </button>
        </li>
      ))}
    </LearningSection>
  );
}
