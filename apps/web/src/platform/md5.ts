import { md5 as jsMd5 } from 'js-md5';

/** Passwords travel as MD5 hex (docs/api.md), except a newly chosen one. */
export function md5(text: string): string {
  return jsMd5(text);
}
