// Entity definitions shared by server and web (ARCHITECTURE §4); the kit arrives with the entity-kit issue.
export const ENTITIES_VERSION = 1;
