import type { TStage } from '@ats/contracts/pipeline';

// One builder of a stage for the web app's unit tests (not shipped: only tests import it).

/** A user stage with plausible defaults; `extra` overrides any field. */
export const testStage = (
  id: number,
  name: string,
  order: number = id,
  extra: Partial<TStage> = {},
): TStage => ({
  id,
  name,
  color: '#3B82F6',
  order,
  status_type: 'user',
  is_favorite: false,
  is_offer: false,
  is_reject: false,
  reject_kind: null,
  is_required: false,
  stay_duration: null,
  actions: [],
  evaluation_id: null,
  status_group_id: null,
  vacancy_id: 7,
  admin_user_statuses: [],
  ...extra,
});
