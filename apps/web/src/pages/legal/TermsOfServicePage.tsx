import { TERMS_OF_SERVICE } from './content/terms';
import { LegalPage } from './LegalPage';

/** /terms-of-service (spec part 2 §2.9). */
export default function TermsOfServicePage() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
