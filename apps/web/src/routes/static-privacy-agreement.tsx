import { LegalScreen } from '../features/static-pages/legal-screen';

export default function StaticPrivacyAgreementRoute() {
  return <LegalScreen document="privacy-agreement" />;
}
