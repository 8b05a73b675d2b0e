import { cx } from '@ats/ui/class-names';
import { applicantInitials, type ApplicantNameParts } from '../format/applicant-format';
import { imageAtDensities } from '../images/image-densities';

type Props = ApplicantNameParts & { photo?: string | null; size?: 'sm' | 'lg' };

/** The photo, or the initials on a calm background when there is none. */
export function ApplicantAvatar({ photo, size = 'sm', ...name }: Props) {
  const box = size === 'lg' ? 'size-20 text-xl' : 'size-9 text-xs';
  if (photo) {
    return (
      <img
        // size-20 is 80 CSS pixels, size-9 is 36.
        {...imageAtDensities(photo, size === 'lg' ? '80' : '36')}
        alt=""
        loading="lazy"
        className={cx(box, 'shrink-0 rounded-full object-cover ring-1 ring-zinc-200')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cx(
        box,
        'inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-50 font-semibold text-indigo-700',
      )}
    >
      {applicantInitials(name)}
    </span>
  );
}
