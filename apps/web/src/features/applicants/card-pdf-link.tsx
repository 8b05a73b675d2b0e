import { DocumentArrowDownIcon } from '@heroicons/react/24/outline';
import { buttonClassName } from '@ats/ui/button';

/** The API path of the card's printable PDF (the session cookie authorises the download). */
export const cardPdfUrl = (applicantId: number) => `/api/applicants/${applicantId}/pdf`;

/**
 * A plain link: the server answers with the file (Content-Disposition: attachment, named after
 * the applicant), so the browser saves it without holding it in memory first.
 */
export function CardPdfLink({ applicantId }: { applicantId: number }) {
  return (
    <a href={cardPdfUrl(applicantId)} download className={buttonClassName('secondary', 'sm')}>
      <DocumentArrowDownIcon className="size-4" aria-hidden="true" />
      Скачать PDF
    </a>
  );
}
