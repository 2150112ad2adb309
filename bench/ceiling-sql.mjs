// The fair ceiling's statements (ceiling-server.mjs): for each list route, the SQL Pact's route sends today,
// copied from the wire (pg-proxy.mjs; `node bench/lists.mjs` compares these texts with what the built server
// sends and says when they differ), and a presenter that turns its rows (rowMode 'array') into the JSON
// fields Pact answers with. The ceiling stands for what the route does now: when a route's statement
// changes, keep these as they are to measure the change against the same ceiling, or copy the new text
// here to raise the ceiling with it. lists.mjs checks the ceiling's answers against Pact's, field for field.
import { presentRow as presentTaskRow, LIST_SQL as TASKS_SQL } from './tasks-sql.mjs';

/** The task list's page size when the checkout pages it (0: it answers the whole list, as before). */
const TASK_PAGE = Number(process.env.CEILING_TASK_PAGE ?? 0);
/** The paged list's statement: the list's, with each task's created_at to the microsecond. */
export const TASKS_PAGE_SQL = TASKS_SQL.replace(
  ' from "tasks" ',
  `, to_char("tasks"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from "tasks" `,
);

export const PUNISHMENTS_SQL =
  'select "punishments"."id", "punishments"."pair_id", "punishments"."assigned_by", "punishments"."assigned_to", "punishments"."title", "punishments"."description", "punishments"."severity", "punishments"."reason", "punishments"."notes", "punishments"."created_at", "punishments"."updated_at", "punishments"."completed", "punishments"."completed_at", "punishments"."aftercare_required", "punishments"."timer_enabled", "punishments"."timer_duration", "punishments"."timer_start_time", "punishments"."voice_note", "punishments"."voice_note_description", "punishments"."feedback", "punishments"."feedback_given_at", "punishments"."feedback_given_by", "assigner"."display_name", "assignee"."display_name", "pairs"."dominant_id", "pairs"."submissive_id" from "punishments" inner join "pairs" on "pairs"."id" = "punishments"."pair_id" left join "users" "assigner" on "assigner"."id" = "punishments"."assigned_by" left join "users" "assignee" on "assignee"."id" = "punishments"."assigned_to" where "punishments"."pair_id" in (select "pairs"."id" from "pairs" where "pairs"."status" = \'active\' and ("pairs"."dominant_id" = $1 or "pairs"."submissive_id" = $2)) order by "punishments"."created_at" desc, "punishments"."id" desc limit $3';

export const MESSAGES_NEWEST_SQL =
  'select "journal_messages"."id", "journal_messages"."pair_id", "journal_messages"."sender_id", "journal_messages"."receiver_id", "journal_messages"."content", "journal_messages"."tone", "journal_messages"."voice_note", "journal_messages"."voice_note_description", "journal_messages"."created_at", "users"."display_name" from "journal_messages" left join "users" on "users"."id" = "journal_messages"."sender_id" where "journal_messages"."pair_id" = (select "pairs"."id" from "pairs" where "pairs"."status" = \'active\' and (("pairs"."dominant_id" = $1 and "pairs"."submissive_id" = $2) or ("pairs"."dominant_id" = $3 and "pairs"."submissive_id" = $4)) order by "pairs"."created_at" limit 1) order by "journal_messages"."created_at" desc, "journal_messages"."id" desc limit $5';

export const NOTIFICATIONS_SQL =
  'select "id", "user_id", "type", "title", "message", "data", "read", "created_at", "updated_at" from "notifications" where "notifications"."user_id" = $1 order by "notifications"."created_at" desc, "notifications"."id" desc limit $2';

/** The unread count, capped at 100 (decision 045: the answer is "100 or more" past it). */
export const NOTIFICATIONS_UNREAD_SQL =
  'select count(*) from (select "id" from "notifications" where ("notifications"."user_id" = $1 and "notifications"."read" = $2) limit $3) "unread"';

