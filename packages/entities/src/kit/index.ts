export * from './definition.ts';
export * from './schemas.ts';
export * from './document-status.ts';
