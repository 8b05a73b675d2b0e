import { LegalScreen } from '../features/static-pages/legal-screen';

export default function StaticPrivacyPolicyRoute() {
  return <LegalScreen document="privacy-policy" />;
}
