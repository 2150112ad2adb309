import { createECDH, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { NO_CAPS } from '@/shared/domain/caps';
import {
  emailOnlyInput,
  loginInput,
  recoveryCheckInput,
  registerInput,
  resetPasswordInput,
  sessionRoleInput,
} from '@/shared/schemas/accounts';
import { aftercareAnswerInput } from '@/shared/schemas/aftercare';
import { lockSettingsInput, setLockInput, unlockInput } from '@/shared/schemas/app-lock';
import { avatarUserParam } from '@/shared/schemas/avatars';
import { calendarQuery } from '@/shared/schemas/calendar';
import { lowerCapsInput } from '@/shared/schemas/caps';
import {
  cadenceInput,
  checkinAnswerInput,
  checkinHistoryQuery,
  checkinInput,
} from '@/shared/schemas/checkins';
import { idParam } from '@/shared/schemas/common';
import {
  contractContentInput,
  contractPartnerInput,
  contractResetInput,
  contractSignInput,
  contractTemplateInput,
  contractVersionParam,
} from '@/shared/schemas/contracts';
import { contestInfractionInput, infractionsQuery, logInfractionInput } from '@/shared/schemas/infractions';
import { messagesQuery, sealMessagesInput, sendMessageInput } from '@/shared/schemas/journal';
import { pairWrapsInput, rewrapInput, setUpKeysInput } from '@/shared/schemas/keys';
import { limitAnswerInput, limitFinishInput, limitItemInput } from '@/shared/schemas/limits';
import { audioUploadQuery, photoUploadQuery, proofKeepInput } from '@/shared/schemas/media';
import { aftercareWishesInput, negotiationPartnerInput } from '@/shared/schemas/negotiation';
import { notificationPreferencesInput } from '@/shared/schemas/notification-preferences';
import {
  blockUserInput,
  partnerIdParam,
  searchUsersInput,
  sendRequestInput,
} from '@/shared/schemas/partners';
import { addPasskeyInput, passkeyAssertionInput, renamePasskeyInput } from '@/shared/schemas/passkeys';
import { askPermissionInput, decidePermissionInput, permissionsQuery } from '@/shared/schemas/permissions';
import {
  awardPointsInput,
  correctPointsInput,
  createRewardInput,
  decideRedemptionInput,
  pointsQuery,
  redeemRewardInput,
  redemptionsQuery,
  rewardsQuery,
  updateRewardInput,
} from '@/shared/schemas/points';
import {
  createPunishmentInput,
  punishmentCompletionInput,
  punishmentFeedbackInput,
  punishmentTagsInput,
} from '@/shared/schemas/punishments';
import { pushEndpointInput, pushPreferencesInput, pushSubscriptionInput } from '@/shared/schemas/push';
import { recordQuery, recordVerifyInput } from '@/shared/schemas/record';
import {
  createRitualInput,
  markRitualInput,
  ritualDayParam,
  ritualsQuery,
  updateRitualInput,
} from '@/shared/schemas/rituals';
import { acknowledgeRuleInput, createRuleInput, rulesQuery, updateRuleInput } from '@/shared/schemas/rules';
import { changePasswordInput, deleteAccountInput } from '@/shared/schemas/settings';
import { stopInput } from '@/shared/schemas/stops';
import {
  aboveAndBeyondInput,
  completeTaskInput,
  createTaskInput,
  feedbackInput,
  taskListQuery,
  updateTaskInput,
} from '@/shared/schemas/tasks';
import { weeksQuery } from '@/shared/schemas/weeks';
import type { TableName } from './database';
import type { RawBody } from './fuzz';
import type { Couple } from './partners';
import { punishmentBody } from './punishments';
import type { TestServer } from './server';
import { taskBody } from './tasks';
import { registrationBody, STRONG_PASSWORD } from './users';

/** Fixed, so that a failure is replayed by the same run; fast-check prints it with the counterexample. */
export const SEED = 20_240_808;
export const RUNS = 30;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Actor = 'dominant' | 'submissive' | 'anonymous';

export interface FuzzRoute {
  /** The JSON body's schema; a route without one is sent hostile bodies all the same. */
  json?: z.ZodType;
  query?: z.ZodType;
  /** The path parameter's schema (every route names at most one). */
  param?: z.ZodType;
  /** A raw upload: its body is bytes of the given kind, or junk. */
  upload?: 'photo' | 'audio';
  /** Who calls it: the auth routes are for anybody, the rest for a signed-in member of the couple. */
  anonymous?: boolean;
  /** Tables a refusal of this route writes on purpose (failed logins are counted per address). */
  records?: TableName[];
  /** A body the route accepts, for the fuzz to spoil one field at a time. */
  sample?: (f: Fixture) => Record<string, unknown>;
  runs?: number;
}

export interface Fixture {
  server: TestServer;
  couple: Couple;
  photo: string;
  /** The couple's contract and the version it showed when opened. */
  contract: { id: string; versionId: string };
}

const FUZZ_ENDPOINT = 'https://push.example.invalid/fuzz/1';
/** A browser's subscription keys: a point on P-256 and a 16-byte secret. */
const FUZZ_KEYS = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: 'ABCDEFGHIJKLMNOPQRSTUV' };
})();

