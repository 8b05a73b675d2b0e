import {
  APPLICANT_FIELDS,
  PERMISSION_ACTIONS,
  VACANCY_VISIBLE_FIELDS,
  type TAdminUserSetting,
  type TAdminUserSettingPatch,
  type TMemberType,
} from './users.ts';

const allFlags = <K extends string>(keys: readonly K[], value: boolean) =>
  Object.fromEntries(keys.map((k) => [k, value])) as Record<K, boolean>;

/** Recruiters (owners) start with every action allowed; hiring managers (watchers) with none. */
export function defaultAdminUserSetting(memberType: TMemberType): TAdminUserSetting {
  return {
    is_hide_history_applicant: false,
    is_hide_experience: false,
    is_hide_education: false,
    is_hide_chat: false,
    is_confirm_send_opd: false,
    pick_sort_vacancies: 'owners',
    pick_sort_applications: 'table',
    permissions_actions: allFlags(PERMISSION_ACTIONS, memberType === 'owner'),
    visible_fields_vacancy: allFlags(VACANCY_VISIBLE_FIELDS, true),
    download_pdf: allFlags(
      APPLICANT_FIELDS.map((f) => `is_${f}` as const),
      true,
    ),
  };
}

export const defaultApplicantFieldSettings = () =>
  allFlags(
    APPLICANT_FIELDS.map((f) => `is_${f}` as const),
    true,
  );

/** Stored settings may predate a key; read them over the defaults of the user's role. */
export function readAdminUserSetting(
  stored: Record<string, unknown>,
  memberType: TMemberType,
): TAdminUserSetting {
  return mergeAdminUserSetting(
    defaultAdminUserSetting(memberType),
    stored as TAdminUserSettingPatch,
  );
}

export function mergeAdminUserSetting(
  base: TAdminUserSetting,
  patch: TAdminUserSettingPatch,
): TAdminUserSetting {
  return {
    ...base,
    ...patch,
    permissions_actions: { ...base.permissions_actions, ...patch.permissions_actions },
    visible_fields_vacancy: { ...base.visible_fields_vacancy, ...patch.visible_fields_vacancy },
    download_pdf: { ...base.download_pdf, ...patch.download_pdf },
  };
}
