// Without zod: the settings page shows these, and zod stays with the server's checks (decision 059).

/** Profile pictures are under 5 MB (spec 2 §5, §9): the largest accepted is one byte less. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024 - 1;

/** The spec's texts (§5, §8) and Pact's own success texts, which the spec does not show (decision 028). */
export const AVATAR_TEXT = {
  hint: 'JPG, PNG, WEBP or GIF. Max 5MB.',
  notAnImage: 'Please select an image file',
  tooLarge: 'File size must be less than 5MB',
  uploadFailed: 'Failed to upload profile picture',
  removeFailed: 'Failed to remove profile picture',
  uploaded: 'Profile picture updated',
  removed: 'Profile picture removed',
} as const;
