export * from './auth';
export * from './media';
export * from './notifications';
export * from './pairs';
export * from './partners';
export * from './punishments';
export * from './tasks';