export const CONTRACT_BY_PARTNER_SQL =
  'select "contracts"."id", "contracts"."pair_id", "contracts"."current_version_id", "contracts"."dominant_signed_version_id", "contracts"."dominant_signed_at", "contracts"."submissive_signed_version_id", "contracts"."submissive_signed_at", "contracts"."signed_at", "contracts"."edit_request_status", "contracts"."edit_requested_by", "contracts"."last_edited_by", "contracts"."created_at", "contracts"."updated_at", "contracts"."caps_in_force", "contracts"."caps_lowered_at", "contract_versions"."number", "contract_versions"."content", "contract_versions"."caps", "contract_versions"."sha256", "pairs"."id", "pairs"."dominant_id", "pairs"."submissive_id", "dom"."display_name", "sub"."display_name" from "contracts" inner join "contract_versions" on "contract_versions"."id" = "contracts"."current_version_id" inner join "pairs" on "pairs"."id" = "contracts"."pair_id" inner join "users" "dom" on "dom"."id" = "pairs"."dominant_id" inner join "users" "sub" on "sub"."id" = "pairs"."submissive_id" where "contracts"."pair_id" = (select "pairs"."id" from "pairs" where "pairs"."status" = \'active\' and (("pairs"."dominant_id" = $1 and "pairs"."submissive_id" = $2) or ("pairs"."dominant_id" = $3 and "pairs"."submissive_id" = $4)) order by "pairs"."created_at" limit 1) limit $5';

export const TASK_HISTORY_SQL =
  'select "task_completions"."id", "task_completions"."task_id", "task_completions"."pair_id", "task_completions"."title", "task_completions"."description", "task_completions"."created_at", "task_completions"."task_type", "task_completions"."completed_by", "task_completions"."assigned_by", "task_completions"."assigned_to", "task_completions"."completed_at", "task_completions"."due_date_at_time", "task_completions"."on_time", "task_completions"."lateness_seconds", "task_completions"."photo_proof", "task_completions"."voice_proof", "task_completions"."voice_note", "task_completions"."voice_note_description", "task_completions"."repeat_config", "task_completions"."feedback", "task_completions"."feedback_given_at", "task_completions"."feedback_given_by", "task_completions"."feedback_acknowledged", "task_completions"."feedback_acknowledged_by", "task_completions"."feedback_acknowledged_at", "completer"."display_name", "assignee"."display_name", "tasks"."due_date", "pairs"."dominant_id", "pairs"."submissive_id" from "task_completions" inner join "pairs" on "pairs"."id" = "task_completions"."pair_id" left join "users" "completer" on "completer"."id" = "task_completions"."completed_by" left join "users" "assignee" on "assignee"."id" = "task_completions"."assigned_to" left join "tasks" on "tasks"."id" = "task_completions"."task_id" where "task_completions"."pair_id" in (select "pairs"."id" from "pairs" where "pairs"."status" = \'active\' and ("pairs"."dominant_id" = $1 or "pairs"."submissive_id" = $2)) order by "task_completions"."completed_at" desc, "task_completions"."id" desc limit $3';

export const PARTNERS_SQL =
  'select "users"."id", "users"."display_name", "users"."role", "users"."photo_url" from "partners" inner join "users" on "users"."id" = "partners"."partner_id" where "partners"."user_id" = $1 order by "partners"."created_at" asc';

export const PARTNER_REQUESTS_SQL =
  'select "partner_requests"."id", "partner_requests"."sender_id", coalesce("sender"."display_name", "partner_requests"."display_name"), "partner_requests"."role", "sender"."photo_url", "partner_requests"."receiver_id", "receiver"."display_name", "receiver"."role", "receiver"."photo_url", "partner_requests"."status", "partner_requests"."created_at" from "partner_requests" inner join "users" "sender" on "sender"."id" = "partner_requests"."sender_id" inner join "users" "receiver" on "receiver"."id" = "partner_requests"."receiver_id" where ("partner_requests"."sender_id" = $1 or "partner_requests"."receiver_id" = $2) order by "partner_requests"."created_at" desc, "partner_requests"."id" desc limit $3';

