// What GET /api/tasks must do, in SQL: the statements of the baseline server (baseline-server.mjs) and of
// the bare-SQL target of api.mjs. LIST_SQL is the list statement Pact's route sends (drizzle's text for
// listTasks: taskQuery + inActorPairs), copied from a trace of the built server; REOPEN_SQL is its
// reopen-cycles step (one UPDATE before the list). If the route's statement changes shape, copy the new text
// here: the baseline stands for what the route has to do, not for how it does it today.

/** The session and its user, by token, in one statement (better-auth sends two). */
export const SESSION_SQL = `select s.user_id, s.session_role, u.role from sessions s join users u on u.id = s.user_id where s.token = $1 and s.expires_at > now()`;

export const LIST_SQL = `select "tasks"."id", "tasks"."pair_id", "tasks"."title", "tasks"."description", "tasks"."created_at", "tasks"."updated_at", "tasks"."due_date", "tasks"."completed", "tasks"."completed_at", "tasks"."completed_by", "tasks"."completion_on_time", "tasks"."completion_lateness_seconds", "tasks"."assigned_by", "tasks"."assigned_to", "tasks"."photo_proof_required", "tasks"."photo_proof", "tasks"."voice_proof", "tasks"."voice_note", "tasks"."voice_note_description", "tasks"."repeat_config", "tasks"."time_zone", "tasks"."cycle_reopens_at", "tasks"."task_type", "tasks"."feedback", "tasks"."feedback_given_at", "tasks"."feedback_given_by", "tasks"."feedback_acknowledged", "tasks"."feedback_acknowledged_by", "tasks"."feedback_acknowledged_at", "assigner"."display_name", "assignee"."display_name", "completer"."display_name", "pairs"."dominant_id", "pairs"."submissive_id" from "tasks" inner join "pairs" on "pairs"."id" = "tasks"."pair_id" left join "users" "assigner" on "assigner"."id" = "tasks"."assigned_by" left join "users" "assignee" on "assignee"."id" = "tasks"."assigned_to" left join "users" "completer" on "completer"."id" = "tasks"."completed_by" where "tasks"."pair_id" in (select "pairs"."id" from "pairs" where "pairs"."status" = 'active' and ("pairs"."dominant_id" = $1 or "pairs"."submissive_id" = $2)) order by "tasks"."created_at" desc, "tasks"."id" desc limit $3`;
export const listParams = (userId) => [userId, userId, 500];

export const REOPEN_SQL = `update "tasks" set "updated_at" = $1, "completed" = $2, "completed_at" = $3, "completed_by" = $4, "completion_on_time" = $5, "completion_lateness_seconds" = $6, "cycle_reopens_at" = $7 from "pairs" where ("pairs"."id" = "tasks"."pair_id" and "tasks"."completed" = $8 and "tasks"."cycle_reopens_at" <= $9 and "tasks"."pair_id" in (select "pairs"."id" from "pairs" where "pairs"."status" = 'active' and ("pairs"."dominant_id" = $10 or "pairs"."submissive_id" = $11))) returning "tasks"."id", "pairs"."id", "pairs"."dominant_id", "pairs"."submissive_id"`;
export const reopenParams = (userId) => {
  const now = new Date().toISOString();
  return [now, false, null, null, null, null, null, true, now, userId, userId];
};

const ms = (d) => (d ? d.getTime() : null);

/**
 * A row of LIST_SQL (rowMode 'array') as the API shows a task (Pact's presentTask). nextDueDate of a
 * repeating open task needs the shared schedule rule; the bench's tasks do not repeat, and api.mjs
 * compares this view with Pact's answer before it measures anything.
 */
export function presentRow(r) {
  const due = r[6].getTime();
  return {
    id: r[0],
    pairId: r[1],
    dominantId: r[32],
    submissiveId: r[33],
    title: r[2],
    description: r[3],
    createdAt: r[4].getTime(),
    dueDate: due,
    nextDueDate: r[19] ? due : null,
    isCompleted: r[7],
    completedAt: ms(r[8]),
    completedBy: r[9],
    completedByName: r[31],
    assignedBy: r[12],
    assignedByName: r[29] ?? 'Unknown User',
    assignedTo: r[13],
    assignedToName: r[30] ?? 'Unknown User',
    photoProofRequired: r[14],
    photoProof: r[15],
    voiceProof: r[16],
    voiceNote: r[17],
    voiceNoteDescription: r[18],
    taskType: r[22],
    onTime: r[10],
    latenessSeconds: r[11],
    repeatConfig: r[19] ?? null,
    timeZone: r[20],
    feedback: r[23],
    feedbackGivenAt: ms(r[24]),
    feedbackGivenBy: r[25],
    feedbackAcknowledged: r[26],
    feedbackAcknowledgedBy: r[27],
    feedbackAcknowledgedAt: ms(r[28]),
  };
}
