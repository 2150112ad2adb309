/** A time of day as Pact writes it, "HH:MM" on a 24-hour clock ("07:30", "22:00"): the forms and the API. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
