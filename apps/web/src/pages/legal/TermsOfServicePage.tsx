import { TERMS_OF_SERVICE } from './content/terms';
import { LegalPage } from './LegalPage';

/** /terms-of-service. */
export default function TermsOfServicePage() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
