import { ChangelogScreen } from '../features/static-pages/changelog-screen';

export default function StaticChangelogRoute() {
  return <ChangelogScreen />;
}
