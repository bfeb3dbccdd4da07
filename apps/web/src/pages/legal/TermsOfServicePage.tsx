import { PageLayout } from '../../ui/primitives';

export default function TermsOfServicePage() {
  return (
    <PageLayout title="Terms of Service" backLabel="Back to Home">
      <p className="muted">The terms for using Cinegrade.</p>
    </PageLayout>
  );
}
