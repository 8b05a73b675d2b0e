import { useSearchParams } from 'react-router';
import { parseCompareParams } from '../shared/doubles/compare-url';
import { MergeScreen } from '../features/duplicates/merge-screen';

export default function ApplicantDoubleRoute() {
  const [search] = useSearchParams();
  const params = parseCompareParams(search);
  // The key starts a fresh comparison (choices, primary) when the pair in the link changes.
  return (
    <MergeScreen key={params.ok ? `${params.first}-${params.second}` : 'bad'} params={params} />
  );
}
