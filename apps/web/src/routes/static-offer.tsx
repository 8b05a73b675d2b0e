import { LegalScreen } from '../features/static-pages/legal-screen';

export default function StaticOfferRoute() {
  return <LegalScreen document="offer" />;
}
