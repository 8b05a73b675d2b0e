import { AnalyticsScreen } from '../features/analytics/analytics-screen';

export default function AnalyticsRoute() {
  return <AnalyticsScreen />;
}
