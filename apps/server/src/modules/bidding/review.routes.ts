import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { attachedNames, removeAttached } from '../common/index.ts';
import { saveReviews, type ReviewKind } from './review.service.ts';
import { id, text } from './schemas.ts';

const tags = ['bidding'];
const MENU: Record<ReviewKind, string> = { document: '/bidding/document_review', qualification: '/bidding/qualification' };

const line = z.strictObject({
  item: z.string().trim().min(1, '评审项不能为空').max(200),
  reviewerId: id.nullable().optional(),
  result: z.enum(['pending', 'pass', 'fail']),
  evidence: attachedNames('证明文件').nullable().optional(),
  remark: text(500),
});

export const reviewRoutes = (['document', 'qualification'] as const).map((kind) =>
  defineRoute({
    method: 'POST',
    url: `/bidding/review/${kind}`,
    summary:
      kind === 'document'
        ? 'Document review: the checklist of a project, each line with its reviewer and result (all must pass before the opening)'
        : 'Qualification self-assessment: each requirement of the tender with its result and evidence files (none may fail before registration)',
    tags,
    access: { menu: MENU[kind], btn: '1' },
    body: z.strictObject({ projectId: id, lines: z.array(line).max(200) }),
    handler: ({ tx, session, req, body, afterCommit }) => {
      const store = req.server.fileStore;
      const dropFiles = (names: string[]) => afterCommit(() => removeAttached(store, req.log, session.tenantId, names));
      return saveReviews({ tx, session, ip: req.ip, store, dropFiles }, body.projectId, kind, body.lines);
    },
  }),
);