/** A sealed text the schema accepts (decision 101): `PE1`, key id 1, an IV and a tag's worth of bytes. */
const FUZZ_SEALED_TEXT = `pe1.${Buffer.concat([Buffer.from('PE1'), Buffer.from([0, 0, 0, 1]), Buffer.alloc(12 + 16 + 8, 7)]).toString('base64url')}`;

/** A key set-up the schema accepts: a P-256 public key and wraps of the right lengths (never opened here). */
const FUZZ_KEY_SET_UP = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const sealed = { v: 1, salt: 'A'.repeat(22), iv: 'A'.repeat(16), ct: 'C'.repeat(206) };
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    passwordWrap: { ...sealed, kdf: 'argon2id', m: 65_536, t: 3, p: 1 },
    recoveryWrap: { ...sealed, kdf: 'recovery' },
  };
})();

/** Every API route, by "METHOD path" as Hono lists it. */
export const ROUTES: Record<string, FuzzRoute> = {
  'POST /api/auth/register': { json: registerInput, anonymous: true, sample: () => registrationBody() },
  'POST /api/auth/login': {
    json: loginInput,
    anonymous: true,
    records: ['loginAttempts', 'securityEvents'],
    sample: (f) => ({ email: f.couple.dominant.email, password: f.couple.dominant.password }),
  },
  'POST /api/auth/logout': { anonymous: true, runs: 10 },
  'POST /api/auth/forgot-password': {
    json: emailOnlyInput,
    anonymous: true,
    sample: (f) => ({ email: f.couple.submissive.email }),
  },
  'POST /api/auth/resend-verification': {
    json: emailOnlyInput,
    anonymous: true,
    sample: (f) => ({ email: f.couple.submissive.email }),
  },
  'POST /api/auth/recovery/check': {
    json: recoveryCheckInput,
    anonymous: true,
    sample: () => ({ token: 'abcdef123456' }),
  },
  'POST /api/auth/reset-password': {
    json: resetPasswordInput,
    anonymous: true,
    sample: () => ({ token: 'abcdef123456', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }),
  },
  'GET /api/auth/passkey/options': { anonymous: true, runs: 10 },
  'POST /api/auth/passkey/login': {
    json: passkeyAssertionInput,
    anonymous: true,
    // A refused answer spends its challenge; a known passkey's failure is logged for its owner.
    records: ['verifications', 'securityEvents'],
  },
  // End-to-end encryption's keys (decision 100): the server checks the forms, not what the wraps hold.
  'GET /api/keys': { runs: 10 },
  'PUT /api/keys': {
    json: setUpKeysInput,
    records: ['securityEvents'],
    sample: (f) => ({ ...FUZZ_KEY_SET_UP, password: f.couple.dominant.password }),
  },
  'PUT /api/keys/password': {
    json: rewrapInput,
    records: ['securityEvents'],
    sample: (f) => ({ password: f.couple.dominant.password, passwordWrap: FUZZ_KEY_SET_UP.passwordWrap }),
  },
  'GET /api/keys/pairs/:id': { param: idParam },
  'POST /api/keys/pairs/:id/wraps': {
    param: idParam,
    json: pairWrapsInput,
    sample: (f) => ({
      wraps: [
        {
          keyId: 1,
          to: f.couple.dominant.id,
          toPublicKey: FUZZ_KEY_SET_UP.publicKey,
          iv: 'A'.repeat(16),
          ct: 'B'.repeat(64),
        },
      ],
    }),
  },
  'GET /api/me': { runs: 10 },
  'POST /api/me/visit': { runs: 10 },
  'PUT /api/me/session-role': { json: sessionRoleInput, sample: () => ({ role: 'dominant' }) },
  'POST /api/users/search': { json: searchUsersInput, sample: (f) => ({ email: f.couple.submissive.email }) },
  'GET /api/partners': { runs: 10 },
  'DELETE /api/partners/:partnerId': { param: partnerIdParam },
  'GET /api/partner-requests': { runs: 10 },
  'POST /api/partner-requests': {
    json: sendRequestInput,
    sample: (f) => ({ receiverId: f.couple.submissive.id }),
  },
  'GET /api/partner-requests/:id': { param: idParam },
  'POST /api/partner-requests/:id/accept': { param: idParam },
  'POST /api/partner-requests/:id/reject': { param: idParam },
  'POST /api/partner-requests/:id/block': { param: idParam },
  'GET /api/blocks': { runs: 10 },
  'POST /api/blocks': { json: blockUserInput, sample: (f) => ({ userId: f.couple.submissive.id }) },
  'DELETE /api/blocks/:id': { param: idParam },
  'GET /api/notifications': { runs: 10 },
  'POST /api/notifications/read-all': { runs: 10 },
  'POST /api/notifications/:id/read': { param: idParam },
  'GET /api/notifications/preferences': { runs: 10 },
  'PUT /api/notifications/preferences': {
    json: notificationPreferencesInput,
    sample: () => ({ journal: { inApp: false, push: true } }),
  },
  'GET /api/pairs': { runs: 10 },
  'GET /api/tasks': { query: taskListQuery },
  'GET /api/tasks/:id': { param: idParam },
  'POST /api/tasks': { json: createTaskInput, sample: (f) => taskBody(f.server, f.couple.submissive.id) },
  'POST /api/tasks/above-and-beyond': {
    json: aboveAndBeyondInput,
    sample: (f) => ({ dominantId: f.couple.dominant.id, title: 'Extra', details: 'Done', photoId: f.photo }),
  },
  'PUT /api/tasks/:id': {
    param: idParam,
    json: updateTaskInput,
    sample: (f) => taskBody(f.server, f.couple.submissive.id, { assignedTo: undefined }),
  },
  'DELETE /api/tasks/:id': { param: idParam },
  'POST /api/tasks/:id/restore': { param: idParam },
  'POST /api/tasks/:id/complete': { param: idParam, json: completeTaskInput },
  'POST /api/tasks/:id/accept': { param: idParam },
  'POST /api/tasks/:id/decline': { param: idParam },
  'POST /api/tasks/:id/feedback': {
    param: idParam,
    json: feedbackInput,
    sample: () => ({ feedback: 'Well done' }),
  },
  'GET /api/task-completions': { runs: 10 },
  'POST /api/task-completions/:id/feedback': {
    param: idParam,
    json: feedbackInput,
    sample: () => ({ feedback: 'Well done' }),
  },
  'POST /api/task-completions/:id/acknowledge': { param: idParam },
  'POST /api/tasks/:id/feedback-email': { param: idParam },
  'POST /api/task-completions/:id/feedback-email': { param: idParam },
  'GET /api/punishments': { runs: 10 },
  'POST /api/punishments': {
    json: createPunishmentInput,
    sample: (f) => punishmentBody(f.couple.submissive.id),
  },
  'PUT /api/punishments/:id/tags': {
    param: idParam,
    json: punishmentTagsInput,
    sample: () => ({ limitTags: ['restraint.cuffs'] }),
  },
  'DELETE /api/punishments/:id': { param: idParam },
  'POST /api/punishments/:id/accept': { param: idParam },
  'POST /api/punishments/:id/decline': { param: idParam },
  'POST /api/punishments/:id/timer': { param: idParam },
  'PUT /api/punishments/:id/completion': {
    param: idParam,
    json: punishmentCompletionInput,
    sample: () => ({ completed: true }),
  },
  'POST /api/punishments/:id/feedback': {
    param: idParam,
    json: punishmentFeedbackInput,
    sample: () => ({ feedback: 'Well done' }),
  },
  'POST /api/punishments/:id/feedback-email': { param: idParam },
  'POST /api/media/photo': { query: photoUploadQuery, upload: 'photo' },
  'POST /api/media/audio': { query: audioUploadQuery, upload: 'audio' },
  'GET /api/media/:id': { param: idParam },
  'DELETE /api/media/:id': { param: idParam },
  'GET /api/media/keep': {},
  'PUT /api/media/keep': { json: proofKeepInput, sample: () => ({ keep: '30' }) },
  'GET /api/journal/messages': { query: messagesQuery },
  'POST /api/journal/messages': {
    json: sendMessageInput,
    sample: (f) => ({ partnerId: f.couple.submissive.id, content: 'Hello', tone: 'yellow' }),
  },
  'POST /api/journal/messages/seal': {
    json: sealMessagesInput,
    // A sealed text of the right shape (key 1); the fixture's pair is not sealed, so it is refused (409).
    sample: (f) => ({
      partnerId: f.couple.submissive.id,
      messages: [{ id: randomUUID(), content: FUZZ_SEALED_TEXT }],
    }),
  },
  'POST /api/me/avatar': { upload: 'photo' },
  'DELETE /api/me/avatar': { runs: 10 },
  'GET /api/avatars/:userId': { param: avatarUserParam },
  'GET /api/me/export': { runs: 5 },
  'GET /api/me/security': { runs: 10 },
  'GET /api/me/passkeys': { runs: 10 },
  'GET /api/me/passkeys/register-options': { runs: 10 },
  'POST /api/me/passkeys': { json: addPasskeyInput, records: ['verifications'] },
  'GET /api/me/passkeys/confirm-options': { runs: 10 },
  'POST /api/me/passkeys/confirm': {
    json: passkeyAssertionInput,
    records: ['verifications', 'securityEvents'],
  },
  'PATCH /api/me/passkeys/:id': {
    param: idParam,
    json: renamePasskeyInput,
    sample: () => ({ name: 'Phone' }),
  },
  'DELETE /api/me/passkeys/:id': { param: idParam },
  'GET /api/me/sessions': { runs: 10 },
  'POST /api/me/sessions/revoke-others': { runs: 10 },
  'POST /api/me/password': {
    json: changePasswordInput,
    // A wrong current password is logged for the account's owner.
    records: ['securityEvents'],
    sample: () => ({
      currentPassword: 'Not-the-one1!',
      password: 'Fresh8$meadow',
      confirmPassword: 'Fresh8$meadow',
    }),
  },
  // A body that reads exactly DELETE deletes the actor: later runs answer 401, the next route starts afresh.
  'DELETE /api/me': { json: deleteAccountInput },
  'GET /api/contracts': { query: contractPartnerInput },
  'POST /api/contracts': {
    json: contractPartnerInput,
    sample: (f) => ({ partnerId: f.couple.submissive.id }),
  },
  'PUT /api/contracts/:id/content': {
    param: idParam,
    json: contractContentInput,
    sample: (f) => ({ baseVersionId: f.contract.versionId, content: '**Rules**' }),
  },
  'POST /api/contracts/:id/template': {
    param: idParam,
    json: contractTemplateInput,
    sample: (f) => ({
      baseVersionId: f.contract.versionId,
      fileName: 'a.txt',
      type: 'text/plain',
      text: 'A',
    }),
  },
  'POST /api/contracts/:id/reset': {
    param: idParam,
    json: contractResetInput,
    sample: (f) => ({ baseVersionId: f.contract.versionId }),
  },
  'POST /api/contracts/:id/sign': {
    param: idParam,
    json: contractSignInput,
    sample: (f) => ({ versionId: f.contract.versionId }),
  },
  'POST /api/contracts/:id/caps/lower': {
    param: idParam,
    json: lowerCapsInput,
    sample: () => ({ caps: { ...NO_CAPS, openTasks: 3 } }),
  },
  'POST /api/contracts/:id/edit-request': { param: idParam },
  'POST /api/contracts/:id/edit-request/approve': { param: idParam },
  'POST /api/contracts/:id/edit-request/deny': { param: idParam },
  'GET /api/contracts/:id/history': { param: idParam },
  'GET /api/contracts/:id/pdf': { param: idParam },
  'GET /api/contracts/:id/versions/:versionId': { param: contractVersionParam },
  'GET /api/push/config': { runs: 10 },
  'POST /api/push/subscriptions': {
    json: pushSubscriptionInput(),
    // A name that never resolves: the pushes the other runs cause go nowhere.
    sample: () => ({ endpoint: FUZZ_ENDPOINT, keys: FUZZ_KEYS, deviceInfo: 'Fuzz' }),
  },
  'DELETE /api/push/subscriptions': {
    json: pushEndpointInput(),
    sample: () => ({ endpoint: FUZZ_ENDPOINT }),
  },
  'GET /api/push/preferences': { runs: 10 },
  'PUT /api/push/preferences': {
    json: pushPreferencesInput,
    sample: () => ({
      showDetails: true,
      quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin' },
    }),
  },
  'POST /api/push/test': { runs: 10 },
  'GET /api/stops': { runs: 10 },
  'POST /api/stops': { json: stopInput, sample: () => ({}) },
  'POST /api/stops/lift': { json: stopInput, sample: () => ({}) },
  'GET /api/checkins': { runs: 10 },
  'POST /api/checkins': { json: checkinInput, sample: () => ({}) },
  'POST /api/checkins/:id/answer': {
    param: idParam,
    json: checkinAnswerInput,
    sample: () => ({ mood: 'green' }),
  },
  'GET /api/checkins/history': { query: checkinHistoryQuery, runs: 10 },
  'GET /api/checkins/cadence': { runs: 10 },
  'PUT /api/checkins/cadence': {
    json: cadenceInput,
    sample: (f) => ({
      partnerId: f.couple.submissive.id,
      frequency: 'daily',
      time: '20:00',
      timeZone: 'UTC',
    }),
  },
  'GET /api/aftercare': { runs: 10 },
  'POST /api/aftercare/:id/answer': { param: idParam, json: aftercareAnswerInput, sample: () => ({}) },
  'POST /api/aftercare/:id/dismiss': { param: idParam },
  'GET /api/limits': { runs: 10 },
  'PUT /api/limits/answer': {
    json: limitAnswerInput,
    sample: (f) => ({ partnerId: f.couple.submissive.id, itemId: 'restraint.rope', answer: 'no' }),
  },
  'POST /api/limits/items': {
    json: limitItemInput,
    sample: (f) => ({ partnerId: f.couple.submissive.id, title: 'Breakfast in bed' }),
  },
  'POST /api/limits/finish': {
    json: limitFinishInput,
    sample: (f) => ({ partnerId: f.couple.submissive.id }),
  },
  'GET /api/negotiation': { runs: 10 },
  'POST /api/negotiation/confirm': {
    json: negotiationPartnerInput,
    sample: (f) => ({ partnerId: f.couple.dominant.id }),
  },
  'POST /api/negotiation/withdraw': {
    json: negotiationPartnerInput,
    sample: (f) => ({ partnerId: f.couple.dominant.id }),
  },
  'PUT /api/negotiation/aftercare': {
    json: aftercareWishesInput,
    sample: (f) => ({ partnerId: f.couple.submissive.id, wishes: 'A blanket and water' }),
  },
  'GET /api/record': { query: recordQuery },
  'GET /api/record/pairs': { runs: 10 },
  'POST /api/record/verify': { json: recordVerifyInput, sample: () => ({}) },
  'GET /api/rules': { query: rulesQuery },
  'POST /api/rules': {
    json: createRuleInput,
    sample: (f) => ({
      partnerId: f.couple.submissive.id,
      title: 'Kneel when I enter',
      text: 'Every evening',
    }),
  },
  'GET /api/rules/:id/versions': { param: idParam },
  'PUT /api/rules/:id': {
    param: idParam,
    json: updateRuleInput,
    sample: () => ({ title: 'Kneel when I enter', text: 'Every evening', version: 1 }),
  },
  'POST /api/rules/:id/acknowledge': {
    param: idParam,
    json: acknowledgeRuleInput,
    sample: () => ({ version: 1 }),
  },
  'DELETE /api/rules/:id': { param: idParam },
  'GET /api/infractions': { query: infractionsQuery },
  'POST /api/infractions': {
    json: logInfractionInput,
    sample: () => ({ ruleId: '3f0c7a8e-0000-4000-8000-000000000000' }),
  },
  'POST /api/infractions/:id/contest': { param: idParam, json: contestInfractionInput, sample: () => ({}) },
  'POST /api/infractions/:id/withdraw': { param: idParam },
  'GET /api/points': { query: pointsQuery },
  'POST /api/points/award': {
    json: awardPointsInput,
    sample: (f) => ({ partnerId: f.couple.submissive.id, amount: 5, reason: 'Well done' }),
  },
  'POST /api/points/correction': {
    json: correctPointsInput,
    sample: (f) => ({ partnerId: f.couple.submissive.id, amount: -5, reason: 'Miscounted' }),
  },
  'GET /api/rewards': { query: rewardsQuery },
  'POST /api/rewards': {
    json: createRewardInput,
    sample: (f) => ({ partnerId: f.couple.submissive.id, title: 'A film', price: 40 }),
  },
  'PUT /api/rewards/:id': {
    param: idParam,
    json: updateRewardInput,
    sample: () => ({ title: 'A film', description: 'Of my choice', price: 40 }),
  },
  'DELETE /api/rewards/:id': { param: idParam },
  'POST /api/rewards/:id/restore': { param: idParam },
  'POST /api/rewards/:id/redeem': { param: idParam, json: redeemRewardInput, sample: () => ({}) },
  'GET /api/redemptions': { query: redemptionsQuery },
  'POST /api/redemptions/:id/grant': { param: idParam, json: decideRedemptionInput, sample: () => ({}) },
  'POST /api/redemptions/:id/deny': { param: idParam, json: decideRedemptionInput, sample: () => ({}) },
  'GET /api/weeks': { query: weeksQuery },
  'GET /api/permission-requests': { query: permissionsQuery },
  'POST /api/permission-requests': {
    json: askPermissionInput,
    sample: (f) => ({
      partnerId: f.couple.dominant.id,
      what: 'A night out with friends',
      note: 'Back by one',
    }),
  },
  'POST /api/permission-requests/:id/grant': {
    param: idParam,
    json: decidePermissionInput,
    sample: () => ({}),
  },
  'POST /api/permission-requests/:id/deny': {
    param: idParam,
    json: decidePermissionInput,
    sample: () => ({}),
  },
  'POST /api/permission-requests/:id/withdraw': { param: idParam },
  'GET /api/rituals': { query: ritualsQuery },
  'GET /api/calendar': { query: calendarQuery },
  'POST /api/rituals': {
    json: createRitualInput,
    sample: (f) => ({
      partnerId: f.couple.submissive.id,
      name: 'Morning tea',
      steps: ['Boil the water', 'Serve it'],
      days: [1, 3, 5],
      time: '07:30',
      award: 2,
    }),
  },
  'PATCH /api/rituals/:id': {
    param: idParam,
    json: updateRitualInput,
    sample: () => ({ name: 'Evening tea', days: [2, 4], time: '19:30' }),
  },
  'DELETE /api/rituals/:id': { param: idParam },
  'PUT /api/rituals/:id/days/:date': {
    param: ritualDayParam,
    json: markRitualInput,
    sample: () => ({ mark: 'done', note: 'Kept' }),
  },
  // The app lock (decision 078), last: an engaged lock answers 423 to the couple's other routes (the next
  // route then starts from a new couple). A wrong PIN counts on purpose, and the fifth deletes the session.
  'GET /api/me/lock': { runs: 10 },
  'PUT /api/me/lock': { json: setLockInput, sample: () => ({ proof: 'a'.repeat(64), idleMinutes: 5 }) },
  'PATCH /api/me/lock': { json: lockSettingsInput, sample: () => ({ idleMinutes: 15 }) },
  'DELETE /api/me/lock': { runs: 10 },
  'POST /api/me/lock/unlock': {
    json: unlockInput,
    records: ['sessionLocks', 'sessions', 'securityEvents'],
    sample: () => ({ proof: 'b'.repeat(64) }),
  },
  'POST /api/me/lock/engage': { runs: 10 },
};

/** Routes left out, each for its reason. */
export const NOT_FUZZED: Record<string, string> = {
  'GET /api/health': 'takes no input',
  'GET /api/events': 'an endless event stream; takes no input',
  'GET /api/auth/verify-email': "the auth library's own link handler (its token is tested in links.test.ts)",
};

/**
 * Rate-limit rows count requests, refused or not; a refused request may add to them. The outbox and the
 * sweeps' claims change in the background (the worker drains what earlier, accepted requests queued), not
 * because of the request under test; that a refusal sends nothing is tested by the mail tests.
 */
export const BOOKKEEPING = new Set<TableName>(['rateLimits', 'outbox', 'jobRuns']);

export interface Sent {
  method: Method;
  url: string;
  actor: Actor;
  body?: RawBody | { bytes: number; contentType: string };
}

export const describeSent = (sent: Sent) =>
  JSON.stringify(sent, (_k, v) =>
    typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…(${v.length})` : v,
  );
