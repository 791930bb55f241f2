import { describe, expect, it } from 'vitest';
import { pageViewToTrack } from '../page-view-rule.ts';

describe('page-view tracking (SPEC §7.6)', () => {
  it('records each new page of the shell once', () => {
    expect(pageViewToTrack(undefined, '/dashboard/analysis')).toBe('/dashboard/analysis');
    expect(pageViewToTrack('/dashboard/analysis', '/system/user')).toBe('/system/user');
    expect(pageViewToTrack('/system/user', '/system/user?x=1')).toBeNull();
    expect(pageViewToTrack('/system/user?x=1', '/system/role#top')).toBe('/system/role');
  });
  it('leaves the sign-in pages alone', () => {
    expect(pageViewToTrack(undefined, '/user/login')).toBeNull();
    expect(pageViewToTrack('/dashboard/analysis', '/user/register')).toBeNull();
  });
});
