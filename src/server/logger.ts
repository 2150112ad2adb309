import pino from 'pino';

export type Logger = pino.Logger;

export const createLogger = (level: pino.LevelWithSilent) =>
  pino({
    level,
    base: { service: 'pact' },
    redact: { paths: ['password', '*.password', 'token', '*.token', 'req.headers.cookie'], remove: true },
  });