/** Pact's areConnected (after an empty journal page or no contract): sent only when nothing was found. */
export const CONNECTED_SQL =
  'select "id" from "partners" where ("partners"."user_id" = $1 and "partners"."partner_id" = $2) limit $3';

/** The session and its user, by token: what the ceiling reads once per session before keeping it in memory. */
export const SESSION_SQL =
  'select s.user_id, s.session_role, s.expires_at, u.role from sessions s join users u on u.id = s.user_id where s.token = $1 and s.expires_at > now()';

// The statements Pact's list routes send since their reads are bounded (decision 047): the ids of at most a
// list's length of rows a pair (or a side) gathered from the list's index, then the rows by primary key.
// The role-scoped lists send one statement per acting role: the dominant's text here, the submissive's
// made from it (byRole).
export const TASKS_BOUNDED_SQL =
  'select "tasks"."id", "tasks"."pair_id", "tasks"."title", "tasks"."description", "tasks"."created_at", "tasks"."updated_at", "tasks"."due_date", "tasks"."scheduled_due_date", "tasks"."completed", "tasks"."completed_at", "tasks"."completed_by", "tasks"."completion_on_time", "tasks"."completion_lateness_seconds", "tasks"."assigned_by", "tasks"."assigned_to", "tasks"."photo_proof_required", "tasks"."photo_proof", "tasks"."voice_proof", "tasks"."voice_note", "tasks"."voice_note_description", "tasks"."repeat_config", "tasks"."time_zone", "tasks"."cycle_reopens_at", "tasks"."task_type", "tasks"."limit_tags", "tasks"."limit_state", "tasks"."feedback", "tasks"."feedback_given_at", "tasks"."feedback_given_by", "tasks"."feedback_acknowledged", "tasks"."feedback_acknowledged_by", "tasks"."feedback_acknowledged_at", "tasks"."areas", "assigner"."display_name", "assignee"."display_name", "completer"."display_name", "pairs"."dominant_id", "pairs"."submissive_id", to_char("tasks"."created_at" at time zone \'UTC\', \'YYYY-MM-DD"T"HH24:MI:SS.US"Z"\') from "tasks" inner join "pairs" on "pairs"."id" = "tasks"."pair_id" left join "users" "assigner" on "assigner"."id" = "tasks"."assigned_by" left join "users" "assignee" on "assignee"."id" = "tasks"."assigned_to" left join "users" "completer" on "completer"."id" = "tasks"."completed_by" where "tasks"."id" = any(array(select "newest"."id" from "pairs" cross join lateral (select "tasks"."id" as "id" from "tasks" where "tasks"."pair_id" = "pairs"."id" and not ("tasks"."completed" and "tasks"."repeat_config" is null and "tasks"."task_type" = \'assigned\') order by "tasks"."created_at" desc, "tasks"."id" desc limit 51) "newest" where "pairs"."status" = \'active\' and "pairs"."dominant_id" = $1)) order by "tasks"."created_at" desc, "tasks"."id" desc limit $2';
export const PUNISHMENTS_BOUNDED_SQL =
  'select "punishments"."id", "punishments"."pair_id", "punishments"."assigned_by", "punishments"."assigned_to", "punishments"."title", "punishments"."description", "punishments"."severity", "punishments"."reason", "punishments"."notes", "punishments"."created_at", "punishments"."updated_at", "punishments"."completed", "punishments"."completed_at", "punishments"."aftercare_required", "punishments"."timer_enabled", "punishments"."timer_duration", "punishments"."timer_start_time", "punishments"."timer_remaining_ms", "punishments"."voice_note", "punishments"."voice_note_description", "punishments"."feedback", "punishments"."feedback_given_at", "punishments"."feedback_given_by", "punishments"."areas", "punishments"."limit_tags", "punishments"."limit_state", (select case\n    when count(*) = 0 then null\n    when count(*) filter (where "aftercare_answers"."answered_at" is null) > 0 then \'asked\'\n    when bool_or("aftercare_answers"."dismissed") then \'closed\'\n    else \'given\' end\n  from "aftercare" join "aftercare_answers" on "aftercare_answers"."aftercare_id" = "aftercare"."id"\n  where "aftercare"."punishment_id" = "punishments"."id"), "assigner"."display_name", "assignee"."display_name", "pairs"."dominant_id", "pairs"."submissive_id" from "punishments" inner join "pairs" on "pairs"."id" = "punishments"."pair_id" left join "users" "assigner" on "assigner"."id" = "punishments"."assigned_by" left join "users" "assignee" on "assignee"."id" = "punishments"."assigned_to" where "punishments"."id" = any(array(select "newest"."id" from "pairs" cross join lateral (select "punishments"."id" as "id" from "punishments" where "punishments"."pair_id" = "pairs"."id" order by "punishments"."created_at" desc, "punishments"."id" desc limit 500) "newest" where "pairs"."status" = \'active\' and "pairs"."dominant_id" = $1)) order by "punishments"."created_at" desc, "punishments"."id" desc limit $2';
