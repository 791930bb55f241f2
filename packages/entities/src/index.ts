// Entity definitions shared by server and web (ARCHITECTURE §4).
export * from './kit/index.ts';
export { ENTITIES } from './registry.ts';
export * from './inventory/document-types.ts';
export { CUSTOMIZABLE } from './system/custom-field.ts';
