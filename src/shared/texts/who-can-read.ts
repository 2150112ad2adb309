/**
 * Who can read what (issue 25, decision 082): the page /who-can-read, item by item, true to the code. Each of
 * the operator's items names the tables and columns (and files) that hold it; a test
 * (src/server/db/who-can-read.test.ts) reads the Drizzle schema and fails when a column that can hold
 * personal content is not named here, or when a table or column named here does not exist.
 */

/** Where an item is kept on the server: a table and its columns. */
import type { ReadSection } from './who-can-read-types';

export type { ReadItem, ReadSection, Stored } from './who-can-read-types';

const OPERATOR: ReadSection = {
  id: 'operator',
  heading: 'The server’s operator',
  intro:
    'Whoever runs the server Pact is on (you, if you host it yourselves) can read everything below in the database ' +
    'and its files. Your journal’s texts are end-to-end encrypted once you and your partner have both set up ' +
    'encryption: then the operator sees only sealed text it cannot open. Everything else below it CAN read, ' +
    'including voice notes and proofs (their encryption is being built). Only your password is kept as a one-way hash (argon2id) that cannot be ' +
    'turned back into the password. The server’s own logs hold ids and codes, never what you wrote.',
  items: [
    {
      title: 'Your account',
      detail: 'Your name, e-mail address, username, time zone and role, and your profile picture.',
      stored: [
        { table: 'users', columns: ['display_name', 'email', 'username', 'photo_url', 'role', 'time_zone'] },
        { table: 'avatars', columns: ['storage_key', 'mime'] },
      ],
      files: 'DATA_DIR/media (profile pictures kept as files)',
    },
    {
      title: 'Signing in',
      detail:
        'Your password as an argon2id hash (not the password), your sessions with their address and browser, ' +
        'sign-in links waiting to be used, failed sign-ins by e-mail address, and your security log (a device ' +
        'family and the first part of an address). For a passkey, only its public key, its id, its name and ' +
        'what kind of device holds it: the private key never leaves your device. For the app lock, a hash of a ' +
        'proof made from your PIN and a secret only your device holds: the server cannot turn it back into ' +
        'your PIN.',
      stored: [
        {
          table: 'accounts',
          columns: [
            'password',
            'account_id',
            'provider_id',
            'access_token',
            'refresh_token',
            'id_token',
            'scope',
          ],
        },
        { table: 'sessions', columns: ['token', 'ip_address', 'user_agent', 'session_role'] },
        { table: 'verifications', columns: ['identifier', 'value'] },
        { table: 'used_links', columns: ['token_hash'] },
        { table: 'login_attempts', columns: ['email'] },
        { table: 'rate_limits', columns: ['key'] },
        { table: 'security_events', columns: ['type', 'code', 'device', 'details'] },
        {
          table: 'passkeys',
          columns: ['name', 'public_key', 'credential_id', 'device_type', 'transports', 'aaguid'],
        },
        { table: 'session_locks', columns: ['verifier'] },
      ],
    },
    {
      title: 'Encryption keys',
      detail:
        'For end-to-end encryption: your public key, and your private key only sealed in your ' +
        'browser, once by a key made from your password and once by your recovery key; the server holds ' +
        'neither and cannot open it. Each pair key only sealed for one of the two partners, so that only ' +
        'their browsers can open it.',
      stored: [
        { table: 'user_keys', columns: ['public_key', 'password_wrap', 'recovery_wrap'] },
        { table: 'pair_key_wraps', columns: ['wrapper_public_key', 'recipient_public_key', 'iv', 'ct'] },
      ],
    },
    {
      title: 'The journal',
      detail:
        'Every message’s tone and when it was sent. Its text and a voice note’s title: sealed in the sender’s ' +
        'browser once both partners have set up encryption, so that the operator holds only what it cannot ' +
        'open (before that, and for pairs that have not, readable; what each partner wrote before is sealed by ' +
        'their browser the next time they open the journal). A new message’s notification carries the ' +
        'same sealed text, for the receiver’s browser to show its first 50 characters; the push says only ' +
        'that a message came. The recording of a voice note is not encrypted yet.',
      stored: [{ table: 'journal_messages', columns: ['content', 'tone', 'voice_note_description'] }],
    },
    {
      title: 'Proof photos and voice notes',
      detail:
        'The photos (re-encoded, without their location or camera data) and recordings sent as proof or ' +
        'attached to a task, punishment or message, until they expire or their sender deletes them; then the ' +
        'file is deleted and only the mark that a proof existed stays. How long you keep what you send, by default.',
      stored: [
        { table: 'media', columns: ['kind', 'mime', 'storage_key', 'attached_to'] },
        { table: 'media_blobs', columns: ['key', 'data'] },
        { table: 'proof_preferences', columns: ['keep'] },
        { table: 'tasks', columns: ['photo_proof_gone', 'voice_proof_gone'] },
        { table: 'task_completions', columns: ['photo_proof_gone', 'voice_proof_gone'] },
        { table: 'punishments', columns: ['voice_note_gone'] },
        { table: 'journal_messages', columns: ['voice_note_gone'] },
      ],
      files: 'DATA_DIR/media (when media is kept as files instead of in media_blobs)',
    },
    {
      title: 'Tasks and their completions',
      detail:
        'Titles, descriptions, voice-note descriptions, repeats, feedback and the limit tags’ state. A task ' +
        'its dominant deletes is gone for both of you at once, and kept, with its history and files, for one ' +
        'minute so that the deletion can be undone; then it is erased.',
      stored: [
        { table: 'task_deletions', columns: ['task', 'history'] },
        {
          table: 'tasks',
          columns: [
            'title',
            'description',
            'voice_note_description',
            'repeat_config',
            'time_zone',
            'task_type',
            'limit_state',
            'feedback',
          ],
        },
        {
          table: 'task_completions',
          columns: [
            'title',
            'description',
            'task_type',
            'voice_note_description',
            'repeat_config',
            'feedback',
          ],
        },
      ],
    },
    {
      title: 'Punishments',
      detail: 'Titles, descriptions, reasons, notes, severities, voice-note descriptions and feedback.',
      stored: [
        {
          table: 'punishments',
          columns: [
            'title',
            'description',
            'severity',
            'reason',
            'notes',
            'voice_note_description',
            'feedback',
            'limit_state',
          ],
        },
      ],
    },
    {
      title: 'The contract',
      detail: 'Every version’s text and caps, signatures, edit requests and the hash-chained history.',
      stored: [
        {
          table: 'contracts',
          columns: [
            'edit_request_status',
            'edit_requested_by',
            'chain_head_hash',
            'chain_reason',
            'caps_in_force',
          ],
        },
        { table: 'contract_versions', columns: ['content', 'caps', 'sha256'] },
        {
          table: 'contract_events',
          columns: ['kind', 'actor_role', 'version_sha256', 'caps', 'prev_hash', 'hash'],
        },
      ],
    },
    {
      title: 'Limits',
      detail: 'Each partner’s Yes, Maybe or No on every item, and the items you added.',
      stored: [
        { table: 'limit_answers', columns: ['item_id', 'answer'] },
        { table: 'limit_custom_items', columns: ['title'] },
      ],
    },
    {
      title: 'Check-ins, Red and aftercare',
      detail: 'Moods and notes of check-ins, their cadence, aftercare occasions, notes and wishes.',
      stored: [
        { table: 'pair_checkins', columns: ['kind', 'mood', 'note'] },
        { table: 'pair_checkin_cadences', columns: ['frequency', 'local_time', 'time_zone'] },
        { table: 'aftercare', columns: ['occasion'] },
        { table: 'aftercare_answers', columns: ['note'] },
        { table: 'aftercare_wishes', columns: ['wishes'] },
      ],
    },
    {
      title: 'Rules, infractions, rituals and permission requests',
      detail:
        'Every rule’s versions, infractions with their notes and contests, rituals and their marks, requests.',
      stored: [
        { table: 'rule_versions', columns: ['title', 'text', 'category', 'consequence'] },
        { table: 'infractions', columns: ['note', 'state', 'contest_note'] },
        { table: 'rituals', columns: ['name', 'time', 'time_zone'] },
        { table: 'ritual_marks', columns: ['mark', 'note'] },
        { table: 'permission_requests', columns: ['what', 'note', 'status', 'decision_note'] },
      ],
    },
    {
      title: 'Points and rewards',
      detail: 'The ledger’s reasons, the rewards and each redemption’s notes.',
      stored: [
        { table: 'points_entries', columns: ['reason', 'kind', 'idempotency_key'] },
        { table: 'rewards', columns: ['title', 'description'] },
        { table: 'reward_redemptions', columns: ['title', 'state', 'request_note', 'decision_note'] },
      ],
    },
    {
      title: 'Partners and the pair’s record',
      detail: 'Connection requests, the pair’s state, and the record of everything the pair did.',
      stored: [
        { table: 'partner_requests', columns: ['status', 'display_name', 'role'] },
        { table: 'pairs', columns: ['status'] },
        { table: 'pair_record', columns: ['kind', 'data', 'prev_hash', 'hash'] },
        { table: 'pair_record_heads', columns: ['hash'] },
      ],
    },
    {
      title: 'Notifications, pushes and mail',
      detail:
        'Your notifications’ text, your devices’ push addresses, your push settings and which kinds you ' +
        'quieted, and mail and pushes ' +
        'waiting to be sent (a mail’s text and links, a push’s words). A push leaves the server encrypted for ' +
        'your device: the push service (Google, Apple, Mozilla) cannot read it.',
      stored: [
        { table: 'notifications', columns: ['type', 'title', 'message', 'data'] },
        { table: 'push_tokens', columns: ['endpoint', 'p256dh', 'auth', 'platform', 'device_info'] },
        { table: 'push_preferences', columns: ['quiet_time_zone'] },
        { table: 'notification_preferences', columns: ['kind'] },
        { table: 'outbox', columns: ['kind', 'payload', 'last_error'] },
      ],
    },
  ],
};

