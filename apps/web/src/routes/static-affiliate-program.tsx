import { AffiliateScreen } from '../features/static-pages/affiliate-screen';

export default function StaticAffiliateProgramRoute() {
  return <AffiliateScreen />;
}
