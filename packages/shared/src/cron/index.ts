/** The Quartz cron engine: parse and validate, describe in Chinese, fire times in an IANA zone. */
export * from './parse.ts';
export * from './schedule.ts';
export * from './describe.ts';
export * from './zone.ts';
