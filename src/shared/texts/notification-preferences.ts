/** What Settings › Notifications says (decision 085), without zod: the page's code imports these. */
export const NOTIFICATION_PREFERENCES_TEXT = {
  title: 'Notifications',
  intro:
    'Choose how each kind reaches you on every device. Quieted notifications still arrive in the notification centre, already read.',
  inApp: 'In the app',
  push: 'Push',
  safety: 'Consent and safety',
  safetyAlways:
    'Always on: Red, Yellow, check-ins and aftercare reach you in the app and by push, whatever else is quieted.',
  saved: 'Notification settings saved',
  failed: 'Could not save your notification settings',
  channelInvalid: 'Each channel must be true or false',
  channelsInvalid: 'Each kind needs inApp and push, true or false',
  kindUnknown: 'Only these kinds can be quieted: tasks, punishments, journal, structure, contract, partners',
  nothingToChange: 'Name at least one kind to change',
} as const;
