import { PageLayout } from '../../ui/primitives';

export default function TutorialsLearningPage() {
  return (
    <PageLayout title="Tutorials & Learning" backLabel="Back to Home">
      <p className="muted">Video tutorials, articles, books and learning paths about colour grading.</p>
    </PageLayout>
  );
}
