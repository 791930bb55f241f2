export const SERVER_NODE_FLAGS: string[];
export function buildServer(): Promise<void>;
