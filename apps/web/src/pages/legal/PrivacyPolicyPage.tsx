import { PageLayout } from '../../ui/primitives';

export default function PrivacyPolicyPage() {
  return (
    <PageLayout title="Privacy Policy" backLabel="Back to Home">
      <p className="muted">What Cinegrade collects, why, and how it is protected.</p>
    </PageLayout>
  );
}
