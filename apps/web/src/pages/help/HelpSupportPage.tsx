import { PageLayout } from '../../ui/primitives';
import { ContactCards } from './ContactCards';
import { FaqAccordion } from './FaqAccordion';
import { SystemStatus } from './SystemStatus';
import './help.css';

/** /help-support, /getting-started, /contact-support. */
export default function HelpSupportPage() {
  return (
    <PageLayout title="Help & Support" backLabel="Back to Home" subtitle="Answers to common questions, the ways to reach us, and whether everything is running.">
      <ContactCards />
      <SystemStatus />
      <FaqAccordion />
    </PageLayout>
  );
}
