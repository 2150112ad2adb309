// Without zod: the journal's page and its composer show these, and zod stays with the server's checks
// (decision 059).

/** Spec 2 §9 "Message tones". */
export const MESSAGE_TONES = ['green', 'yellow', 'red'] as const;
export type MessageTone = (typeof MESSAGE_TONES)[number];

/** Decision 021: a message holds at most 2,000 characters, a voice message's title at most 100. */
export const MESSAGE_CONTENT_MAX = 2_000;
export const MESSAGE_TITLE_MAX = 100;
/** How many messages a page of a conversation holds (the newest first, older ones on scrolling up). */
export const MESSAGE_PAGE = 50;

export const JOURNAL_MESSAGES = {
  contentRequired: 'Please enter a message',
  voiceRequired: 'Please record a voice message',
  partnerRequired: 'Please choose a partner',
  noPartner: 'No partner connection found',
  sent: 'Message sent',
  sendFailed: 'Failed to send message',
  fetchFailed: 'Failed to fetch messages',
  audioFailed: 'Audio upload failed',
  audioFailedDetail: 'Sending without voice note',
} as const;
