// Without zod: the settings page shows these, and zod stays with the server's checks (decision 059).

/** Spec 2 §5: what the user types to delete the account, exactly. */
export const DELETE_CONFIRMATION = 'DELETE';
export const DELETE_CONFIRM_MESSAGE = 'Please type "DELETE" to confirm account deletion';
