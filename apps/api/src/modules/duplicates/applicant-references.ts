/**
 * Every table whose rows point at an applicant, and what a merge does with them. A merge that
 * forgot a table would lose its rows with the deleted secondary (cascade) or leave them
 * pointing at nobody; applicant-merge.test.ts reads information_schema and fails when a column
 * named applicant_id appears in a table missing here.
 *
 * - move: re-pointed to the primary; their ids are recorded so an undo moves exactly them back
 *   (a meeting, a booking link, an automation run, a job site's response and its state changes
 *   sent, and a delayed sub-task
 *   follow the person; a sub-task of a task that already has one for the primary stays with the
 *   secondary and fails as «кандидат не найден» rather than sending the same letter twice);
 * - applications: moved, or joined with the primary's application on the same vacancy (the one
 *   that moved most recently stays, the other's transitions move into it, the other is deleted
 *   and kept in the snapshot); transitions follow their application, and the log rows of the
 *   secondary's applications taken off a vacancy follow the person (decision 0083);
 * - tags: the secondary's tags are added to the primary (a union); its rows are in the snapshot;
 * - dismissals: «Не дубль» of the secondary also holds for the primary; its rows are in the
 *   snapshot;
 * - derived: match keys and stored pairs, computed again for both after a merge or an undo;
 * - tombstone: what analytics keeps of a deleted applicant (decision 0032); a merge never meets
 *   one (its two applicants exist) and leaves none for its loser, who counts through the primary;
 * - summary: analytics' per-application summaries (migration 0066), recomputed from the log by its
 *   triggers in the merge's (and the undo's) transaction as the transitions move; nothing to do;
 * - keys: the search box's contact keys (migration 0090) and name words (0107), written by the
 *   triggers on `applicants` as the merge changes the primary's contacts or name and deletes the
 *   secondary (and as an undo puts both back); nothing to do.
 */
export const APPLICANT_REFERENCES = {
  applicant_comments: 'move',
  applicant_worklog: 'move',
  files: 'move',
  applicant_evaluations: 'move',
  event_bookings: 'move',
  events: 'move',
  stage_automation_runs: 'move',
  delayed_sub_tasks: 'move',
  applicant_consent_events: 'move',
  consent_links: 'move',
  msg_chat_links: 'move',
  msg_messages: 'move',
  job_site_responses: 'move',
  job_site_state_changes: 'move',
  applications: 'applications',
  application_transitions: 'applications',
  applicant_tags: 'tags',
  applicant_double_dismissals: 'dismissals',
  applicant_match_keys: 'derived',
  applicant_doubles: 'derived',
  analytics_deleted_applicants: 'tombstone',
  analytics_application_summaries: 'summary',
  applicant_contact_keys: 'keys',
  applicant_name_keys: 'keys',
} as const;

export type MovedTable = {
  [T in keyof typeof APPLICANT_REFERENCES]: (typeof APPLICANT_REFERENCES)[T] extends 'move'
    ? T
    : never;
}[keyof typeof APPLICANT_REFERENCES];

export const MOVED_TABLES = Object.entries(APPLICANT_REFERENCES)
  .filter(([, how]) => how === 'move')
  .map(([table]) => table as MovedTable);
