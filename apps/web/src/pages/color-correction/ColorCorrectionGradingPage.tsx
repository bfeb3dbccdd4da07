import { PageLayout } from '../../ui/primitives';

export default function ColorCorrectionGradingPage() {
  return (
    <PageLayout title="Color Correction & Grading" backLabel="Back to Home">
      <p className="muted">From correcting a shot to giving it a look: courses and workflows.</p>
    </PageLayout>
  );
}