export const TASK_HISTORY_BOUNDED_SQL =
  'select "task_completions"."id", "task_completions"."task_id", "task_completions"."pair_id", "task_completions"."title", "task_completions"."description", "task_completions"."created_at", "task_completions"."task_type", "task_completions"."completed_by", "task_completions"."assigned_by", "task_completions"."assigned_to", "task_completions"."completed_at", "task_completions"."due_date_at_time", "task_completions"."on_time", "task_completions"."lateness_seconds", "task_completions"."photo_proof", "task_completions"."voice_proof", "task_completions"."voice_note", "task_completions"."voice_note_description", "task_completions"."repeat_config", "task_completions"."feedback", "task_completions"."feedback_given_at", "task_completions"."feedback_given_by", "task_completions"."feedback_acknowledged", "task_completions"."feedback_acknowledged_by", "task_completions"."feedback_acknowledged_at", "completer"."display_name", "assignee"."display_name", "tasks"."due_date", "pairs"."dominant_id", "pairs"."submissive_id" from "task_completions" inner join "pairs" on "pairs"."id" = "task_completions"."pair_id" left join "users" "completer" on "completer"."id" = "task_completions"."completed_by" left join "users" "assignee" on "assignee"."id" = "task_completions"."assigned_to" left join "tasks" on "tasks"."id" = "task_completions"."task_id" where "task_completions"."id" = any(array(select "newest"."id" from "pairs" cross join lateral (select "task_completions"."id" as "id" from "task_completions" where "task_completions"."pair_id" = "pairs"."id" order by "task_completions"."completed_at" desc, "task_completions"."id" desc limit 500) "newest" where "pairs"."status" = \'active\' and "pairs"."dominant_id" = $1)) order by "task_completions"."completed_at" desc, "task_completions"."id" desc limit $2';
export const PARTNER_REQUESTS_BOUNDED_SQL =
  'select "partner_requests"."id", "partner_requests"."sender_id", coalesce("sender"."display_name", "partner_requests"."display_name"), "partner_requests"."role", "sender"."photo_url", "partner_requests"."receiver_id", "receiver"."display_name", "receiver"."role", "receiver"."photo_url", "partner_requests"."status", "partner_requests"."created_at" from "partner_requests" inner join "users" "sender" on "sender"."id" = "partner_requests"."sender_id" inner join "users" "receiver" on "receiver"."id" = "partner_requests"."receiver_id" where "partner_requests"."id" = any(array((select "partner_requests"."id" from "partner_requests" where "partner_requests"."sender_id" = $1 order by "partner_requests"."created_at" desc, "partner_requests"."id" desc limit 100) union all (select "partner_requests"."id" from "partner_requests" where "partner_requests"."receiver_id" = $2 order by "partner_requests"."created_at" desc, "partner_requests"."id" desc limit 100))) order by "partner_requests"."created_at" desc, "partner_requests"."id" desc limit $3';

