import { Link } from 'react-router';
import { PageLayout } from '../../ui/primitives';
import { CaseStudies } from './CaseStudies';
import { ColorPsychology } from './ColorPsychology';
import { GradingTechniques } from './GradingTechniques';
import { LutShowcase } from './LutShowcase';
import { QuickReference } from './QuickReference';
import { SceneBreakdowns } from './SceneBreakdowns';
import './film-analysis.css';

/** /film-color-analysis and its aliases. */
export default function FilmColorAnalysisPage() {
  return (
    <PageLayout
      title="Film Color Analysis"
      backTo="/"
      backLabel="Back to Dashboard"
      subtitle="How landmark films use colour, and how to grade your own footage toward their looks."
      actions={
        <Link to="/" className="btn">
          Dashboard
        </Link>
      }
    >
      <CaseStudies />
      <ColorPsychology />
      <LutShowcase />
      <SceneBreakdowns />
      <GradingTechniques />
      <QuickReference />
    </PageLayout>
  );
}
