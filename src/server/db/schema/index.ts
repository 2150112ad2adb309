export * from './auth';
export * from './partners';
export * from './tasks';