const DOMINANT_SCOPE = 'and "pairs"."dominant_id" = $1))';
/** A role-scoped statement's two texts, by acting role. */
export const byRole = (dominantSql) => {
  if (!dominantSql.includes(DOMINANT_SCOPE)) throw new Error('byRole: not a role-scoped statement');
  return {
    dominant: dominantSql,
    submissive: dominantSql.replace(DOMINANT_SCOPE, 'and "pairs"."submissive_id" = $1))'),
  };
};

const ms = (d) => (d ? d.getTime() : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Pact's presentLimitTags for the catalogue's ids; the bench's rows carry no tags, and the ceiling reads
 * no titles of a pair's own items, so a row with tags is refused rather than answered differently. */
const limitTags = (tags) => {
  if (tags && tags.length > 0) throw new Error('the ceiling does not present limit tags');
  return [];
};

const punishment = (r) => ({
  id: r[0],
  pairId: r[1],
  dominantId: r[29],
  submissiveId: r[30],
  title: r[4],
  description: r[5],
  severity: r[6],
  areas: r[23] ?? [],
  reason: r[7],
  notes: r[8],
  createdAt: r[9].getTime(),
  assignedBy: r[2],
  assignedByName: r[27] ?? 'Unknown User',
  assignedTo: r[3],
  assignedToName: r[28] ?? 'Unknown User',
  isCompleted: r[11],
  completedAt: ms(r[12]),
  aftercareRequired: r[13],
  aftercare: r[26] ?? null,
  timerEnabled: r[14],
  timerDuration: r[15],
  timerStartTime: ms(r[16]),
  timerRemainingMs: r[17],
  voiceNote: r[18],
  voiceNoteDescription: r[19],
  feedback: r[20],
  feedbackGivenAt: ms(r[21]),
  feedbackGivenBy: r[22],
  limitTags: limitTags(r[24]),
  limitState: r[25],
});

/** A row of TASKS_BOUNDED_SQL as Pact's presentTask shows it. nextDueDate of an open repeating task needs
 * the shared schedule rule: the bench's tasks do not repeat, and the answers are compared first. */
const task = (r) => {
  const due = r[6].getTime();
  if (r[20] && !r[8]) throw new Error('the ceiling does not schedule repeating tasks');
  return {
    id: r[0],
    pairId: r[1],
    dominantId: r[36],
    submissiveId: r[37],
    title: r[2],
    description: r[3],
    createdAt: r[4].getTime(),
    dueDate: due,
    nextDueDate: r[20] ? due : null,
    isCompleted: r[8],
    completedAt: ms(r[9]),
    completedBy: r[10],
    completedByName: r[35],
    assignedBy: r[13],
    assignedByName: r[33] ?? 'Unknown User',
    assignedTo: r[14],
    assignedToName: r[34] ?? 'Unknown User',
    photoProofRequired: r[15],
    photoProof: r[16],
    voiceProof: r[17],
    voiceNote: r[18],
    voiceNoteDescription: r[19],
    areas: r[32] ?? [],
    taskType: r[23],
    onTime: r[11],
    latenessSeconds: r[12],
    repeatConfig: r[20] ?? null,
    timeZone: r[21],
    limitTags: limitTags(r[24]),
    limitState: r[25],
    feedback: r[26],
    feedbackGivenAt: ms(r[27]),
    feedbackGivenBy: r[28],
    feedbackAcknowledged: r[29],
    feedbackAcknowledgedBy: r[30],
    feedbackAcknowledgedAt: ms(r[31]),
  };
};

/** Pact's normalizeCaps (shared/domain/caps.ts). */
const AREAS = ['friends_family', 'money', 'work_study', 'health'];
const caps = (raw) => {
  const c = raw ?? {};
  return {
    maxSeverity: c.maxSeverity ?? null,
    timerMinutesPerDay: c.timerMinutesPerDay ?? null,
    openTasks: c.openTasks ?? null,
    proofRequestsPerDay: c.proofRequestsPerDay ?? null,
    quietHours: c.quietHours ? { start: c.quietHours.start, end: c.quietHours.end } : null,
    protectedAreas: AREAS.filter((a) => c.protectedAreas?.includes(a)),
  };
};

const message = (r) => ({
  id: r[0],
  pairId: r[1],
  senderId: r[2],
  senderName: r[9] ?? 'Unknown User',
  receiverId: r[3],
  content: r[4],
  tone: r[5],
  voiceNote: r[6],
  voiceNoteDescription: r[7],
  createdAt: r[8].getTime(),
});

const notification = (r) => ({
  id: r[0],
  userId: r[1],
  type: r[2],
  title: r[3],
  message: r[4],
  data: r[5],
  read: r[6],
  createdAt: r[7].getTime(),
  updatedAt: r[8].getTime(),
});

/** The side of the pair the session acts on (Pact's roleIn). */
const roleIn = (actor, dominantId, submissiveId) =>
  dominantId === actor.id && actor.actingRole === 'dominant'
    ? 'dominant'
    : submissiveId === actor.id && actor.actingRole === 'submissive'
      ? 'submissive'
      : null;

const contract = (r, actor) => ({
  id: r[0],
  pairId: r[1],
  content: r[16],
  versionId: r[2],
  versionNumber: r[15],
  sha256: r[18],
  isDominantSigned: r[3] === r[2] && r[3] !== null,
  isSubmissiveSigned: r[5] === r[2] && r[5] !== null,
  dominantSignedAt: ms(r[4]),
  submissiveSignedAt: ms(r[6]),
  signedAt: ms(r[7]),
  editRequestStatus: r[8],
  editRequestedBy: r[9],
  lastEditedBy: r[10],
  updatedAt: r[12].getTime(),
  createdAt: r[11].getTime(),
  dominant: { id: r[20], name: r[22], role: 'dominant' },
  submissive: { id: r[21], name: r[23], role: 'submissive' },
  myRole: roleIn(actor, r[20], r[21]),
  caps: { version: caps(r[17]), inForce: caps(r[13]) },
});

const completion = (r) => ({
  id: r[0],
  taskId: r[1],
  pairId: r[2],
  dominantId: r[28],
  submissiveId: r[29],
  title: r[3],
  description: r[4],
  taskType: r[6],
  completedBy: r[7],
  completedByName: r[25] ?? 'Unknown User',
  assignedBy: r[8],
  assignedTo: r[9],
  assignedToName: r[26] ?? 'Unknown User',
  completedAt: r[10].getTime(),
  dueDateAtTime: r[11].getTime(),
  onTime: r[12],
  latenessSeconds: r[13],
  photoProof: r[14],
  voiceProof: r[15],
  voiceNote: r[16],
  voiceNoteDescription: r[17],
  repeatConfig: r[18] ?? null,
  nextDueDate: r[18] && r[27] ? r[27].getTime() : null,
  feedback: r[19],
  feedbackGivenAt: ms(r[20]),
  feedbackGivenBy: r[21],
  feedbackAcknowledged: r[22],
  feedbackAcknowledgedBy: r[23],
  feedbackAcknowledgedAt: ms(r[24]),
});

const request = (r) => ({
  id: r[0],
  senderId: r[1],
  senderName: r[2],
  senderRole: r[3],
  senderPhotoURL: r[4],
  receiverId: r[5],
  receiverName: r[6],
  receiverRole: r[7],
  receiverPhotoURL: r[8],
  status: r[9],
  createdAt: r[10].getTime(),
});

const MESSAGE_PAGE = 50;

/** The partner id of a `?partnerId=` route, or null (the route answers 400, as Pact's validation does). */
export const partnerIdOf = (query) => {
  const id = query.get('partnerId');
  return id && UUID.test(id) ? id : null;
};

/**
 * The task list in pages (CEILING_TASK_PAGE, set by lists.mjs when the checkout answers a page; the
 * statement check, in the bench's own process, looks at it too).
 */
export const PAGED_TASKS_ROUTE = {
  // The list in pages (CEILING_TASK_PAGE, set by lists.mjs when the checkout answers a page):
  // TASK_PAGE + 1 rows, each with its created_at to the microsecond for the cursor.
  statements: [['tasks_page', byRole(TASKS_BOUNDED_SQL), (a) => [a.id, TASK_PAGE + 1]]],
  due: (rows, now) => rows.some((r) => r[8] && r[22] && r[22].getTime() <= now),
  present: ([rows]) => {
    const page = rows.slice(0, TASK_PAGE);
    const last = page.at(-1);
    return {
      tasks: page.map(task),
      nextCursor: rows.length > TASK_PAGE && last ? `${last[38]}_${last[0]}` : null,
    };
  },
};

/**
 * The list routes, by path. Each: `statements` (name, SQL, values of the actor and the query string; the SQL
 * may be one text per acting role, `byRole`, sent under the name suffixed with the role), sent
 * together (Pact's notifications send two at once), then `present` (their rows -> the JSON body), or
 * `empty` when the first statement found nothing: what the route does then (Pact asks whether the two are
 * connected: null or a 404).
 */
export const ROUTES = {
  '/api/tasks': TASK_PAGE
    ? PAGED_TASKS_ROUTE
    : {
        statements: [['tasks_list', TASKS_SQL, (a) => [a.id, a.id, 500]]],
        // Pact reopens due repeating tasks with a write before answering: the bench's tasks never are due.
        due: (rows, now) => rows.some((r) => r[7] && r[21] && r[21].getTime() <= now),
        present: ([rows]) => ({ tasks: rows.map(presentTaskRow) }),
      },
  '/api/punishments': {
    statements: [['punishments_list', byRole(PUNISHMENTS_BOUNDED_SQL), (a) => [a.id, 500]]],
    present: ([rows]) => ({ punishments: rows.map(punishment) }),
  },
  '/api/journal/messages': {
    partner: true,
    statements: [['messages_newest', MESSAGES_NEWEST_SQL, (a, p) => [a.id, p, p, a.id, MESSAGE_PAGE + 1]]],
    empty: 'not-found',
    notFound: 'No partner connection found',
    present: ([rows]) => {
      const page = rows.slice(0, MESSAGE_PAGE).map(message);
      const oldest = page.at(-1);
      return {
        messages: page.reverse(),
        olderCursor: rows.length > MESSAGE_PAGE && oldest ? `${oldest.createdAt}_${oldest.id}` : null,
      };
    },
  },
  '/api/notifications': {
    statements: [
      ['notifications_list', NOTIFICATIONS_SQL, (a) => [a.id, 51]],
      ['notifications_unread_capped', NOTIFICATIONS_UNREAD_SQL, (a) => [a.id, false, 100]],
    ],
    present: ([rows, [unread]]) => {
      const page = rows.slice(0, 50);
      return {
        notifications: page.map(notification),
        unreadCount: unread ? Number(unread[0]) : 0,
        nextBefore: rows.length > 50 ? page.at(-1)[0] : null,
      };
    },
  },
  '/api/contracts': {
    partner: true,
    statements: [['contract_by_partner', CONTRACT_BY_PARTNER_SQL, (a, p) => [a.id, p, p, a.id, 1]]],
    empty: 'null',
    notFound: 'Could not find partner connection',
    present: ([rows], actor) => ({ contract: contract(rows[0], actor) }),
  },
  '/api/task-completions': {
    statements: [['task_history_list', byRole(TASK_HISTORY_BOUNDED_SQL), (a) => [a.id, 500]]],
    present: ([rows]) => ({ completions: rows.map(completion) }),
  },
  '/api/partners': {
    statements: [['partners_list', PARTNERS_SQL, (a) => [a.id]]],
    present: ([rows]) => ({
      partners: rows.map((r) => ({ id: r[0], name: r[1], role: r[2], photoURL: r[3] })),
    }),
  },
  '/api/partner-requests': {
    statements: [['partner_requests_list', PARTNER_REQUESTS_BOUNDED_SQL, (a) => [a.id, a.id, 100]]],
    present: ([rows]) => ({ requests: rows.map(request) }),
  },
};
