import { LegalScreen } from '../features/static-pages/legal-screen';

export default function StaticUserAgreementRoute() {
  return <LegalScreen document="user-agreement" />;
}
