import { PageLayout } from '../../ui/primitives';

export default function HelpSupportPage() {
  return (
    <PageLayout title="Help & Support" backLabel="Back to Home">
      <p className="muted">Answers to common questions and the ways to reach us.</p>
    </PageLayout>
  );
}
