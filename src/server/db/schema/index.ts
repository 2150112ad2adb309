export * from './auth';
export * from './media';
export * from './notes';
export * from './notifications';
export * from './pairs';
export * from './partners';
export * from './punishments';
export * from './tasks';
