import { imageAtDensities } from '../../shared/images/image-densities';
import { useAccountState } from '../../shared/session/session.queries';

/** The company's logo beside its name in the header, when the company has one. */
export function CompanyLogo() {
  const { data } = useAccountState();
  const url = data?.state === 'active' ? data.account.logo_url : null;
  if (!url) return null;
  return (
    <img
      {...imageAtDensities(url, '32')}
      alt="Логотип компании"
      className="size-8 shrink-0 rounded-md object-contain ring-1 ring-zinc-200"
    />
  );
}
