export * from './fields.ts';
export * from './define-entity.ts';
export * from './schemas.ts';
