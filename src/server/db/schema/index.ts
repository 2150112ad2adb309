export * from './auth';
export * from './partners';
