import { toast } from '../../ui/toast-store';
import { LEARNING_PATHS } from './content/learning-paths';
import { describeReading } from './content/lookup';
import type { LearningModule, LearningPath } from './content/types';
import { formatMinutes } from './content/measure';
import { LevelBadge } from './LevelBadge';
import { NumberedButton } from './NumberedButton';
import { useToggleSet } from './use-toggle-set';
import { LearningSection } from './LearningSection';

/** Starting a path and choosing a module only announce it. */
function startPath(path: LearningPath): void {
  toast({ title: 'Learning Path Started', description: `${path.title}: begin with module 1, ${path.modules[0]?.title ?? ''}.` });
}

function selectModule(module: LearningModule, number: number): void {
  toast({ title: 'Module Selected', description: `Module ${number}: ${module.title}` });
}

export function LearningPathsSection() {
  const [modulesOpen, toggleModules] = useToggleSet();

  return (
    <LearningSection id="paths" title="Learning Paths" intro="The tutorials, articles and chapters above, put in the order to learn them." columns={2}>
      {LEARNING_PATHS.map((path) => {
        const open = modulesOpen.has(path.id);
        const modulesId = `learn-modules-${path.id}`;
        return (
          <li key={path.id} className="card learn-card">
            <div className="learn-meta">
              <LevelBadge level={path.level} />
              <span>{path.duration}</span>
              <span>{path.modules.length} modules</span>
              <span>{path.tutorials} video tutorials</span>
            </div>
            <h3>{path.title}</h3>
            <p className="muted small">{path.description}</p>
            <div className="row row-wrap">
              <button type="button" className="btn btn-primary" aria-label={`Start Learning Path: ${path.title}`} onClick={() => startPath(path)}>
                Start Learning Path
              </button>
              <button
                type="button"
                className="btn"
                aria-label={`${open ? 'Hide' : 'View'} Modules: ${path.title}`}
                aria-expanded={open}
                aria-controls={open ? modulesId : undefined}
                onClick={() => toggleModules(path.id)}
              >
                {open ? 'Hide Modules' : 'View Modules'}
              </button>
            </div>
            {open && (
              <ol className="learn-modules" id={modulesId} aria-label={`${path.title}: modules`}>
                {path.modules.map((module, index) => (
                  <li key={module.title}>
                    <NumberedButton
                      kind="Module"
                      number={index + 1}
                      title={module.title}
                      className="learn-module"
                      details={
                        <>
                          <span className="learn-toc-detail">{module.summary}</span>
                          <span className="learn-toc-detail">
                            {formatMinutes(module.minutes)}
                            {module.tutorial && ` · Video: ${module.tutorial}`}
                            {module.reading && ` · Read: ${describeReading(module.reading) ?? ''}`}
                          </span>
                        </>
                      }
                      onClick={() => selectModule(module, index + 1)}
                    />
                  </li>
                ))}
              </ol>
            )}
          </li>
        );
      })}
    </LearningSection>
  );
}
