import { z } from 'zod';

/**
 * Replies both sides read (issue 9): the server builds them with these types and the web reads them,
 * so they cannot drift apart (the session user's expiry once was a Date on one side, a string on the other).
 */

/** The signed-in user and company as /user/infoWithTenant and sign-in answer them (times as ISO strings). */
export const sessionUserSchema = z.object({
  id: z.number(),
  loginName: z.string(),
  username: z.string(),
  tenantId: z.number(),
  tenantName: z.string(),
  /** '0' trial, '1' paid */
  type: z.string(),
  expireTime: z.string(),
  isManager: z.boolean(),
  /** a supplier portal user (issue 22): its supplier; the web opens the portal instead of the shell */
  supplierId: z.number().nullable().optional(),
  /** set by /sys/selectDepart on the client's copy */
  orgCode: z.string().optional(),
  departName: z.string().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const buttonGrantSchema = z.object({ url: z.string(), btnStr: z.string() });
export type ButtonGrant = z.infer<typeof buttonGrantSchema>;

/** /user/login and /user/domain/login (SPEC §7.1): msgTip always; the session's parts when signed in. */
export const loginReplySchema = z.object({
  msgTip: z.string(),
  token: z.string().optional(),
  user: sessionUserSchema.optional(),
  userBtn: z.array(buttonGrantSchema).optional(),
  roleType: z.string().optional(),
  roles: z.array(z.string()).optional(),
  permissions: z.array(z.string()).optional(),
});
export type LoginReply = z.infer<typeof loginReplySchema>;
