// The link from a count of the analytics to the applicants behind it. Two features meet here:
// the analytics screen writes the link, the applicant list reads it (and shows the chip
// «Из аналитики: <что>»), so the address's shape is written once, in shared/.

/** The opaque drill of the count, passed on to GET /api/applicants?drill=…. */
export const DRILL_PARAM = 'drill';
/** What the count was, in words, for the list's chip (the drill itself means nothing to people). */
export const DRILL_LABEL_PARAM = 'drill_label';

/** `/applicants/list?drill=…&drill_label=…`: the applicant list showing exactly those counted. */
export function applicantsDrillHref(drill: string, label: string): string {
  const query = new URLSearchParams();
  query.set(DRILL_PARAM, drill);
  if (label.trim()) query.set(DRILL_LABEL_PARAM, label.trim());
  return `/applicants/list?${query.toString()}`;
}
