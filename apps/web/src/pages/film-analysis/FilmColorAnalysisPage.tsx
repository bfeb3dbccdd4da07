import { PageLayout } from '../../ui/primitives';

export default function FilmColorAnalysisPage() {
  return (
    <PageLayout title="Film Color Analysis" backLabel="Back to Dashboard">
      <p className="muted">How landmark films use colour, and how to grade towards their looks.</p>
    </PageLayout>
  );
}
