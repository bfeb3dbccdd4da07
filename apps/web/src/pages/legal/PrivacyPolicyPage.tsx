import { PRIVACY_POLICY } from './content/privacy';
import { LegalPage } from './LegalPage';

/** /privacy-policy (spec part 2 §2.9). */
export default function PrivacyPolicyPage() {
  return <LegalPage document={PRIVACY_POLICY} />;
}
