import { format } from 'date-fns';

/** The app's one way of showing a moment: "Nov 26, 6:07 PM", in the browser's time zone. */
export const formatMoment = (at: number | Date) => format(at, 'MMM d, h:mm a');