const PARTNER: ReadSection = {
  id: 'partner',
  heading: 'Your partner',
  intro: 'What is shared in a pair is read by both of you. Some things stay yours alone.',
  items: [
    {
      title: 'Shared with your partner',
      detail:
        'Your name, role and picture (not your e-mail address); tasks, their proofs (photos, voice notes) and feedback; punishments; every journal ' +
        'message of your conversation; the contract and its history; rules, infractions and contests; rituals ' +
        'and their marks; points, rewards and requests; permission requests; check-in moods and notes; ' +
        'aftercare notes and wishes; when Red or Yellow is called; and the pair’s record.',
    },
    {
      title: 'Kept from your partner',
      detail:
        'Your limits answers: your partner sees only the Matches, once you have both finished, never your No ' +
        'or an answer that does not match. Also your password, sessions and security log, your devices and ' +
        'push settings, your notifications, your export, and drafts kept on your own device.',
    },
    {
      title: 'After the pair ends',
      detail:
        'A former partner keeps the pair’s record and what they downloaded in their own export. Nothing new is ' +
        'shared once the pair has ended.',
    },
  ],
};

import { PHONE } from './who-can-read-phone';

export const WHO_CAN_READ = {
  title: 'Who can read what',
  lead: 'Exactly who can read what you keep in Pact: the server’s operator, your partner, and someone holding your phone.',
  sections: [OPERATOR, PARTNER, PHONE] as const,
};
