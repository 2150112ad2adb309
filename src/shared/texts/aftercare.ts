// Without zod: the signed-in layout shows aftercare on every page, and zod stays with the forms (decision 059).

/** An aftercare note: at most this many characters (decision 054). */
export const AFTERCARE_NOTE_MAX = 1000;

/** The texts of aftercare (decisions 049, 054). */
export const AFTERCARE_TEXT = {
  question: 'How are you? What do you need?',
  notFound: 'Aftercare not found',
  noteTooLong: `Your note must be at most ${AFTERCARE_NOTE_MAX} characters`,
  noteText: 'Your note must be text',
} as const;
