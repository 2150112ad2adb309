/** What the About section, the footer and the legal pages say about Pact itself (spec 2 §9). */
export const APP_VERSION = '1.0.0';

/**
 * The address for questions, data requests and complaints (decision 027). An operator of another Pact
 * changes it here before building.
 */
export const SUPPORT_EMAIL = 'support@pact.local';
