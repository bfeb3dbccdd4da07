import { PRIVACY_POLICY } from './content/privacy';
import { LegalPage } from './LegalPage';

/** /privacy-policy. */
export default function PrivacyPolicyPage() {
  return <LegalPage document={PRIVACY_POLICY} />;
}
