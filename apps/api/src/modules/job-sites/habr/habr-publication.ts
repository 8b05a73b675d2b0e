import type { SiteResult } from '../site-call.ts';

// Habr Career takes no vacancies through its API (integrations.md §3: the integration API gives
// an employer's vacancies, their responses and the responders' profiles; "no vacancy publishing").
// A company places the vacancy on career.habr.com itself and links it to ours on /habr, and the
// sync brings its responses onto our vacancy's board. So every publishing call is refused here
// with that advice, before anything is sent to Habr, and nothing is stored.

export const HABR_NO_PUBLISHING =
  'Хабр Карьера не принимает вакансии через API: разместите вакансию на career.habr.com и свяжите её с нашей на странице «Хабр Карьера» — отклики придут на доску вакансии';

const refused = async (): Promise<SiteResult<never>> => ({
  ok: false,
  kind: 'refused',
  status: 409,
  message: HABR_NO_PUBLISHING,
});

export const habrPublications = {
  create: refused,
  update: refused,
  prolong: refused,
  archive: refused,
  read: refused,
};
